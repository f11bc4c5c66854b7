import { timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { listSettings } from '#data/settings';
import { AppError } from '#domain/app-error';
import { platformCompanyId } from '#domain/company-rules';
import { openStoredSecret } from '#modules/secrets/stored-secret';

/**
 * Asaas webhooks (docs.asaas.com, "Webhooks"): Asaas POSTs `{ id, event, payment }` and sends
 * the authentication token configured on the webhook in the `asaas-access-token` header. The
 * platform keeps that token as the secret setting `asaasWebhookToken` of the platform company.
 */
export const asaasWebhookSchema = z
  .object({
    id: z.string().max(100).optional(),
    event: z.string().max(60),
    payment: z
      .object({
        id: z.string().max(60),
        externalReference: z.string().max(60).nullish(),
        status: z.string().max(40).optional(),
        /** What the payer paid, in reais (docs.asaas.com, the payment object). */
        value: z.number().nonnegative().max(1e9).optional(),
      })
      .loose()
      .optional(),
  })
  .loose();

/** The notifications that mean the PIX charge was paid. */
export const paidEvents = new Set(['PAYMENT_RECEIVED', 'PAYMENT_CONFIRMED']);

/** 401 unless the header carries the configured token (compared in constant time); none configured: 401 too. */
export async function assertAsaasWebhookToken(presented: string | undefined): Promise<void> {
  const settings = await listSettings(platformCompanyId);
  const stored = settings.find((setting) => setting.key === 'asaasWebhookToken')?.value;
  const expected = stored ? await openStoredSecret(platformCompanyId, stored) : '';
  const a = Buffer.from(presented ?? '');
  const b = Buffer.from(expected);
  if (!expected || a.length !== b.length || !timingSafeEqual(a, b))
    throw new AppError('ERR_SESSION_EXPIRED', undefined, 401);
}
