import type {
  ClearableIntegrationField,
  QueueIntegrationFields,
  QueueIntegrationRecord,
} from '#data/queue-integrations';
import { maskServiceAccount, type IntegrationWrite } from '#domain/queue-integration-rules';
import { maskLastFour } from '#domain/secret-mask';
import { isSealedSecret } from '#domain/sealed-secret';
import { secretBox } from '#homes/adapters';

/**
 * Seals the secrets a write sets (the dialogflow service-account JSON, the n8n/webhook signing
 * key) with the company's secret box and keeps their masked forms beside them: answers show the
 * masks, never the stored values. A valid JSON key file is stored compact (KMS seals at most 4 KB
 * in one call; a Google key file is about 2.3 KB).
 */
export async function sealIntegrationWrite(
  companyId: number,
  write: IntegrationWrite,
): Promise<{ set: Partial<QueueIntegrationFields>; clear: ClearableIntegrationField[] }> {
  const set = { ...write.set } as Partial<QueueIntegrationFields>;
  const clear: ClearableIntegrationField[] = [...write.clear];
  const box = await secretBox();
  if (write.set.jsonContent !== undefined) {
    set.jsonContent = await box.seal(companyId, compactJson(write.set.jsonContent));
    set.jsonContentMask = maskServiceAccount(write.set.jsonContent);
  }
  if (write.set.webhookSecret !== undefined) {
    set.webhookSecret = await box.seal(companyId, write.set.webhookSecret);
    set.webhookSecretMask = maskLastFour(write.set.webhookSecret) ?? '••••';
  }
  if (clear.includes('jsonContent')) clear.push('jsonContentMask');
  if (clear.includes('webhookSecret')) clear.push('webhookSecretMask');
  return { set, clear };
}

/**
 * A stored secret in the clear, for the provider that uses it. A value written before secrets
 * were sealed (no box prefix) is taken as it is rather than failing the integration.
 */
export async function openIntegrationSecret(
  companyId: number,
  stored: string | undefined | null,
): Promise<string | undefined> {
  if (!stored) return undefined;
  if (!isSealedSecret(stored)) return stored;
  return (await secretBox()).open(companyId, stored);
}

/** The masked forms answers carry, computed from a legacy plain value when no mask was stored. */
export function integrationMasks(integration: QueueIntegrationRecord) {
  const legacy = (value: string | undefined) =>
    value && !isSealedSecret(value) ? value : undefined;
  return {
    jsonContent: integration.jsonContent
      ? (integration.jsonContentMask ?? maskServiceAccount(legacy(integration.jsonContent) ?? ''))
      : null,
    webhookSecret: integration.webhookSecret
      ? (integration.webhookSecretMask ?? maskLastFour(legacy(integration.webhookSecret)) ?? '••••')
      : null,
  };
}

function compactJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}
