import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chargePaysInvoice, reusableCharge } from '../src/domain/payment-rules.ts';
import { AsaasError, asaasInstant, asaasProvider } from '../src/modules/subscription/asaas-provider.ts';
import { asaasTokenOf, choosePaymentProvider } from '../src/modules/subscription/provider.ts';
import { AsaasFake } from './fakes/asaas-fake.ts';

const token = '$aact_test_token';
const fake = new AsaasFake(token);
const received = fake.received;
let baseUrl: string;

beforeAll(async () => {
  baseUrl = await fake.start();
});
afterAll(() => fake.stop());
beforeEach(() => {
  received.length = 0;
});

const request = {
  companyId: 12,
  invoiceId: 20261205,
  value: 49.9,
  dueDate: '2026-12-05',
  description: 'Plano 1 - 12/2026',
  customer: { name: 'Ana Paga', email: 'ana@example.com' },
};

describe('Asaas adapter', () => {
  it('creates the customer, a PIX payment referencing the invoice, and answers its copy-and-paste code', async () => {
    const charge = await asaasProvider({ token, baseUrl }).createPixCharge(request);
    expect(charge.chargeId).toMatch(/^pay_\w+$/);
    expect(charge.payload).toContain(charge.chargeId);
    expect(received.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /v3/customers',
      'POST /v3/payments',
      `GET /v3/payments/${charge.chargeId}/pixQrCode`,
    ]);
    expect(received[1]!.body).toEqual({
      customer: 'cus_000005219613',
      billingType: 'PIX',
      value: 49.9,
      dueDate: '2026-12-05',
      description: 'Plano 1 - 12/2026',
      externalReference: '12-20261205',
    });
  });

  it('fails with the status and Asaas error codes, never the token', async () => {
    const failure = await asaasProvider({ token: 'wrong', baseUrl })
      .createPixCharge(request)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AsaasError);
    expect((failure as AsaasError).status).toBe(401);
    expect((failure as AsaasError).codes).toEqual(['invalid_access_token']);
    expect(String(failure)).not.toContain('wrong');
  });
});

describe('the asaas setting', () => {
  it('holds the API key as text or as { token }', () => {
    expect(asaasTokenOf('$aact_abc')).toBe('$aact_abc');
    expect(asaasTokenOf('{"token":"$aact_abc"}')).toBe('$aact_abc');
    expect(asaasTokenOf('{"token":""}')).toBeUndefined();
    expect(asaasTokenOf('')).toBeUndefined();
    expect(asaasTokenOf(undefined)).toBeUndefined();
  });
});

describe('Asaas instants', () => {
  it('reads "yyyy-MM-dd HH:mm:ss" as Brasília time', () => {
    expect(asaasInstant('2027-12-31 23:59:59')).toBe('2028-01-01T02:59:59.000Z');
    expect(asaasInstant('31/12/2027')).toBeUndefined();
    expect(asaasInstant(undefined)).toBeUndefined();
  });
});

describe('the payment provider checkout uses', () => {
  it('is the one the super user chose; with none chosen, Asaas when its token is set, else the sandbox', () => {
    const choose = (chosen: string | undefined, hasAsaasToken: boolean, sandboxEnabled = true) =>
      choosePaymentProvider({ chosen, hasAsaasToken, sandboxEnabled });
    // Switched back to the sandbox with the token still saved: the sandbox.
    expect(choose('sandbox', true)).toBe('sandbox');
    expect(choose('asaas', true)).toBe('asaas');
    expect(choose('asaas', false)).toBeUndefined();
    expect(choose('sandbox', false, false)).toBeUndefined();
    expect(choose(undefined, true)).toBe('asaas');
    expect(choose(undefined, false)).toBe('sandbox');
    expect(choose(undefined, false, false)).toBeUndefined();
  });
});

describe('charges of an invoice', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const charge = (id: string, value: number, expiresAt?: string) => ({
    id,
    provider: 'asaas',
    value,
    payload: `pix-${id}`,
    ...(expiresAt ? { expiresAt } : {}),
  });
  const invoice = {
    value: 49.9,
    chargeId: 'pay_2',
    charges: [charge('pay_1', 49.9, '2026-11-30T00:00:00Z'), charge('pay_2', 49.9, '2026-12-02T00:00:00Z')],
  };

  it('reuses the charge shown last while it is the provider’s, covers the invoice and is not about to expire', () => {
    expect(reusableCharge(invoice, 'asaas', now)?.id).toBe('pay_2');
    expect(reusableCharge(invoice, 'sandbox', now)).toBeUndefined();
    expect(reusableCharge(invoice, 'asaas', new Date('2026-12-01T23:55:00Z'))).toBeUndefined();
    expect(reusableCharge({ ...invoice, value: 59.9 }, 'asaas', now)).toBeUndefined();
    expect(reusableCharge({ value: 49.9 }, 'asaas', now)).toBeUndefined();
  });

  it('lets any charge issued for the invoice pay it when its value covers the invoice', () => {
    expect(chargePaysInvoice(invoice, 'pay_1')).toBe(true);
    expect(chargePaysInvoice(invoice, 'pay_2', 49.9)).toBe(true);
    expect(chargePaysInvoice(invoice, 'pay_1', 40)).toBe(false);
    expect(chargePaysInvoice(invoice, 'pay_3')).toBe(false);
    expect(chargePaysInvoice({ ...invoice, value: 59.9 }, 'pay_1')).toBe(false);
    // A charge recorded before the list existed: only its id, made for the invoice's value.
    expect(chargePaysInvoice({ value: 49.9, chargeId: 'pay_old' }, 'pay_old')).toBe(true);
  });
});
