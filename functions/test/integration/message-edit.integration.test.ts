/**
 * PUT /messages/{messageId} (issue #29, "Editing a sent message"): WhatsApp (the sandbox) is
 * asked first; the message changes only when it took the edit, keeps its earlier text in its
 * history, and everyone watching hears it live; the customer's copy changes too. Refusals: the
 * sandbox's `[no-editar]`, WhatsApp's 15 minutes, the customer's messages, another company's.
 * A customer's own edit is stored the same way, once whatever the redeliveries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { listen } from './support/live.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { companyWithPendingTicket, customerWrites, outboxOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Listed = {
  id: string;
  body: string;
  ack: number;
  isEdited: boolean;
  editedAt: string | null;
  editHistory: { body: string; at: string }[];
  createdAt: string;
};
const customer = '5511980000002';

async function listed(admin: ApiClient, ticketId: number, messageId: string): Promise<Listed | undefined> {
  return (await admin.get<{ messages: Listed[] }>(`/messages/${ticketId}`)).body.messages.find(
    (m) => m.id === messageId,
  );
}

/** A ticket the admin accepted and one reply the sandbox has sent to the customer (ack 1). */
async function sentReply(label: string, body: string) {
  const { admin, whatsappId, ticket, company } = await companyWithPendingTicket(env, label, customer);
  expect((await admin.put(`/tickets/${ticket.id}`, { status: 'open' })).status).toBe(200);
  const sent = await admin.post<{ id: string }>(`/messages/${ticket.id}`, { body });
  expect(sent.status).toBe(201);
  await until(
    async () => ((await listed(admin, ticket.id, sent.body.id))?.ack ?? 0) >= 1 || undefined,
    'the reply sent',
  );
  return {
    admin,
    whatsappId,
    companyId: company.companyId,
    ticketId: ticket.id,
    messageId: sent.body.id,
    customerMessageId: `${label}-1`,
  };
}

