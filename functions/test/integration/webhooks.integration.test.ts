/**
 * Outbound webhooks (docs/decisions.md, "Outbound webhooks") against a local receiver: signed
 * deliveries of a sandbox customer's message, retries with backoff until failed, replay, the
 * outbound rule applied at delivery time, and one company never hearing or reading another's.
 */
import { webhookHeaders } from '@atende/shared/entities/webhook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as WebhookEntityModule from '../../src/data/webhook-entity.ts';
import { verifyWebhookSignature } from '../../src/domain/webhook-rules.ts';
import {
  startWebhookReceiver,
  type ReceivedWebhook,
  type WebhookReceiver,
} from '../fakes/webhook-receiver.ts';
import type { ApiClient } from './support/api-client.ts';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { connectSandbox, customerWrites } from './support/sandbox.ts';
import { until } from './support/until.ts';

let env: TestRuntime;
let receiver: WebhookReceiver;
let webhookEntity: typeof WebhookEntityModule.webhookEntity;

type Webhook = {
  id: number;
  name: string;
  url: string;
  events: string[];
  enabled: boolean;
  secretHint: string;
  secret?: string;
};
type Delivery = {
  id: string;
  event: string;
  eventId: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  latencyMs: number | null;
  error: string | null;
  replayOf: string | null;
};

beforeAll(async () => {
  // Retries after 1, 2, 4 and 8 s instead of 30 s and up; a name that resolves to a private address.
  process.env.WEBHOOK_RETRY_BASE_SECONDS = '1';
  process.env.OUTBOUND_HOSTS = 'hooks.rebound.example.com=10.20.30.40';
  receiver = await startWebhookReceiver();
  env = await startTestRuntime();
  // The data layer names its table when first imported: after the runtime is up.
  ({ webhookEntity } = await import('../../src/data/webhook-entity.ts'));
});
afterAll(async () => {
  await env?.stop();
  await receiver?.close();
  delete process.env.WEBHOOK_RETRY_BASE_SECONDS;
  delete process.env.OUTBOUND_HOSTS;
});

async function companyWithSandbox(label: string) {
  const admin = env.client();
  const company = await signUpCompany(admin, label);
  const whatsappId = await connectSandbox(admin);
  return { admin, companyId: company.companyId, whatsappId };
}

async function createWebhook(
  admin: ApiClient,
  path: string,
  events: string[],
  url = `${receiver.origin}${path}`,
) {
  const created = await admin.post<Webhook>('/webhooks', { name: `hook ${path}`, url, events });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as Webhook & { secret: string };
}

const deliveriesOf = async (admin: ApiClient, webhookId: number) =>
  (await admin.get<{ deliveries: Delivery[]; hasMore: boolean }>(`/webhooks/${webhookId}/deliveries`)).body
    .deliveries;

function expectSigned(request: ReceivedWebhook, secret: string) {
  const timestamp = Number(request.headers[webhookHeaders.timestamp]);
  expect(Math.abs(Date.now() / 1000 - timestamp)).toBeLessThan(120);
  expect(
    verifyWebhookSignature(
      secret,
      timestamp,
      request.body,
      String(request.headers[webhookHeaders.signature]),
    ),
  ).toBe(true);
  expect(
    verifyWebhookSignature(
      secret,
      timestamp + 1,
      request.body,
      String(request.headers[webhookHeaders.signature]),
    ),
  ).toBe(false);
  expect(request.headers[webhookHeaders.eventId]).toBe(request.json.id);
  expect(request.headers[webhookHeaders.event]).toBe(request.json.event);
  expect(request.headers['content-type']).toBe('application/json');
}

