import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { companyWithTickets, outboxOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Message = { id: string; mediaType: string | null; mediaUrl: string | null; mediaName: string | null; fromMe: boolean; body: string };

/** A company whose customer sent a picture: media arrive through the connector into the bucket. */
async function ticketWithCustomer(label: string) {
  const picture = Buffer.from('\x89PNG\r\n\x1a\n customer picture bytes');
  const { admin, whatsappId, tickets } = await companyWithTickets(env, label, [
    { from: '5511970000001', name: 'Foto', body: 'mira', id: 'PIC-1', mediaType: 'image', data: picture.toString('base64'), fileName: 'foto.png' },
  ]);
  return { api: admin, whatsappId, ticketId: tickets[0]!.id, picture };
}

function upload(api: ApiClient, ticketId: number, file: { bytes: Buffer; name: string; type: string }, caption = '') {
  const form = new FormData();
  form.append('medias', new Blob([file.bytes], { type: file.type }), file.name);
  form.append('body', caption);
  return fetch(`${env.runtime.url}/api/messages/${ticketId}`, { method: 'POST', headers: { authorization: `Bearer ${api.token}` }, body: form });
}

describe('media', () => {
  it("serves a customer's picture and an agent's document through short-lived signed URLs", async () => {
    const { api, whatsappId, ticketId, picture } = await ticketWithCustomer('Medios');
    const listed = await api.get<{ messages: Message[] }>(`/messages/${ticketId}`);
    const inbound = listed.body.messages.find((m) => m.id === 'PIC-1')!;
    expect(inbound).toMatchObject({ mediaType: 'image', fromMe: false, body: 'mira' });
    expect(inbound.mediaUrl).toMatch(/X-Amz-Signature=/);
    expect(Buffer.from(await (await fetch(inbound.mediaUrl!)).arrayBuffer())).toEqual(picture);

    await api.put(`/tickets/${ticketId}`, { status: 'open' });
    const pdf = Buffer.from('%PDF-1.4 agent document');
    const sent = await upload(api, ticketId, { bytes: pdf, name: 'presupuesto.pdf', type: 'application/pdf' }, 'su presupuesto');
    expect(sent.status).toBe(201);
    const message = (await sent.json()) as Message;
    expect(message).toMatchObject({ mediaType: 'application', mediaName: 'presupuesto.pdf', body: 'su presupuesto', fromMe: true });
    expect(Buffer.from(await (await fetch(message.mediaUrl!)).arrayBuffer())).toEqual(pdf);
    const fresh = await api.get<{ url: string }>(`/messages/media/${message.id}`);
    expect(fresh.body.url).toMatch(/X-Amz-Signature=/);
    const outbox = await until(
      async () => (await outboxOf(api, whatsappId, '5511970000001')).find((m) => m.id === message.id),
      'the document at the customer',
    );
    expect(outbox.mediaType).toBeTruthy();
  });

  it('refuses files that are too big or of a kind that cannot be sent', async () => {
    const { api, ticketId } = await ticketWithCustomer('Limites');
    await api.put(`/tickets/${ticketId}`, { status: 'open' });
    const tooBig = await upload(api, ticketId, { bytes: Buffer.alloc(7 * 1024 * 1024 + 1, 1), name: 'grande.bin', type: 'application/octet-stream' });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    const odd = await upload(api, ticketId, { bytes: Buffer.from('x'), name: 'x.weird', type: 'chemical/x-pdb' });
    expect(odd.status).toBe(415);
    const empty = await api.post(`/messages/${ticketId}`, { body: '   ' });
    expect(empty.status).toBe(400);
  });

  it("keeps another company's media out of reach", async () => {
    const { ticketId } = await ticketWithCustomer('DueñoMedios');
    const other = env.client();
    await signUpCompany(other, 'OtroMedios');
    expect((await other.get('/messages/media/PIC-1')).status).toBe(404);
    expect((await other.get(`/messages/${ticketId}`)).status).toBe(404);
  });
});
