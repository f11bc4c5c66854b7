import type { IntegrationLanguage, IntegrationType } from '@atende/shared/entities/queue-integration';

/** A queue integration as GET /queueIntegration answers it (extended §3). */
export interface QueueIntegration {
  id: number;
  type: IntegrationType;
  name: string;
  projectName: string | null;
  jsonContent?: string | null;
  language: IntegrationLanguage | null;
  urlN8N: string | null;
  typebotDelayMessage: number;
  typebotExpires: number;
  typebotKeywordFinish: string | null;
  typebotKeywordRestart: string | null;
  typebotRestartMessage: string | null;
  typebotSlug: string | null;
  typebotUnknownMessage: string | null;
  /** n8n and webhook: in full only in the answer of the write that made it, masked after. */
  webhookSecret?: string | null;
}

export interface QueueIntegrationsPage {
  queueIntegrations: QueueIntegration[];
  count?: number;
  hasMore: boolean;
}

/** What POST and PUT /queueIntegration take. */
export interface QueueIntegrationPayload {
  type: IntegrationType;
  name: string;
  projectName?: string;
  jsonContent?: string;
  language?: IntegrationLanguage;
  urlN8N?: string;
  typebotDelayMessage?: number;
  typebotExpires?: number;
  typebotKeywordFinish?: string;
  typebotKeywordRestart?: string;
  typebotRestartMessage?: string;
  typebotSlug?: string;
  typebotUnknownMessage?: string;
  rotateSecret?: boolean;
}
