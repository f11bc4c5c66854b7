import { listSettings } from '#data/settings';
import { AppError } from '#domain/app-error';
import { platformCompanyId } from '#domain/company-rules';
import type { PaymentProvider } from '#ports/payment';
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
 * The provider checkout uses: Asaas when the platform company's secret `asaas` setting holds an
 * API key (ASAAS_BASE_URL may point at Asaas's sandbox host); otherwise the sandbox provider
 * where the sandbox is enabled (the local runtime); otherwise none (404), rather than pretend.
 */
export async function paymentProvider(): Promise<PaymentProvider> {
  const settings = await listSettings(platformCompanyId);
  const token = asaasTokenOf(settings.find((setting) => setting.key === 'asaas')?.value);
  if (token) return asaasProvider({ token, baseUrl: process.env.ASAAS_BASE_URL || asaasBaseUrls.production });
  if (process.env.SANDBOX_ENABLED === 'true') return sandboxProvider;
  throw new AppError('ERR_NOT_FOUND');
}
