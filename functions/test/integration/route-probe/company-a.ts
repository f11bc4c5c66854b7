/**
 * Company A of the route probe: one record of every kind, each carrying a marker word that no
 * other caller may ever receive, and an agent limited to one queue with a ticket in another.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { ApiClient } from '../support/api-client.ts';
import { agentOf } from '../support/people.ts';
import { superUser, type TestRuntime } from '../support/runtime.ts';
import { companyWithTickets, outboxOf } from '../support/sandbox.ts';
import { until } from '../support/until.ts';
import type { ProbeRecords } from './fixtures.ts';

type Ticket = { id: number; uuid: string; contactId: number };

const word = (prefix: string) => `${prefix}${randomBytes(6).toString('hex')}`;
/** A 1×1 PNG, for the announcement's image. */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const randomNumber = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function created<T extends { id: number | string }>(
  what: string,
  answer: Promise<{ status: number; body: unknown }>,
): Promise<T> {
  const { status, body } = await answer;
  expect(status, `${what}: ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(200);
  expect(status, `${what}: ${JSON.stringify(body)}`).toBeLessThan(300);
  return body as T;
}

async function upload(
  env: TestRuntime,
  token: string,
  path: string,
  field: string,
  name: string,
  content: string,
) {
  const form = new FormData();
  form.append(field, new Blob([content], { type: 'text/plain' }), name);
  const answer = await fetch(`${env.runtime.url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await answer.json()) as { id: string | number };
  expect(answer.status, `upload ${path}: ${JSON.stringify(body)}`).toBeLessThan(300);
  return body;
}

export async function setUpCompanyA(env: TestRuntime) {
  /** In every record of A: company B must never get it. */
  const marker = word('probea');
  /** Only in the other queue's ticket and the admin's private quick message: A's agent must never get it. */
  const hidden = word('probeh');
  const numbers = [randomNumber(), randomNumber()];
  const { admin, company, whatsappId, tickets } = await companyWithTickets<Ticket>(env, `Empresa ${marker}`, [
    { from: numbers[0]!, name: `Cliente ${marker}`, body: `hola ${marker}`, id: `${marker}-in-1` },
    {
      from: numbers[1]!,
      name: `Cliente dos ${marker}`,
      body: `oculto ${marker} ${hidden}`,
      id: `${marker}-in-2`,
    },
  ]);
  const [visible, other] = tickets as [Ticket, Ticket];
  const adminId = company.user.id as number;

  await created('connection name', admin.put(`/whatsapp/${whatsappId}`, { name: `Conexión ${marker}` }));
  const ownQueue = await created<{ id: number }>(
    'queue 1',
    admin.post('/queue', { name: `Cola uno ${marker}`, color: '#0a7cff' }),
  );
  const otherQueue = await created<{ id: number }>(
    'queue 2',
    admin.post('/queue', { name: `Cola dos ${marker}`, color: '#e91e63' }),
  );
  // An outbound webhook hearing every event: the ticket changes below give it deliveries. Its
  // host does not resolve here, so they fail without leaving the machine.
  const webhook = await created<{ id: number }>(
    'webhook',
    admin.post('/webhooks', { name: `Gancho ${marker}`, url: `https://hooks.example.com/${marker}`, events: ['ticket.updated', 'message.created'] }),
  );
  const option = await created<{ id: number }>(
    'queue option',
    admin.post('/queue-options', {
      title: `Opción ${marker}`,
      message: `mensaje ${marker}`,
      option: 1,
      queueId: ownQueue.id,
    }),
  );
  // Ids are counted per company: A's users 2 and 3 leave company B (admin 1, agent 2) no user 3.
  const { agent, userId: agentId } = await agentOf(admin, company.companyId, `agente${marker}`, {
    allTicket: 'desabled',
    queueIds: [ownQueue.id],
  });
  const colleague = await agentOf(admin, company.companyId, `colega${marker}`, { queueIds: [ownQueue.id] });

  // The visible ticket in the agent's queue, the other one in the other queue; both open for the admin.
  await created(
    'ticket 1 open',
    admin.put(`/tickets/${visible.id}`, { userId: adminId, queueId: ownQueue.id }),
  );
  await created(
    'ticket 2 open',
    admin.put(`/tickets/${other.id}`, { userId: adminId, queueId: otherQueue.id }),
  );

  const tag = await created<{ id: number }>(
    'tag',
    admin.post('/tags', { name: `Etiqueta ${marker}`, color: '#123456', kanban: 1 }),
  );
  const perTicket = async (ticket: Ticket, secret: string) => {
    const reply = await created<{ id: string }>(
      'reply',
      admin.post(`/messages/${ticket.id}`, { body: `respuesta ${secret}` }),
    );
    const file = await upload(
      env,
      admin.token!,
      `/messages/${ticket.id}`,
      'medias',
      `archivo-${marker}.txt`,
      `adjunto ${secret}`,
    );
    const note = await created<{ id: number }>(
      'note',
      admin.post('/ticket-notes', {
        note: `nota ${secret}`,
        ticketId: ticket.id,
        contactId: ticket.contactId,
      }),
    );
    await created('tags', admin.post('/tags/sync', { ticketId: ticket.id, tags: [{ id: tag.id }] }));
    return { messageId: reply.id, mediaMessageId: String(file.id), noteId: note.id };
  };
  const onVisible = await perTicket(visible, marker);
  const onOther = await perTicket(other, `${marker} ${hidden}`);
  const general = await created<{ id: number }>(
    'quick message',
    admin.post('/quick-messages', { shortcode: `rapida${marker}`, message: `rápida ${marker}`, geral: true }),
  );
  await upload(
    env,
    admin.token!,
    `/quick-messages/${general.id}/media-upload`,
    'file',
    `rapida-${marker}.txt`,
    `adjunto ${marker}`,
  );
  // A scheduled message of the visible ticket's contact, due far ahead (it never fires in the probe).
  const schedule = await created<{ id: number }>(
    'schedule',
    admin.post('/schedules', {
      body: `programado ${marker}`,
      contactId: visible.contactId,
      sendAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
    }),
  );
  const secretQuick = await created<{ id: number }>(
    'private quick message',
    admin.post('/quick-messages', {
      shortcode: `privada${marker}`,
      message: `privada ${marker} ${hidden}`,
      geral: false,
    }),
  );
  // A campaign contact list with one item (admins only: A's agent gets 403 like B's callers get 404).
  const contactList = await created<{ id: number }>('contact list', admin.post('/contact-lists', { name: `Contactos ${marker}` }));
  const contactListItem = await created<{ id: number }>(
    'contact list item',
    admin.post('/contact-list-items', { contactListId: contactList.id, name: `Destinatario ${marker}`, number: '5511987650001' }),
  );
  const campaign = await created<{ id: number }>(
    'campaign',
    admin.post('/campaigns', { name: `Campaña ${marker}`, contactListId: contactList.id, whatsappId, message1: `hola ${marker}` }),
  );
  // An internal chat of the admin and the colleague; the limited agent is no member of it.
  const chat = await created<{ id: number }>(
    'chat',
    admin.post('/chats', { title: `Charla ${marker} ${hidden}`, users: [{ id: colleague.userId }] }),
  );
  await created('chat message', admin.post(`/chats/${chat.id}/messages`, { message: `privado ${marker} ${hidden}` }));
  const fileList = await created<{ id: number; options: { id: number }[] }>(
    'file list',
    admin.post('/files', {
      name: `Lista ${marker}`,
      message: `archivos ${marker}`,
      options: [{ name: `opción ${marker}` }],
    }),
  );
  const listForm = new FormData();
  listForm.append('id', String(fileList.options[0]!.id));
  listForm.append('files', new Blob([`adjunto ${marker}`], { type: 'text/plain' }), `lista-${marker}.txt`);
  const listUpload = await fetch(`${env.runtime.url}/api/files/uploadList/${fileList.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token!}` },
    body: listForm,
  });
  expect(listUpload.status, 'file list upload').toBe(200);
  const queueIntegration = await created<{ id: number }>(
    'queue integration',
    admin.post('/queueIntegration', {
      type: 'typebot',
      name: `Flujo ${marker}`,
      urlN8N: `https://typebot.example.com/${marker}`,
      typebotSlug: `flujo-${marker}`,
      typebotUnknownMessage: `no entiendo ${marker} ${hidden}`,
    }),
  );
  const prompt = await created<{ id: number }>(
    'prompt',
    admin.post('/prompt', {
      name: `Asistente ${marker}`,
      prompt: `Usted atiende a los clientes de ${marker} ${hidden}, con respuestas cortas y amables.`,
      apiKey: `sk-${marker}-${hidden}-secret-key`,
      queueId: ownQueue.id,
    }),
  );
  // The replies reach the customers, so the sandbox's outbox of A holds A's words too.
  await until(
    async () => ((await outboxOf(admin, whatsappId, numbers[0]!)).length >= 2 ? true : undefined),
    'the replies sent',
  );

  // A platform help, readable by every signed-in user, for the help routes' paths.
  const root = env.client();
  expect((await root.login(superUser.email, superUser.password)).status).toBe(200);
  const help = await created<{ id: number }>(
    'help',
    root.post('/helps', { title: 'Ayuda de la sonda', video: 'https://example.com/v' }),
  );
  const plans = await root.get<{ id: number }[]>('/plans/list');
  // Platform announcements: an active one everyone reads, and an inactive one with an image that
  // carries both secret words (no company may read it, nor change it).
  await created('announcement', root.post('/announcements', { title: 'Aviso de la sonda', text: 'para todos' }));
  const hiddenAnnouncement = await created<{ id: number }>(
    'inactive announcement',
    root.post('/announcements', { title: `Retirado ${marker} ${hidden}`, text: `borrador ${marker} ${hidden}`, status: false }),
  );
  const announcementImage = new FormData();
  announcementImage.append('file', new Blob([onePixelPng], { type: 'image/png' }), `anuncio-${marker}.png`);
  const imageUpload = await fetch(`${env.runtime.url}/api/announcements/${hiddenAnnouncement.id}/media-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${root.token!}` },
    body: announcementImage,
  });
  expect(imageUpload.status, 'announcement image upload').toBe(200);

  // A's connection token: no caller but A's admin may ever receive it.
  const connectionToken = (await admin.get<{ token: string }>(`/whatsapp/${whatsappId}`)).body.token;
  expect(connectionToken, "A's connection token").toMatch(/^[\w-]{32}$/);
  const webhookDelivery = await until(
    async () => (await admin.get<{ deliveries: { id: string }[] }>(`/webhooks/${webhook.id}/deliveries`)).body.deliveries[0],
    "the webhook's first delivery",
  );
  const common = {
    companyId: company.companyId,
    tagId: tag.id,
    agentQueueId: ownQueue.id,
    queueOptionId: option.id,
    whatsappId,
    email: company.admin.email,
    helpId: help.id,
    planId: plans.body[0]!.id,
    announcementId: hiddenAnnouncement.id,
    scheduleId: schedule.id,
    contactListId: contactList.id,
    campaignId: campaign.id,
    contactListItemId: contactListItem.id,
    promptId: prompt.id,
    queueIntegrationId: queueIntegration.id,
    webhookId: webhook.id,
    webhookDeliveryId: webhookDelivery.id,
  };
  /** What company B's callers are given: A's visible ticket and the records around it. */
  const forOtherCompany: ProbeRecords = {
    ...common,
    userId: colleague.userId,
    ticketId: visible.id,
    ticketUuid: visible.uuid,
    contactId: visible.contactId,
    ...onVisible,
    queueId: ownQueue.id,
    quickMessageId: general.id,
    fileListId: fileList.id,
    chatId: chat.id,
    customerNumber: numbers[0]!,
    marker,
  };
  /** What A's agent is given: the other queue's ticket, the admin and the admin's private quick message. */
  const forQueueAgent: ProbeRecords = {
    ...common,
    userId: adminId,
    ticketId: other.id,
    ticketUuid: other.uuid,
    contactId: other.contactId,
    ...onOther,
    queueId: otherQueue.id,
    quickMessageId: secretQuick.id,
    fileListId: fileList.id,
    // The admin's chat with the colleague: the limited agent is no member of it.
    chatId: chat.id,
    customerNumber: numbers[1]!,
    marker: hidden,
  };

  /** A's records as A's admin reads them, to show that no probe changed any. */
  const snapshotPaths = [
    `/tickets/${visible.id}`,
    `/tickets/${other.id}`,
    `/messages/${visible.id}`,
    `/messages/${other.id}`,
    `/ticket-notes/list?ticketId=${visible.id}&contactId=${visible.contactId}`,
    `/ticket-notes/list?ticketId=${other.id}&contactId=${other.contactId}`,
    `/contacts/${visible.contactId}`,
    `/contacts/${other.contactId}`,
    '/contacts/list',
    '/tags/list',
    `/tags/${tag.id}`,
    `/webhooks/${webhook.id}`,
    '/queue',
    `/queue-options?queueId=${ownQueue.id}`,
    `/queue-options/${option.id}`,
    '/quick-messages/list',
    `/quick-messages/${general.id}`,
    `/quick-messages/${secretQuick.id}`,
    '/files',
    `/files/${fileList.id}`,
    `/contact-lists/${contactList.id}`,
    '/chats',
    `/chats/${chat.id}/messages`,
    `/schedules/${schedule.id}`,
    '/users/list',
    `/users/${agentId}`,
    `/whatsapp/${whatsappId}`,
    // What A's connection sent its customers: a send with another company's token must not add to it.
    `/sandbox/${whatsappId}/outbox?to=${numbers[0]}`,
    `/sandbox/${whatsappId}/outbox?to=${numbers[1]}`,
    '/settings',
    `/companies/${company.companyId}`,
    `/companies/listPlan/${company.companyId}`,
  ];
  /** What only a super user reads: A's company with its plan, and the platform's records. */
  const rootSnapshotPaths = [
    `/companies/${company.companyId}`,
    `/plans/${common.planId}`,
    `/helps/${help.id}`,
    '/helps/list',
    `/announcements/${hiddenAnnouncement.id}`,
    '/announcements',
  ];

  return {
    admin,
    agent,
    root,
    whatsappId,
    connectionToken,
    /** A's customers' numbers (the first is the visible ticket's). */
    customerNumbers: numbers,
    forOtherCompany,
    forQueueAgent,
    /** What company B must never receive (lower case). */
    otherCompanyMustNotSee: [marker, company.admin.email, ...numbers, visible.uuid, other.uuid, connectionToken].map(
      (s) => s.toLowerCase(),
    ),
    /** What A's agent must never receive. */
    queueAgentMustNotSee: [hidden, other.uuid].map((s) => s.toLowerCase()),
    /** A's records and the platform's, as A's admin and the super user read them. */
    snapshot: async () => ({
      ...(await snapshotOf(admin, snapshotPaths)),
      ...(await snapshotOf(root, rootSnapshotPaths, 'root ')),
    }),
  };
}

/** A's records as `reader` sees them; signed media URLs change on every read, so their signatures are left out. */
async function snapshotOf(reader: ApiClient, paths: string[], label = ''): Promise<Record<string, string>> {
  const entries = await Promise.all(
    paths.map(async (path) => {
      const answer = await reader.get(path);
      const text = JSON.stringify(answer.body).replace(/X-Amz-[A-Za-z-]+=[^&"\\]*/g, 'X-Amz');
      return [`${label}${path}`, `${answer.status} ${text}`] as const;
    }),
  );
  return Object.fromEntries(entries);
}

export type CompanyA = Awaited<ReturnType<typeof setUpCompanyA>>;
