import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AsaasError, asaasProvider } from '../src/modules/subscription/asaas-provider.ts';
import { asaasTokenOf } from '../src/modules/subscription/provider.ts';

/**
 * A local stand-in that speaks Asaas API v3 as docs.asaas.com describes it: `access_token`
 * header, POST /v3/customers → { id: 'cus_…' }, POST /v3/payments (billingType PIX) →
 * { id: 'pay_…', status: 'PENDING' }, GET /v3/payments/{id}/pixQrCode → { encodedImage, payload,
 * expirationDate }, errors as 400/401 with { errors: [{ code, description }] }. Nothing reaches
 * the internet.
 */
const token = '$aact_test_token';
let server: Server;
let baseUrl: string;
const received: { method: string; path: string; body: Record<string, unknown> }[] = [];
const payments = new Map<string, Record<string, unknown>>();

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      const path = request.url ?? '';
      received.push({ method: request.method ?? '', path, body });
      const answer = (status: number, value: unknown) => {
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (request.headers['access_token'] !== token)
        return answer(401, {
          errors: [{ code: 'invalid_access_token', description: 'A chave de API fornecida é inválida' }],
        });
      if (request.method === 'POST' && path === '/v3/customers') {
        if (!body.name)
          return answer(400, { errors: [{ code: 'invalid_name', description: 'O nome é obrigatório' }] });
        return answer(200, {
          object: 'customer',
          id: 'cus_000005219613',
          name: body.name,
          email: body.email ?? null,
        });
      }
      if (request.method === 'POST' && path === '/v3/payments') {
        if (body.billingType !== 'PIX' || typeof body.value !== 'number' || !body.customer)
          return answer(400, { errors: [{ code: 'invalid_object', description: 'Cobrança inválida' }] });
        const id = `pay_${payments.size + 1}`;
        const payment = { object: 'payment', id, status: 'PENDING', ...body };
        payments.set(id, payment);
        return answer(200, payment);
      }
      const qr = /^\/v3\/payments\/([^/]+)\/pixQrCode$/.exec(path);
      if (request.method === 'GET' && qr) {
        if (!payments.has(qr[1]!))
          return answer(404, { errors: [{ code: 'not_found', description: 'Cobrança não encontrada' }] });
        return answer(200, {
          encodedImage: 'iVBORw0KGgo=',
          payload: `00020101021226820014br.gov.bcb.pix2560${qr[1]}5204000053039865802BR6304ABCD`,
          expirationDate: '2027-12-31 23:59:59',
        });
      }
      return answer(404, { errors: [{ code: 'not_found', description: 'Not found' }] });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
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
    expect(charge.chargeId).toMatch(/^pay_\d+$/);
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
