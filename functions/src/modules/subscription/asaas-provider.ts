import type { PaymentProvider, PixCharge, PixChargeRequest } from '#ports/payment';
import { invoiceReference } from '#domain/payment-rules';

/** Asaas API v3 hosts (docs.asaas.com): production and sandbox. */
export const asaasBaseUrls = {
  production: 'https://api.asaas.com/v3',
  sandbox: 'https://api-sandbox.asaas.com/v3',
} as const;

/** Asaas writes instants as "yyyy-MM-dd HH:mm:ss" in Brasília time (UTC-3, no daylight saving since 2019). */
export function asaasInstant(text: string | undefined): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(text ?? '');
  if (!match) return undefined;
  const instant = new Date(`${match[1]}T${match[2]}-03:00`);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

export class AsaasError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    readonly codes: string[],
  ) {
    // Asaas answers `{ errors: [{ code, description }] }`; only the codes are kept (no customer data).
    super(`asaas ${path} answered ${status} ${codes.join(',')}`);
  }
}

/**
 * The Asaas adapter of the payment port (docs.asaas.com, API v3): the API key goes in the
 * `access_token` header; a PIX charge is a customer (POST /customers), a payment with
 * billingType PIX whose externalReference is the invoice reference (POST /payments), then its
 * copy-and-paste code (GET /payments/{id}/pixQrCode → payload). The token never leaves these
 * headers: errors carry the path, the status and Asaas's error codes only.
 */
export function asaasProvider(options: {
  token: string;
  baseUrl?: string;
  fetch?: typeof fetch;
}): PaymentProvider {
  const baseUrl = options.baseUrl ?? asaasBaseUrls.production;
  const send = options.fetch ?? fetch;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await send(`${baseUrl}${path}`, {
      method,
      headers: {
        access_token: options.token,
        'Content-Type': 'application/json',
        'User-Agent': 'atende',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const errors = (parsed as { errors?: { code?: string }[] } | undefined)?.errors ?? [];
      throw new AsaasError(
        response.status,
        path,
        errors.map((error) => String(error.code ?? 'unknown')),
      );
    }
    return parsed as T;
  }

  return {
    name: 'asaas',
    async createPixCharge(request: PixChargeRequest): Promise<PixCharge> {
      const customer = await call<{ id: string }>('POST', '/customers', {
        name: request.customer.name,
        ...(request.customer.email ? { email: request.customer.email } : {}),
        ...(request.customer.cpfCnpj ? { cpfCnpj: request.customer.cpfCnpj } : {}),
        externalReference: String(request.companyId),
      });
      const payment = await call<{ id: string }>('POST', '/payments', {
        customer: customer.id,
        billingType: 'PIX',
        value: request.value,
        dueDate: request.dueDate,
        description: request.description,
        externalReference: invoiceReference(request.companyId, request.invoiceId),
      });
      const qrCode = await call<{ payload: string; expirationDate?: string }>(
        'GET',
        `/payments/${encodeURIComponent(payment.id)}/pixQrCode`,
      );
      const expiresAt = asaasInstant(qrCode.expirationDate);
      return { chargeId: payment.id, payload: qrCode.payload, ...(expiresAt ? { expiresAt } : {}) };
    },
  };
}
