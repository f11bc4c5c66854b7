import type { QueueIntegrationRecord } from '#data/queue-integrations';
import { integrationMasks } from './secrets.ts';

/**
 * A queue integration as the API shows it (extended §3). Both secrets are stored sealed and
 * shown masked: the service-account JSON as its project and account with the private key
 * masked, the signing key as `••••` and its last 4 unless this answer is the one of the write
 * that made it (`newSecret`). Live events leave both out altogether.
 */
export function publicQueueIntegration(
  integration: QueueIntegrationRecord,
  options: { newSecret?: string | undefined; forLive?: boolean } = {},
) {
  const masks = integrationMasks(integration);
  return {
    id: integration.id,
    type: integration.type,
    name: integration.name,
    projectName: integration.projectName ?? null,
    ...(options.forLive ? {} : { jsonContent: masks.jsonContent }),
    language: integration.language ?? null,
    urlN8N: integration.urlN8N ?? null,
    typebotDelayMessage: integration.typebotDelayMessage ?? 1000,
    typebotExpires: integration.typebotExpires ?? 1,
    typebotKeywordFinish: integration.typebotKeywordFinish ?? null,
    typebotKeywordRestart: integration.typebotKeywordRestart ?? null,
    typebotRestartMessage: integration.typebotRestartMessage ?? null,
    typebotSlug: integration.typebotSlug ?? null,
    typebotUnknownMessage: integration.typebotUnknownMessage ?? null,
    ...(options.forLive ? {} : { webhookSecret: options.newSecret ?? masks.webhookSecret }),
    companyId: integration.companyId,
    createdAt: integration.createdAt,
    updatedAt: integration.updatedAt,
  };
}
