import type { QueueIntegrationRecord } from '#data/queue-integrations';
import { maskSecret } from '#domain/queue-integration-rules';

/**
 * A queue integration as the API shows it (extended §3). The signing key is masked unless this
 * answer is the one of the write that made it (`newSecret`). Live events leave out the
 * dialogflow service-account JSON and the key altogether.
 */
export function publicQueueIntegration(
  integration: QueueIntegrationRecord,
  options: { newSecret?: string | undefined; forLive?: boolean } = {},
) {
  return {
    id: integration.id,
    type: integration.type,
    name: integration.name,
    projectName: integration.projectName ?? null,
    ...(options.forLive ? {} : { jsonContent: integration.jsonContent ?? null }),
    language: integration.language ?? null,
    urlN8N: integration.urlN8N ?? null,
    typebotDelayMessage: integration.typebotDelayMessage ?? 1000,
    typebotExpires: integration.typebotExpires ?? 1,
    typebotKeywordFinish: integration.typebotKeywordFinish ?? null,
    typebotKeywordRestart: integration.typebotKeywordRestart ?? null,
    typebotRestartMessage: integration.typebotRestartMessage ?? null,
    typebotSlug: integration.typebotSlug ?? null,
    typebotUnknownMessage: integration.typebotUnknownMessage ?? null,
    ...(options.forLive ? {} : { webhookSecret: options.newSecret ?? maskSecret(integration.webhookSecret) }),
    companyId: integration.companyId,
    createdAt: integration.createdAt,
    updatedAt: integration.updatedAt,
  };
}
