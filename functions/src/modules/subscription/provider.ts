import { AppError } from '#domain/app-error';
import type { PaymentProvider } from '#ports/payment';
import { sandboxProvider } from './sandbox-provider.ts';

/**
 * The provider checkout uses: the sandbox where it is enabled (the local runtime). The Asaas
 * adapter (the platform's `asaas` token) is not wired yet, so elsewhere checkout answers that
 * no provider is configured rather than pretending to charge.
 */
export async function paymentProvider(): Promise<PaymentProvider> {
  if (process.env.SANDBOX_ENABLED === 'true') return sandboxProvider;
  throw new AppError('ERR_NOT_FOUND');
}
