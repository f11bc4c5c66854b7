import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IntegrationReceiverFake,
  receiverCatalogPdf,
  receiverPhotoPng,
} from '../fakes/integration-receiver-fake.ts';
import type { ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { connectSandbox, customerWrites, outboxOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

/**
 * n8n and webhook queue integrations answering sandbox customers (docs/decisions.md, "Queue
 * integrations"), against a local receiver that checks each delivery's signature: answers in
 * order, one delivery per customer message however often it is delivered, `transfer` lands the
 * ticket in the pending list, `close` closes it, and a failing receiver ends with a person.
 */

type Ticket = {
  id: number;
  contactId: number;
  status: string;
  queueId: number | null;
  userId: number | null;
  useIntegration?: boolean;
};

let env: TestRuntime;
let receiver: IntegrationReceiverFake;
let admin: ApiClient;
let whatsappId: number;
let queueId: number;
let integrationId: number;

beforeAll(async () => {
  receiver = new IntegrationReceiverFake();
  await receiver.start();
  process.env.BOT_TURN_RETRIES = '1';
  process.env.BOT_TURN_BACKOFF_MS = '50';
  env = await startTestRuntime();
  admin = env.client();
  await signUpCompany(admin, 'Webhook bot');
  const integration = await admin.post<{ id: number; webhookSecret: string }>('/queueIntegration', {
    type: 'n8n',
    name: 'Flujo n8n',
    urlN8N: receiver.url,
  });
  expect(integration.status, JSON.stringify(integration.body)).toBe(201);
  integrationId = integration.body.id;
  // The admin pastes the key shown once into the receiver.
  receiver.secret = integration.body.webhookSecret;
  const queue = await admin.post<{ id: number }>('/queue', {
    name: 'Automático',
    color: '#2196f3',
    integrationId,
  });
  expect(queue.status, JSON.stringify(queue.body)).toBe(201);
  queueId = queue.body.id;
  whatsappId = await connectSandbox(admin, { queueIds: [queueId] });
});

afterAll(async () => {
  await env?.stop();
  for (const name of ['BOT_TURN_RETRIES', 'BOT_TURN_BACKOFF_MS']) delete process.env[name];
  await receiver?.stop();
});

async function ticketOf(number: string, status = 'pending'): Promise<Ticket | undefined> {
  const list = await admin.get<{ tickets: (Ticket & { contact?: { number?: string } | null })[] }>(
    `/tickets?status=${status}&showAll=true`,
  );
  return list.body.tickets.find((ticket) => ticket.contact?.number === number);
}

const bodiesTo = async (number: string) =>
  (await outboxOf(admin, whatsappId, number)).map((item) => item.body);

const sentTo = (number: string, count: number) =>
  until(async () => {
    const bodies = await bodiesTo(number);
    return bodies.length >= count ? bodies : undefined;
  }, `${count} messages to ${number}`);

/** The first message opens the ticket in the queue; what was sent for it is the hook's rule. */
async function opens(
  number: string,
  say: (id: string, body: string) => Promise<unknown>,
  id: string,
): Promise<string[]> {
  await say(id, 'buenas');
  // The first message goes to the queue's integration (issue #25).
  const bodies = await sentTo(number, 1);
  expect(bodies).toEqual(['Recibido: buenas']);
  expect((await ticketOf(number))?.queueId).toBe(queueId);
  return bodies;
}

const deliveredTexts = (number: string) =>
  receiver.deliveries
    .filter((d) => d.verified && (d.body.contact as { number?: string }).number === number)
    .map((d) => String((d.body.message as { body: string }).body));

describe('n8n and webhook integrations in a conversation', () => {
  it('n8n: signed deliveries, answers in order, once per message under redelivery, transfer to a person', async () => {
    const customer = '5511970033001';
    const say = (id: string, body: string) =>
      customerWrites(admin, whatsappId, { from: customer, name: 'Cliente N8N', id, body });
    const opening = await opens(customer, say, 'n8-0');

    await say('n8-1', 'uno');
    await say('n8-1', 'uno');
    await say('n8-2', 'dos');
    const answered = await sentTo(customer, opening.length + 2);
    expect(answered.slice(opening.length)).toEqual(['Recibido: uno', 'Recibido: dos']);
    expect(deliveredTexts(customer).filter((text) => text === 'uno')).toHaveLength(1);
    const delivery = receiver.deliveries.find((d) => (d.body.message as { body: string }).body === 'uno')!;
    expect(delivery.headers['x-atende-delivery']).toBe('n8-1');
    expect(delivery.body).toMatchObject({
      event: 'message',
      integration: { id: integrationId, type: 'n8n' },
      contact: { number: customer },
    });
    expect(delivery.raw).not.toContain(receiver.secret);
    expect(receiver.deliveries.every((d) => d.verified)).toBe(true);

    await say('n8-3', 'quiero una persona');
    expect((await sentTo(customer, answered.length + 1)).at(-1)).toBe('Le paso con una persona');
    const handedOver = await until(async () => {
      const ticket = await ticketOf(customer);
      return ticket && ticket.useIntegration === false ? ticket : undefined;
    }, 'the hand-off');
    expect(handedOver).toMatchObject({ status: 'pending', userId: null, queueId });
  });

  it('webhook: close closes the ticket; a failing receiver ends with a person', async () => {
    expect((await admin.put(`/queueIntegration/${integrationId}`, { type: 'webhook' })).status).toBe(200);
    const customer = '5511970033002';
    const say = (id: string, body: string) =>
      customerWrites(admin, whatsappId, { from: customer, name: 'Cliente WH', id, body });
    const opening = await opens(customer, say, 'wh-0');
    await say('wh-1', 'chau');
    expect((await sentTo(customer, opening.length + 1)).at(-1)).toBe('¡Hasta luego!');
    expect(await until(async () => ticketOf(customer, 'closed'), 'the closed ticket')).toMatchObject({
      status: 'closed',
    });
    expect(receiver.deliveries.at(-1)!.body).toMatchObject({ integration: { type: 'webhook' } });

    const other = '5511970033003';
    const sayOther = (id: string, body: string) =>
      customerWrites(admin, whatsappId, { from: other, name: 'Cliente WH2', id, body });
    const first = await opens(other, sayOther, 'wf-0');
    receiver.failNext(503, 2);
    await sayOther('wf-1', 'hola');
    const ticket = await until(async () => {
      const found = await ticketOf(other);
      return found && found.useIntegration === false ? found : undefined;
    }, 'the hand-off after failures');
    expect(ticket).toMatchObject({ status: 'pending', userId: null, queueId });
    const notes = await until(async () => {
      const list = await admin.get<{ note: string }[]>(
        `/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`,
      );
      return list.status === 200 && list.body.length > 0 ? list.body : undefined;
    }, 'the failure note');
    expect(notes[0]?.note).toMatch(/agente/);
    // The customer is told a person follows (the queue's hand-off text).
    expect(await sentTo(other, first.length + 1)).toEqual([
      ...first,
      'Su conversación fue transferida al sector *Automático*. En breve le atenderemos.',
    ]);
  });

  it('a reply with a media URL is sent as media: fetched, typed from its bytes, stored, sent once through retries', async () => {
    expect((await admin.put(`/queueIntegration/${integrationId}`, { type: 'n8n' })).status).toBe(200);
    const customer = '5511970033005';
    const say = (id: string, body: string) =>
      customerWrites(admin, whatsappId, { from: customer, name: 'Cliente Media', id, body });
    const opening = await opens(customer, say, 'md-0');
    type Sent = { body: string; mediaType: string | null };
    const sent = (count: number) =>
      until(async () => {
        const items = await outboxOf<Sent>(admin, whatsappId, customer);
        return items.length >= count ? items : undefined;
      }, `${count} messages to ${customer}`);

    // The receiver fails once (503, retried), then answers a text and a photo by URL; the same
    // customer message delivered again answers nothing more.
    const fetchesBefore = receiver.mediaFetches.length;
    receiver.failNext(503, 1);
    await say('md-1', 'mándeme una foto');
    await say('md-1', 'mándeme una foto');
    const withPhoto = await sent(opening.length + 2);
    expect(withPhoto.slice(opening.length)).toEqual([
      expect.objectContaining({ body: 'Aquí está la foto', mediaType: null }),
      expect.objectContaining({ body: '', mediaType: 'image' }),
    ]);
    expect(receiver.mediaFetches.slice(fetchesBefore)).toEqual(['/media/foto.png']);

    // A URL without a kind or an extension, a PDF by its bytes: a document.
    await say('md-2', 'el catálogo, por favor');
    const withDocument = await sent(withPhoto.length + 1);
    expect(withDocument.at(-1)).toMatchObject({ body: '', mediaType: 'application' });

    // Bytes that are not what they claim (HTML as a PNG): the customer gets the link instead.
    await say('md-3', 'una imagen falsa');
    const withLink = await sent(withDocument.length + 2);
    expect(withLink.slice(-2).map((item) => item.body)).toEqual(['Mire', `${receiver.origin}/media/falsa.png`]);
    expect(withLink.at(-1)!.mediaType).toBeNull();

    // A file past the size cap (16 MB): the link too.
    await say('md-4', 'un video enorme');
    const withBig = await sent(withLink.length + 2);
    expect(withBig.slice(-2).map((item) => item.body)).toEqual(['El video', `${receiver.origin}/media/enorme.mp4`]);

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const all = await outboxOf<Sent>(admin, whatsappId, customer);
    expect(all).toHaveLength(withBig.length);
    expect(all.filter((item) => item.mediaType === 'image')).toHaveLength(1);

    // Stored on the ticket as the bot's media messages, with the receiver's bytes.
    const ticket = (await ticketOf(customer, 'pending')) ?? (await ticketOf(customer, 'open'));
    const messages = (
      await admin.get<{
        messages: { fromMe: boolean; mediaType: string | null; mimetype: string | null; mediaName: string | null; mediaUrl: string | null }[];
      }>(`/messages/${ticket!.id}`)
    ).body.messages;
    const images = messages.filter((message) => message.fromMe && message.mediaType === 'image');
    expect(images, JSON.stringify(messages)).toHaveLength(1);
    expect(images[0]).toMatchObject({ mimetype: 'image/png', mediaName: 'foto.png' });
    const photo = await fetch(images[0]!.mediaUrl!);
    expect(Buffer.from(await photo.arrayBuffer()).equals(receiverPhotoPng)).toBe(true);
    const document = messages.find((message) => message.fromMe && message.mediaType === 'application');
    expect(document).toMatchObject({ mimetype: 'application/pdf', mediaName: 'catalogo.pdf' });
    const pdf = await fetch(document!.mediaUrl!);
    expect(Buffer.from(await pdf.arrayBuffer()).equals(receiverCatalogPdf)).toBe(true);
  });

  it("a connection's integration answers its tickets without a queue", async () => {
    const direct = await connectSandbox(admin, { name: 'Directa', isDefault: false, integrationId });
    const read = await admin.get<{ integrationId: number | null }>(`/whatsapp/${direct}`);
    expect(read.body.integrationId).toBe(integrationId);
    const customer = '5511970033004';
    await customerWrites(admin, direct, {
      from: customer,
      name: 'Cliente Directo',
      id: 'dc-1',
      body: 'sin cola',
    });
    const answered = await until(async () => {
      const bodies = (await outboxOf(admin, direct, customer)).map((item) => item.body);
      return bodies.length > 0 ? bodies : undefined;
    }, 'the answer on the connection');
    expect(answered).toEqual(['Recibido: sin cola']);
    // Cleared with null, as the dialog's "Ninguna" sends it.
    expect(
      (await admin.put<{ integrationId: number | null }>(`/whatsapp/${direct}`, { integrationId: null })).body
        .integrationId,
    ).toBeNull();
  });
});
