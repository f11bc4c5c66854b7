import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime, superUser, type TestRuntime } from './support/runtime.ts';
import { connectSandbox, outboxOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

/**
 * The external message API (docs/decisions.md, "External message API"): POST /api/messages/send
 * behind a connection's token, its refusals, and what it sends through the sandbox.
 */
let env: TestRuntime;
let admin: ApiClient;
let whatsappId: number;
let token: string;

beforeAll(async () => {
  env = await startTestRuntime();
  admin = env.client();
  await signUpCompany(admin, 'API externa');
  whatsappId = await connectSandbox(admin);
  token = (await admin.get<{ token: string }>(`/whatsapp/${whatsappId}`)).body.token;
});
afterAll(async () => env?.stop());

type SendAnswer = { id: string; ticketId: number; messageIds: string[]; closed: boolean; error?: string };

const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function send(
  body: Record<string, unknown> | FormData,
  headers: Record<string, string> = { authorization: `Bearer ${token}` },
): Promise<{ status: number; body: SendAnswer }> {
  const isForm = body instanceof FormData;
  const answer = await fetch(`${env.runtime.url}/api/messages/send`, {
    method: 'POST',
    headers: isForm ? headers : { ...headers, 'content-type': 'application/json' },
    body: isForm ? body : JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as SendAnswer };
}

const waitForOutbox = (to: string, count: number) =>
  until(async () => {
    const items = await outboxOf(admin, whatsappId, to);
    return items.length >= count ? items : undefined;
  }, `${count} message(s) to ${to}`);

describe('POST /api/messages/send', () => {
  it('refuses a missing, wrong or rotated token with 401 and a plan without the flag with 403', async () => {
    expect(await send({ number: '5511988880001', body: 'hola' }, {})).toMatchObject({
      status: 401,
      body: { error: 'ERR_INVALID_API_TOKEN' },
    });
    expect(
      await send({ number: '5511988880001', body: 'hola' }, { authorization: 'Bearer not-a-token' }),
    ).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_API_TOKEN' } });
    // A user's session token is not a connection token.
    expect(
      await send({ number: '5511988880001', body: 'hola' }, { authorization: `Bearer ${admin.token!}` }),
    ).toMatchObject({ status: 401 });

    // Rotating the token in the connection modal takes effect at once.
    const other = await admin.post<{ id: number; token: string }>('/whatsapp', {
      name: 'Rotada',
      provider: 'sandbox',
    });
    expect(other.status).toBe(201);
    const oldToken = other.body.token;
    const rotated = await admin.put<{ token: string }>(`/whatsapp/${other.body.id}`, { token: '' });
    expect(rotated.status).toBe(200);
    expect(rotated.body.token).not.toBe(oldToken);
    expect(
      await send({ number: '5511988880001', body: 'hola' }, { authorization: `Bearer ${oldToken}` }),
    ).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_API_TOKEN' } });

    // A company whose plan turns the external API off.
    const root = env.client();
    await root.login(superUser.email, superUser.password);
    const stamp = Date.now();
    const plan = await root.post<{ id: number }>('/plans', {
      name: `Sin API ${stamp}`,
      users: 3,
      connections: 2,
      queues: 2,
      value: 10,
      useExternalApi: false,
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const email = `sin-api-${stamp}@example.com`;
    expect(
      (
        await root.post('/companies', {
          name: `Sin API ${stamp}`,
          email,
          password: 'secret1',
          planId: plan.body.id,
        })
      ).status,
    ).toBe(201);
    const without = env.client();
    expect((await without.login(email, 'secret1')).status).toBe(200);
    const connection = await without.post<{ token: string }>('/whatsapp', {
      name: 'Sin API',
      provider: 'sandbox',
      isDefault: true,
    });
    expect(connection.status).toBe(201);
    expect(
      await send(
        { number: '5511988880001', body: 'hola' },
        { authorization: `Bearer ${connection.body.token}` },
      ),
    ).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
  });

  it('accepts only digits for the number (country, area, number)', async () => {
    for (const number of ['+55 11 98888-0001', '11-9888', '55119888800011234', '']) {
      const answer = await send({ number, body: 'hola' });
      expect(answer.status, number).toBe(400);
      expect(answer.body).toMatchObject({ error: 'ERR_VALIDATION' });
      expect(JSON.stringify(answer.body)).toContain('number');
    }
    expect((await send({ number: '5511988880002' })).status).toBe(400);
  });

  it('sends a text, stores it as sent by the API on the contact ticket, and a retry with the same key sends once', async () => {
    const number = '5511988880003';
    const headers = { authorization: `Bearer ${token}`, 'idempotency-key': 'pedido-42' };
    const first = await send({ number, body: 'Su pedido 42 está listo' }, headers);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.ticketId).toBeGreaterThan(0);
    const again = await send({ number, body: 'Su pedido 42 está listo' }, headers);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, ticketId: first.body.ticketId });

    const [sent] = await waitForOutbox(number, 1);
    expect(sent).toMatchObject({ body: 'Su pedido 42 está listo' });
    const messages = await admin.get<{ messages: { id: string; fromApi: boolean; userId: number | null }[] }>(
      `/messages/${first.body.ticketId}`,
    );
    expect(messages.body.messages.map((m) => ({ id: m.id, fromApi: m.fromApi, userId: m.userId }))).toEqual([
      { id: first.body.id, fromApi: true, userId: null },
    ]);
    // Still one message after the retry had time to go out.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await outboxOf(admin, whatsappId, number)).toHaveLength(1);

    // A second text to the same number goes on the same ticket.
    const second = await send({ number, body: 'Otro aviso' });
    expect(second.body.ticketId).toBe(first.body.ticketId);
    await waitForOutbox(number, 2);
  });

  it('sends one message per file, the body as the first caption, and closes the ticket when asked', async () => {
    const number = '5511988880004';
    const form = new FormData();
    form.append('number', number);
    form.append('body', 'Su factura');
    form.append('closeTicket', 'true');
    form.append('medias', new Blob([onePixelPng], { type: 'image/png' }), 'factura.png');
    form.append('medias', new Blob(['linea 1\n'], { type: 'text/plain' }), 'detalle.txt');
    const answer = await send(form);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.messageIds).toHaveLength(2);
    expect(answer.body.closed).toBe(true);

    const items = await waitForOutbox(number, 2);
    expect(items.map((i) => ({ id: i.id, body: i.body, mediaType: i.mediaType }))).toEqual([
      { id: answer.body.messageIds[0], body: 'Su factura', mediaType: 'image' },
      { id: answer.body.messageIds[1], body: '', mediaType: 'application' },
    ]);
    const ticket = await admin.get<{ status: string }>(`/tickets/${answer.body.ticketId}`);
    expect(ticket.body.status).toBe('closed');
  });

  it('sends nothing of a request one of whose files is refused', async () => {
    const number = '5511988880005';
    const form = new FormData();
    form.append('number', number);
    form.append('body', 'Adjuntos');
    form.append('medias', new Blob([onePixelPng], { type: 'image/png' }), 'foto.png');
    form.append('medias', new Blob(['<html><script>alert(1)</script></html>'], { type: 'text/html' }), 'x.html');
    expect(await send(form)).toMatchObject({ status: 415, body: { error: 'ERR_UNSUPPORTED_MEDIA_TYPE' } });
    // The next send to the number is the first thing it gets: the picture never went.
    const next = await send({ number, body: 'Sin adjuntos' });
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    // A chat's sends keep their order (one FIFO group per chat): once it is there, an earlier one would be too.
    const sent = await until(async () => {
      const items = await outboxOf(admin, whatsappId, number);
      return items.some((item) => item.body === 'Sin adjuntos') ? items : undefined;
    }, 'the second send');
    expect(sent.map((item) => item.body)).toEqual(['Sin adjuntos']);
  });
});

describe('GET /api/messages/openapi.json', () => {
  it('serves the OpenAPI 3.1 document generated from the route schemas, without a token', async () => {
    const answer = await fetch(`${env.runtime.url}/api/messages/openapi.json`);
    expect(answer.status).toBe(200);
    const document = (await answer.json()) as {
      openapi: string;
      paths: Record<string, { post?: { responses: Record<string, unknown> } }>;
      components: {
        schemas: { SendJson: { properties: Record<string, { pattern?: string }>; required: string[] } };
      };
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths['/messages/send']!.post!.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '429']),
    );
    expect(document.components.schemas.SendJson.required).toEqual(['number']);
    expect(document.components.schemas.SendJson.properties.number!.pattern).toBe('^\\d{10,15}$');
  });
});