describe('editing a sent message', () => {
  it('edits it on WhatsApp first, keeps the earlier text, and everyone watching hears it live', async () => {
    const { admin, whatsappId, ticketId, messageId } = await sentReply('Editar', 'la cita es a las 4');
    const live = await listen(admin);
    try {
      live.socket.send(JSON.stringify({ action: 'joinChatBox', ticketId }));
      const edited = await admin.put<Listed>(`/messages/${messageId}`, { body: '  la cita es a las 5  ' });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        id: messageId,
        body: 'la cita es a las 5',
        isEdited: true,
        editHistory: [{ body: 'la cita es a las 4' }],
      });
      expect(edited.body.editHistory[0]!.at).toBe(edited.body.createdAt);
      expect(edited.body.editedAt).not.toBeNull();
      expect(await listed(admin, ticketId, messageId)).toMatchObject({ body: 'la cita es a las 5', isEdited: true });
      await until(
        async () =>
          live.frames.find(
            (f) =>
              f.event === 'appMessage' &&
              f.data.action === 'update' &&
              (f.data.message as Listed | undefined)?.id === messageId &&
              (f.data.message as Listed).isEdited,
          ),
        'the live edit',
      );
      // The customer's phone shows the new text.
      const delivered = (await outboxOf<{ id: string; body: string; editedAt: string | null }>(
        admin,
        whatsappId,
        customer,
      )).find((m) => m.id === messageId);
      expect(delivered).toMatchObject({ body: 'la cita es a las 5', editedAt: expect.any(String) });

      // A second edit keeps both earlier texts, oldest first.
      const again = await admin.put<Listed>(`/messages/${messageId}`, { body: 'la cita es a las 6' });
      expect(again.status).toBe(200);
      expect(again.body.editHistory.map((h) => h.body)).toEqual(['la cita es a las 4', 'la cita es a las 5']);
      expect(again.body.editHistory[1]!.at).toBe(edited.body.editedAt);
      // The inbox line follows the edit of the ticket's last message.
      await until(async () => {
        const open = await admin.get<{ tickets: { id: number; lastMessage: string }[] }>(
          '/tickets?status=open&showAll=true',
        );
        return open.body.tickets.find((t) => t.id === ticketId)?.lastMessage === 'la cita es a las 6'
          ? true
          : undefined;
      }, "the ticket's line with the edited text");
    } finally {
      live.socket.close();
    }
  });

  it('answers ERR_EDIT_WAPP_MSG and keeps the message when WhatsApp refuses', async () => {
    // The sandbox refuses to edit a text holding [no-editar] (docs/sandbox.md).
    const { admin, ticketId, messageId } = await sentReply('NoEditar', 'precio final [no-editar]');
    const refused = await admin.put(`/messages/${messageId}`, { body: 'otro precio' });
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual({ error: 'ERR_EDIT_WAPP_MSG' });
    expect(await listed(admin, ticketId, messageId)).toMatchObject({
      body: 'precio final [no-editar]',
      isEdited: false,
      editHistory: [],
    });
  });

  it("refuses after 15 minutes, on the customer's messages, an empty text, and another company's message", async () => {
    const { admin, companyId, ticketId, messageId, customerMessageId } = await sentReply('EditarReglas', 'hola');
    const other = env.client();
    await signUpCompany(other, 'EditarOtra');
    const foreign = await other.put(`/messages/${messageId}`, { body: 'intrusión' });
    expect(foreign.status).toBe(404);

    const theirs = await admin.put(`/messages/${customerMessageId}`, { body: 'cambiado' });
    expect(theirs.status).toBe(403);
    expect(theirs.body).toEqual({ error: 'ERR_NO_PERMISSION' });

    const empty = await admin.put(`/messages/${messageId}`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'ERR_VALIDATION' });

    // Written 16 minutes ago: WhatsApp would no longer take the edit.
    const { documentClient, tableName } = await import('../../src/aws/dynamo.ts');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `C#${companyId}#MSG#${messageId}`, sk: 'MSG' },
        UpdateExpression: 'SET createdAt = :old',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':old': new Date(Date.now() - 16 * 60_000).toISOString() },
      }),
    );
    const late = await admin.put(`/messages/${messageId}`, { body: 'tarde' });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ error: 'ERR_MESSAGE_EDIT_EXPIRED' });
    expect(await listed(admin, ticketId, messageId)).toMatchObject({ body: 'hola', isEdited: false });
  });

  it('answers ERR_WAPP_NOT_INITIALIZED at once when the connection is not connected', async () => {
    const { admin, whatsappId, ticketId, messageId } = await sentReply('EditarDesconectada', 'sin conexión');
    expect((await admin.delete(`/whatsappsession/${whatsappId}`)).status).toBeLessThan(300);
    await until(
      async () =>
        (await admin.get<{ status: string }>(`/whatsapp/${whatsappId}`)).body.status === 'DISCONNECTED' || undefined,
      'DISCONNECTED',
    );
    const refused = await admin.put(`/messages/${messageId}`, { body: 'con conexión' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'ERR_WAPP_NOT_INITIALIZED' });
    expect(await listed(admin, ticketId, messageId)).toMatchObject({ body: 'sin conexión', isEdited: false });
  });
});

describe("a customer's edit", () => {
  it('changes the stored message the same way, once through redeliveries', async () => {
    const label = 'EditaCliente';
    const from = '5511980000003';
    const { admin, whatsappId, ticket, company } = await companyWithPendingTicket(env, label, from);
    const original = `${label}-1`;
    const edit = { from, id: `${label}-edit-1`, editOf: original, body: 'hola, soy Juan' };
    await customerWrites(admin, whatsappId, edit);
    const edited = await until(async () => {
      const message = await listed(admin, ticket.id, original);
      return message?.isEdited ? message : undefined;
    }, 'the customer edit');
    expect(edited).toMatchObject({ body: 'hola, soy Juan', editHistory: [{ body: 'hola' }] });

    // The same edit again, through the sandbox and straight into the ingest (past the queues'
    // deduplication): nothing more is written.
    await customerWrites(admin, whatsappId, edit);
    const { ingestEvent } = await import('../../src/modules/ingest/ingest-event.ts');
    await ingestEvent({
      kind: 'edit',
      companyId: company.companyId,
      whatsappId,
      chatJid: `${from}@s.whatsapp.net`,
      isGroup: false,
      timestamp: new Date().toISOString(),
      messageId: original,
      body: 'hola, soy Juan',
      editId: edit.id,
    });
    // A later edit with its own id goes on top.
    await customerWrites(admin, whatsappId, { ...edit, id: `${label}-edit-2`, body: 'hola, soy Juan Pérez' });
    const last = await until(async () => {
      const message = await listed(admin, ticket.id, original);
      return message?.body === 'hola, soy Juan Pérez' ? message : undefined;
    }, 'the second customer edit');
    expect(last.editHistory.map((h) => h.body)).toEqual(['hola', 'hola, soy Juan']);
  });
});
