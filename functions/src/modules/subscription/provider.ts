import { listSettings } from '#data/settings';
import { AppError } from '#domain/app-error';
import { platformCompanyId } from '#domain/company-rules';
import type { PaymentProviderName } from '@atende/shared/entities/setting';
import type { PaymentProvider } from '#ports/payment';
import { openStoredSecret } from '#modules/secrets/stored-secret';
import { asaasBaseUrls, asaasProvider } from './asaas-provider.ts';
import { sandboxProvider } from './sandbox-provider.ts';

/** The `asaas` setting holds the API key, as text or as `{ "token": … }`. */
export function asaasTokenOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(value) as unknown;
    if (parsed && typeof parsed === 'object' && typeof (parsed as { token?: unknown }).token === 'string')
      return (parsed as { token: string }).token || undefined;
  } catch {
    // Plain text: the key itself.
  }
  return value.trim() || undefined;
}

/**
 * Which provider checkout uses (docs/decisions.md, "Payment provider: chosen, not inferred"):
 * the one the super user chose in the platform's `paymentProvider` setting (Asaas needs its
 * token; the sandbox needs SANDBOX_ENABLED, the local runtime); with no choice made, Asaas when
 * its token is set, otherwise the sandbox where enabled. None: undefined (checkout answers 404).
 */
export function choosePaymentProvider(options: {
  chosen: string | undefined;
  hasAsaasToken: boolean;
  sandboxEnabled: boolean;
}): PaymentProviderName | undefined {
  const { chosen, hasAsaasToken, sandboxEnabled } = options;
  if (chosen === 'asaas') return hasAsaasToken ? 'asaas' : undefined;
  if (chosen === 'sandbox') return sandboxEnabled ? 'sandbox' : undefined;
  if (hasAsaasToken) return 'asaas';
  return sandboxEnabled ? 'sandbox' : undefined;
}

/** The provider checkout uses now (ASAAS_BASE_URL may point at Asaas's sandbox host, or a fake). */
export async function paymentProvider(): Promise<PaymentProvider> {
  const settings = await listSettings(platformCompanyId);
  const stored = settings.find((setting) => setting.key === 'asaas')?.value;
  const token = asaasTokenOf(stored ? await openStoredSecret(platformCompanyId, stored) : undefined);
  const name = choosePaymentProvider({
    chosen: settings.find((setting) => setting.key === 'paymentProvider')?.value,
    hasAsaasToken: token !== undefined,
    sandboxEnabled: process.env.SANDBOX_ENABLED === 'true',
  });
  if (name === 'asaas' && token)
    return asaasProvider({ token, baseUrl: process.env.ASAAS_BASE_URL || asaasBaseUrls.production });
  if (name === 'sandbox') return sandboxProvider;
  throw new AppError('ERR_NOT_FOUND');
}
