/**
 * DELETE /messages/{id} (issue #29): WhatsApp is asked first; the message is marked deleted only
 * when it took the delete, and everyone watching hears it live. A refusal or a connection that is
 * not connected answers ERR_DELETE_WAPP_MSG and leaves the message as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { listen } from './support/live.ts';
import { startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { companyWithPendingTicket, outboxOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Listed = { id: string; body: string; isDeleted: boolean };
const customer = '5511980000001';

/** A ticket the admin accepted and one reply the sandbox has sent to the customer. */
async function sentReply(label: string, body: string) {
  const { admin, whatsappId, ticket } = await companyWithPendingTicket(env, label, customer);
  expect((await admin.put(`/tickets/${ticket.id}`, { status: 'open' })).status).toBe(200);
  const sent = await admin.post<{ id: string }>(`/messages/${ticket.id}`, { body });
  expect(sent.status).toBe(201);
  await until(
    async () =>
      (await outboxOf(admin, whatsappId, customer)).some((m) => m.id === sent.body.id) ? true : undefined,
    'the reply in the outbox',
  );
  return { admin, whatsappId, ticketId: ticket.id, messageId: sent.body.id };
}

async function listed(admin: ApiClient, ticketId: number, messageId: string): Promise<Listed | undefined> {
  return (await admin.get<{ messages: Listed[] }>(`/messages/${ticketId}`)).body.messages.find(
    (m) => m.id === messageId,
  );
}

describe('deleting a sent message', () => {
  it('marks it deleted once WhatsApp took the delete, and the chat hears it live', async () => {
    const { admin, ticketId, messageId } = await sentReply('Borrar', 'mensaje equivocado');
    const live = await listen(admin);
    try {
      live.socket.send(JSON.stringify({ action: 'joinChatBox', ticketId }));
      expect((await admin.delete(`/messages/${messageId}`)).status).toBe(204);
      expect(await listed(admin, ticketId, messageId)).toMatchObject({ isDeleted: true, body: '' });
      await until(
        async () =>
          live.frames.find(
            (f) =>
              f.event === 'appMessage' &&
              f.data.action === 'update' &&
              (f.data.message as Listed | undefined)?.id === messageId &&
              (f.data.message as Listed).isDeleted,
          ),
        'the live deletion',
      );
      // The inbox line no longer shows the deleted text (it was the ticket's last message).
      await until(async () => {
        const open = await admin.get<{ tickets: { id: number; lastMessage: string }[] }>(
          '/tickets?status=open&showAll=true',
        );
        const line = open.body.tickets.find((t) => t.id === ticketId)?.lastMessage;
        return line === '' ? true : undefined;
      }, "the ticket's line without the deleted text");
      // Again: already deleted, nothing to ask WhatsApp.
      expect((await admin.delete(`/messages/${messageId}`)).status).toBe(204);
    } finally {
      live.socket.close();
    }
  });

  it('answers ERR_DELETE_WAPP_MSG and keeps the message when WhatsApp refuses', async () => {
    // The sandbox refuses to delete a text holding [no-borrar] (docs/sandbox.md).
    const { admin, ticketId, messageId } = await sentReply('NoBorrar', 'precio final [no-borrar]');
    const refused = await admin.delete(`/messages/${messageId}`);
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual({ error: 'ERR_DELETE_WAPP_MSG' });
    expect(await listed(admin, ticketId, messageId)).toMatchObject({
      isDeleted: false,
      body: 'precio final [no-borrar]',
    });
  });

  it('answers ERR_DELETE_WAPP_MSG and keeps the message when the connection is not connected', async () => {
    const { admin, whatsappId, ticketId, messageId } = await sentReply('Desconectada', 'sin conexion');
    expect((await admin.delete(`/whatsappsession/${whatsappId}`)).status).toBeLessThan(300);
    await until(
      async () =>
        (await admin.get<{ status: string }>(`/whatsapp/${whatsappId}`)).body.status === 'DISCONNECTED'
          ? true
          : undefined,
      'DISCONNECTED',
    );
    const refused = await admin.delete(`/messages/${messageId}`);
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual({ error: 'ERR_DELETE_WAPP_MSG' });
    expect(await listed(admin, ticketId, messageId)).toMatchObject({
      isDeleted: false,
      body: 'sin conexion',
    });
  });
});