describe('outbound webhooks', () => {
  it('stores the signing secret sealed; a secret stored in clear before sealing still signs and is sealed on the next save', async () => {
    const { admin, companyId, whatsappId } = await companyWithSandbox('Sellado');
    const hook = await createWebhook(admin, '/sealed', ['message.created']);
    const stored = async () =>
      (await webhookEntity.get({ companyId, id: hook.id }).go({ consistent: true })).data!;
    const sealed = await stored();
    expect(sealed.secret).toMatch(/^local:v/);
    expect(sealed.secret).not.toContain(hook.secret.slice(6));
    expect(sealed.secretHint).toBe(hook.secretHint);
    expect((await admin.get<Webhook>(`/webhooks/${hook.id}`)).body.secretHint).toBe(hook.secretHint);

    // A webhook saved before secrets were sealed: its secret in clear, no stored hint.
    const legacySecret = `whsec_legacy${Date.now()}abcd`;
    await webhookEntity
      .patch({ companyId, id: hook.id })
      .set({ secret: legacySecret })
      .remove(['secretHint'])
      .go();
    expect((await admin.get<Webhook>(`/webhooks/${hook.id}`)).body.secretHint).toBe('whsec_…abcd');
    await customerWrites(admin, whatsappId, {
      from: '5511977770101',
      id: 'WH-SEAL-1',
      name: 'Cliente',
      body: 'hola',
    });
    const first = await until(
      async () => receiver.on('/sealed').find((request) => request.json.companyId === companyId),
      'the delivery signed with the clear secret',
      30_000,
    );
    expectSigned(first, legacySecret);

    // The next save seals it; deliveries still sign with the same secret; answers show the same hint.
    expect((await admin.put(`/webhooks/${hook.id}`, { name: 'renombrado' })).status).toBe(200);
    const resealed = await stored();
    expect(resealed.secret).toMatch(/^local:v/);
    expect(resealed.secretHint).toBe('whsec_…abcd');
    const delivery = (await deliveriesOf(admin, hook.id))[0]!;
    const replay = await admin.post<Delivery>(`/webhooks/${hook.id}/deliveries/${delivery.id}/replay`);
    expect(replay.status).toBe(201);
    const second = await until(
      async () =>
        receiver
          .on('/sealed')
          .find((request) => request.headers[webhookHeaders.deliveryId] === replay.body.id),
      'the delivery signed after resealing',
    );
    expectSigned(second, legacySecret);
    expect(JSON.stringify((await admin.get('/webhooks')).body)).not.toContain(legacySecret);
  });

  it('delivers a sandbox message as a signed message.created, logs it, and replays it', async () => {
    const { admin, companyId, whatsappId } = await companyWithSandbox('Ganchos');
    const hook = await createWebhook(admin, '/ok', ['message.created', 'ticket.created']);
    expect(hook.secret).toMatch(/^whsec_/);
    expect(hook.secretHint).toBe(`whsec_…${hook.secret.slice(-4)}`);
    // After creation the secret is only ever a hint.
    const read = await admin.get<Webhook>(`/webhooks/${hook.id}`);
    expect(read.body).not.toHaveProperty('secret');
    expect(JSON.stringify((await admin.get('/webhooks')).body)).not.toContain(hook.secret);

    await customerWrites(admin, whatsappId, {
      from: '5511977770001',
      id: 'WH-IN-1',
      name: 'Cliente',
      body: 'hola gancho',
    });
    const message = await until(
      async () =>
        receiver
          .on('/ok')
          .find(
            (request) => request.json.event === 'message.created' && request.json.companyId === companyId,
          ),
      'the message.created delivery',
      30_000,
    );
    expectSigned(message, hook.secret);
    expect(message.json.data.message).toMatchObject({ id: 'WH-IN-1', body: 'hola gancho', fromMe: false });
    const ticketCreated = await until(
      async () =>
        receiver
          .on('/ok')
          .find((request) => request.json.event === 'ticket.created' && request.json.companyId === companyId),
      'the ticket.created delivery',
    );
    expect(ticketCreated.json.data.ticket).toMatchObject({ status: 'pending' });
    // Only the events it asked for.
    expect(
      receiver
        .on('/ok')
        .filter((request) => request.json.companyId === companyId)
        .map((request) => request.json.event),
    ).not.toContain('ticket.updated');

    const logged = await until(async () => {
      const list = await deliveriesOf(admin, hook.id);
      const found = list.find((delivery) => delivery.eventId === message.json.id);
      return found?.status === 'succeeded' ? found : undefined;
    }, 'the delivery logged as succeeded');
    expect(logged).toMatchObject({
      event: 'message.created',
      attempts: 1,
      responseStatus: 200,
      error: null,
      replayOf: null,
    });
    expect(logged.latencyMs).toBeGreaterThanOrEqual(0);

    const replay = await admin.post<Delivery>(`/webhooks/${hook.id}/deliveries/${logged.id}/replay`);
    expect(replay.status).toBe(201);
    expect(replay.body).toMatchObject({ eventId: message.json.id, replayOf: logged.id });
    const again = await until(
      async () =>
        receiver.on('/ok').find((request) => request.headers[webhookHeaders.deliveryId] === replay.body.id),
      'the replayed delivery',
    );
    expect(again.json.id).toBe(message.json.id);
    expect(again.body).toBe(message.body);
    expectSigned(again, hook.secret);
    await until(async () => {
      const list = await deliveriesOf(admin, hook.id);
      return list.find((delivery) => delivery.id === replay.body.id && delivery.status === 'succeeded');
    }, 'the replay logged as succeeded');

    // A rotated secret signs the next deliveries; the old one no longer verifies.
    const rotated = await admin.post<Webhook & { secret: string }>(`/webhooks/${hook.id}/secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(hook.secret);
    const second = await admin.post<Delivery>(`/webhooks/${hook.id}/deliveries/${logged.id}/replay`);
    const resigned = await until(
      async () =>
        receiver.on('/ok').find((request) => request.headers[webhookHeaders.deliveryId] === second.body.id),
      'the delivery after rotation',
    );
    expectSigned(resigned, rotated.body.secret);
  });

  it('retries a failing receiver with growing waits, then marks the delivery failed', async () => {
    const { admin, whatsappId } = await companyWithSandbox('Fallos');
    receiver.answer('/down', 503);
    const hook = await createWebhook(admin, '/down', ['message.created']);
    await customerWrites(admin, whatsappId, {
      from: '5511977770002',
      id: 'WH-IN-2',
      name: 'Cliente',
      body: 'nadie escucha',
    });
    const failed = await until(
      async () => (await deliveriesOf(admin, hook.id)).find((delivery) => delivery.status === 'failed'),
      'the delivery marked failed',
      45_000,
    );
    expect(failed).toMatchObject({ attempts: 5, responseStatus: 503, event: 'message.created' });
    const attempts = receiver.on('/down').filter((request) => request.json.id === failed.eventId);
    expect(attempts).toHaveLength(5);
    // Waits of about 1, 2, 4 and 8 s between the five attempts (the local queue honours delays).
    const waits = attempts.slice(1).map((request, index) => request.atMs - attempts[index]!.atMs);
    waits.forEach((wait, index) =>
      expect(wait, `wait ${index + 1}: ${waits.join(', ')}`).toBeGreaterThanOrEqual(2 ** index * 1000 - 250),
    );
    // The same event every time, each attempt signed with a fresh timestamp.
    expect(new Set(attempts.map((request) => request.headers[webhookHeaders.deliveryId])).size).toBe(1);
  }, 90_000);

  it('refuses at delivery time a saved URL whose name resolves to a private address', async () => {
    const { admin, whatsappId } = await companyWithSandbox('Privada');
    // Public-looking on save; at delivery its name resolves to 10.20.30.40 (OUTBOUND_HOSTS).
    const hook = await createWebhook(
      admin,
      '',
      ['message.created'],
      'https://hooks.rebound.example.com/hook',
    );
    await customerWrites(admin, whatsappId, {
      from: '5511977770003',
      id: 'WH-IN-3',
      name: 'Cliente',
      body: 'a la red privada',
    });
    const failed = await until(
      async () => (await deliveriesOf(admin, hook.id)).find((delivery) => delivery.status === 'failed'),
      'the refused delivery',
      30_000,
    );
    // Refused: no retries, no answer.
    expect(failed).toMatchObject({ attempts: 1, error: 'address', responseStatus: null });

    // Refused on save: private, metadata and loopback-over-https addresses, other schemes.
    for (const url of [
      'https://10.0.0.1/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://[fd00:ec2::254]/',
      'ftp://hooks.example.com/',
      'https://[::ffff:127.0.0.1]/',
    ]) {
      const refused = await admin.post('/webhooks', { url, events: ['message.created'] });
      expect(refused.status, url).toBe(400);
      expect(refused.body).toMatchObject({ error: 'ERR_WEBHOOK_URL_REFUSED' });
    }
    const changed = await admin.put(`/webhooks/${hook.id}`, { url: 'https://192.168.0.10/' });
    expect(changed.body).toMatchObject({ error: 'ERR_WEBHOOK_URL_REFUSED' });
    const invalid = await admin.post('/webhooks', {
      url: `${receiver.origin}/x`,
      events: ['ticket.deleted'],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: 'ERR_VALIDATION' });
  }, 60_000);

  it("keeps each company's webhooks, deliveries and events to itself; agents get 403", async () => {
    const a = await companyWithSandbox('Empresa A');
    const b = await companyWithSandbox('Empresa B');
    // Ids count per company: A's second webhook has an id B's admin does not own.
    await createWebhook(a.admin, '/a-first', ['ticket.updated']);
    const hookA = await createWebhook(a.admin, '/a', ['message.created']);
    const hookB = await createWebhook(b.admin, '/b', ['message.created']);
    expect(hookA.id).not.toBe(hookB.id);
    await customerWrites(a.admin, a.whatsappId, {
      from: '5511977770004',
      id: 'WH-IN-4',
      name: 'Cliente',
      body: 'solo para A',
    });
    const delivered = await until(
      async () => receiver.on('/a').find((request) => request.json.data.message !== undefined),
      'A delivery',
    );
    expect(delivered.json.companyId).toBe(a.companyId);
    const deliveryA = await until(async () => (await deliveriesOf(a.admin, hookA.id))[0], "A's log");

    expect((await b.admin.get(`/webhooks/${hookA.id}`)).status).toBe(404);
    expect((await b.admin.get(`/webhooks/${hookA.id}/deliveries`)).status).toBe(404);
    expect((await b.admin.post(`/webhooks/${hookA.id}/deliveries/${deliveryA.id}/replay`)).status).toBe(404);
    // B's own webhook id does not reach A's deliveries either.
    expect((await b.admin.post(`/webhooks/${hookB.id}/deliveries/${deliveryA.id}/replay`)).status).toBe(404);
    expect((await b.admin.put(`/webhooks/${hookA.id}`, { enabled: false })).status).toBe(404);
    expect((await b.admin.post(`/webhooks/${hookA.id}/secret`)).status).toBe(404);
    expect((await b.admin.delete(`/webhooks/${hookA.id}`)).status).toBe(404);
    expect(JSON.stringify((await b.admin.get('/webhooks')).body)).not.toContain('/a');

    const agent = await agentOf(a.admin, a.companyId, 'ganchos');
    expect((await agent.agent.get('/webhooks')).status).toBe(403);
    expect(
      (await agent.agent.post('/webhooks', { url: `${receiver.origin}/x`, events: ['message.created'] }))
        .status,
    ).toBe(403);

    // B's receiver heard nothing of A's message.
    expect(receiver.on('/b').some((request) => JSON.stringify(request.json).includes('solo para A'))).toBe(
      false,
    );
    expect((await a.admin.get<Webhook>(`/webhooks/${hookA.id}`)).body.enabled).toBe(true);
  }, 60_000);
});
