import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { companyWithTickets, customerWrites, outboxOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Message = {
  id: string;
  mediaType: string | null;
  mediaUrl: string | null;
  mediaName: string | null;
  mimetype: string | null;
  mediaSize: number | null;
  fromMe: boolean;
  body: string;
};

/** A 1×1 PNG: a picture by its bytes, whatever it is called. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const html = Buffer.from('<!doctype html><script>parent.alert(document.cookie)</script>');

/** A company whose customer sent a picture: media arrive through the connector into the bucket. */
async function ticketWithCustomer(label: string) {
  const { admin, whatsappId, tickets } = await companyWithTickets(env, label, [
    {
      from: '5511970000001',
      name: 'Foto',
      body: 'mira',
      id: `PIC-${label}`,
      mediaType: 'image',
      data: png.toString('base64'),
      fileName: 'foto.png',
    },
  ]);
  return { api: admin, whatsappId, ticketId: tickets[0]!.id, pictureId: `PIC-${label}` };
}

function upload(
  api: ApiClient,
  ticketId: number,
  file: { bytes: Buffer; name: string; type: string },
  caption = '',
) {
  const form = new FormData();
  form.append('medias', new Blob([file.bytes], { type: file.type }), file.name);
  form.append('body', caption);
  return fetch(`${env.runtime.url}/api/messages/${ticketId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
    body: form,
  });
}

async function messagesOf(api: ApiClient, ticketId: number): Promise<Message[]> {
  return (await api.get<{ messages: Message[] }>(`/messages/${ticketId}`)).body.messages;
}

/** The SPA's origin locally: the gateway's. */
const spaOrigin = () => new URL(env.runtime.url).origin;

describe('media', () => {
  it("serves a customer's picture and an agent's document through short-lived signed URLs", async () => {
    const { api, whatsappId, ticketId, pictureId } = await ticketWithCustomer('Medios');
    const inbound = (await messagesOf(api, ticketId)).find((m) => m.id === pictureId)!;
    expect(inbound).toMatchObject({
      mediaType: 'image',
      mimetype: 'image/png',
      mediaSize: png.length,
      fromMe: false,
      body: 'mira',
    });
    expect(inbound.mediaUrl).toMatch(/X-Amz-Signature=/);
    const picture = await fetch(inbound.mediaUrl!);
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(png);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(picture.headers.get('content-disposition')).toBe(
      `inline; filename="foto.png"; filename*=UTF-8''foto.png`,
    );

    await api.put(`/tickets/${ticketId}`, { status: 'open' });
    const pdf = Buffer.from('%PDF-1.4 agent document');
    // The browser's claim is ignored: the bytes say PDF.
    const sent = await upload(
      api,
      ticketId,
      { bytes: pdf, name: 'presupuesto.pdf', type: 'image/png' },
      'su presupuesto',
    );
    expect(sent.status).toBe(201);
    const message = (await sent.json()) as Message;
    expect(message).toMatchObject({
      mediaType: 'application',
      mimetype: 'application/pdf',
      mediaName: 'presupuesto.pdf',
      mediaSize: pdf.length,
      body: 'su presupuesto',
      fromMe: true,
    });
    const document = await fetch(message.mediaUrl!);
    expect(Buffer.from(await document.arrayBuffer())).toEqual(pdf);
    expect(document.headers.get('content-type')).toBe('application/pdf');
    expect(document.headers.get('content-disposition')).toMatch(/^attachment; filename="presupuesto\.pdf"/);
    const fresh = await api.get<{ url: string }>(`/messages/media/${message.id}`);
    expect(fresh.body.url).toMatch(/X-Amz-Signature=/);
    const outbox = await until(
      async () => (await outboxOf(api, whatsappId, '5511970000001')).find((m) => m.id === message.id),
      'the document at the customer',
    );
    expect(outbox.mediaType).toBeTruthy();
  });

  it('takes an upload’s type from its bytes: a picture sent as octet-stream shows inline, the viewer downloads it as an attachment', async () => {
    const { api, ticketId } = await ticketWithCustomer('TipoPorBytes');
    await api.put(`/tickets/${ticketId}`, { status: 'open' });
    const sent = await upload(api, ticketId, {
      bytes: png,
      name: 'captura',
      type: 'application/octet-stream',
    });
    expect(sent.status).toBe(201);
    const message = (await sent.json()) as Message;
    expect(message).toMatchObject({ mediaType: 'image', mimetype: 'image/png' });
    expect((await fetch(message.mediaUrl!)).headers.get('content-disposition')).toMatch(/^inline/);
    const download = await api.get<{ url: string }>(`/messages/media/${message.id}?download=1`);
    const downloaded = await fetch(download.body.url);
    expect(downloaded.headers.get('content-disposition')).toMatch(/^attachment; filename="captura"/);
    expect(Buffer.from(await downloaded.arrayBuffer())).toEqual(png);
  });

  it('refuses uploads that are too big, markup whatever it claims to be, and kinds off the allow-list', async () => {
    const { api, ticketId } = await ticketWithCustomer('Limites');
    await api.put(`/tickets/${ticketId}`, { status: 'open' });
    const tooBig = await upload(api, ticketId, {
      bytes: Buffer.alloc(7 * 1024 * 1024 + 1, 1),
      name: 'grande.bin',
      type: 'application/octet-stream',
    });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    for (const file of [
      { bytes: Buffer.from('x'), name: 'x.weird', type: 'chemical/x-pdb' },
      { bytes: html, name: 'foto.jpg', type: 'image/jpeg' },
      { bytes: html, name: 'pagina.html', type: 'text/html' },
      {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        name: 'logo.svg',
        type: 'image/svg+xml',
      },
    ]) {
      const refused = await upload(api, ticketId, file);
      expect(refused.status, file.name).toBe(415);
      expect(await refused.json()).toEqual({ error: 'ERR_UNSUPPORTED_MEDIA_TYPE' });
    }
    const text = await upload(api, ticketId, {
      bytes: Buffer.from('nota'),
      name: 'nota.txt',
      type: 'text/plain',
    });
    expect(text.status).toBe(201);
    const served = await fetch(((await text.json()) as Message).mediaUrl!);
    expect(served.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    const empty = await api.post(`/messages/${ticketId}`, { body: '   ' });
    expect(empty.status).toBe(400);
  });

  it('stores a customer’s “picture” that is really HTML as opaque bytes behind a file card, served as an attachment', async () => {
    const { api, whatsappId, ticketId } = await ticketWithCustomer('Disfraz');
    await customerWrites(api, whatsappId, {
      from: '5511970000001',
      name: 'Foto',
      body: '',
      id: 'FAKE-PIC',
      mediaType: 'image',
      data: html.toString('base64'),
      fileName: 'foto.jpg',
    });
    const message = await until(
      async () => (await messagesOf(api, ticketId)).find((m) => m.id === 'FAKE-PIC'),
      'the disguised picture',
    );
    expect(message).toMatchObject({
      mediaType: 'application',
      mimetype: 'application/octet-stream',
      mediaName: 'foto.jpg',
    });
    const served = await fetch(message.mediaUrl!);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="foto\.jpg"/);
  });

  it('lets the SPA’s origin read a signed GET (CORS), and nobody else', async () => {
    const { api, ticketId, pictureId } = await ticketWithCustomer('Cors');
    const url = (await messagesOf(api, ticketId)).find((m) => m.id === pictureId)!.mediaUrl!;
    const allowed = await fetch(url, { headers: { Origin: spaOrigin() } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(spaOrigin());
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        Origin: spaOrigin(),
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'range',
      },
    });
    expect(preflight.status).toBe(200);
    const foreign = await fetch(url, { headers: { Origin: 'https://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const upload = await fetch(url, {
      method: 'OPTIONS',
      headers: { Origin: spaOrigin(), 'Access-Control-Request-Method': 'PUT' },
    });
    expect(upload.status).toBe(403);
  });

  it("keeps another company's media out of reach", async () => {
    const { ticketId, pictureId } = await ticketWithCustomer('DuenoMedios');
    const other = env.client();
    await signUpCompany(other, 'OtroMedios');
    expect((await other.get(`/messages/media/${pictureId}`)).status).toBe(404);
    expect((await other.get(`/messages/${ticketId}`)).status).toBe(404);
  });
});
