/**
 * A local stand-in that speaks Asaas API v3 as docs.asaas.com describes it: `access_token`
 * header, POST /v3/customers → { id: 'cus_…' }, POST /v3/payments (billingType PIX) →
 * { id: 'pay_…', status: 'PENDING' }, GET /v3/payments/{id}/pixQrCode → { encodedImage, payload,
 * expirationDate }, errors as 400/401 with { errors: [{ code, description }] }. Nothing reaches
 * the internet. `expirationDate` is Asaas's "yyyy-MM-dd HH:mm:ss" (Brasília time); a test may
 * move it (`qrExpiresAt`) to make a charge's QR code stale.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export class AsaasFake {
  readonly received: { method: string; path: string; body: Record<string, unknown> }[] = [];
  readonly payments = new Map<string, Record<string, unknown>>();
  /** The `expirationDate` the next QR codes carry. */
  qrExpiresAt = '2099-12-31 23:59:59';
  private server: Server | undefined;
  private prefix = `pay_${Math.random().toString(36).slice(2, 8)}_`;

  constructor(readonly token: string) {}

  /** Starts listening; answers the base URL (…/v3), as ASAAS_BASE_URL takes it. */
  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void (async () => {
        const body = await bodyOf(request);
        const path = request.url ?? '';
        this.received.push({ method: request.method ?? '', path, body });
        const answer = (status: number, value: unknown) => {
          response.writeHead(status, { 'Content-Type': 'application/json' });
          response.end(JSON.stringify(value));
        };
        if (request.headers['access_token'] !== this.token)
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
          const id = `${this.prefix}${this.payments.size + 1}`;
          const payment = { object: 'payment', id, status: 'PENDING', ...body };
          this.payments.set(id, payment);
          return answer(200, payment);
        }
        const qr = /^\/v3\/payments\/([^/]+)\/pixQrCode$/.exec(path);
        if (request.method === 'GET' && qr) {
          if (!this.payments.has(qr[1]!))
            return answer(404, { errors: [{ code: 'not_found', description: 'Cobrança não encontrada' }] });
          return answer(200, {
            encodedImage: 'iVBORw0KGgo=',
            payload: `00020101021226820014br.gov.bcb.pix2560${qr[1]}5204000053039865802BR6304ABCD`,
            expirationDate: this.qrExpiresAt,
          });
        }
        return answer(404, { errors: [{ code: 'not_found', description: 'Not found' }] });
      })();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v3`;
  }

  /** The payments created (POST /v3/payments) so far. */
  paymentsCreated(): number {
    return this.received.filter((call) => call.method === 'POST' && call.path === '/v3/payments').length;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}
