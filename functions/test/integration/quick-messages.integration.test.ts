import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { listen, type LiveFrame } from './support/live.ts';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { companyWithPendingTicket, outboxOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type QuickMessage = {
  id: number;
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
  userId: number;
  isMedia: boolean;
  mediaPath: string | null;
  mediaName: string | null;
};
type Page = { records: QuickMessage[]; count: number; hasMore: boolean };

/** A company, its admin and two agents. */
async function team(label: string) {
  const admin = env.client();
  const company = await signUpCompany(admin, label);
  const ana = await agentOf(admin, company.companyId, 'ana');
  const beto = await agentOf(admin, company.companyId, 'beto');
  return { admin, company, ana, beto };
}

function upload(api: ApiClient, id: number, file: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  form.append('typeArch', 'quickMessage');
  form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  return fetch(`${env.runtime.url}/api/quick-messages/${id}/media-upload`, { method: 'POST', headers: { authorization: `Bearer ${api.token}` }, body: form });
}

const shortcodes = (page: { records: QuickMessage[] } | QuickMessage[]) => (Array.isArray(page) ? page : page.records).map((q) => q.shortcode);

describe('quick messages', () => {
  it('sends a quick reply’s file with its text as caption, only to those who may use it (issue #25)', async () => {
    const { admin, company, whatsappId, ticket } = await companyWithPendingTicket(
      env,
      'RespuestaArchivo',
      '5511980009901',
    );
    const ana = await agentOf(admin, company.companyId, 'ana');
    const beto = await agentOf(admin, company.companyId, 'beto');
    const quick = (
      await ana.agent.post<QuickMessage>('/quick-messages', {
        shortcode: 'catalogo',
        message: 'Nuestro catálogo',
        geral: false,
      })
    ).body;
    const pdf = Buffer.from('%PDF-1.4 catalogo de prueba');
    expect(
      (await upload(ana.agent, quick.id, { bytes: pdf, name: 'catalogo.pdf', type: 'application/pdf' }))
        .status,
    ).toBe(200);

    // Another agent's private quick reply is not theirs to use.
    const refused = await beto.agent.post(`/messages/${ticket.id}`, {
      body: 'Nuestro catálogo',
      quickMessageId: quick.id,
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ error: 'ERR_NOT_FOUND' });

    const sent = await admin.post<{
      id: string;
      body: string;
      mediaType: string;
      mediaName: string;
      mediaUrl: string;
    }>(`/messages/${ticket.id}`, {
      body: 'Nuestro catálogo',
      quickMessageId: quick.id,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({
      body: 'Nuestro catálogo',
      mediaType: 'application',
      mediaName: 'catalogo.pdf',
    });
    const box = await until(async () => {
      const items = await outboxOf<{ body: string; mediaType?: string | null }>(
        admin,
        whatsappId,
        '5511980009901',
      );
      return items.length > 0 ? items : undefined;
    }, 'the file at the customer');
    expect(box.at(-1)).toMatchObject({ body: 'Nuestro catálogo', mediaType: 'application' });
    // The message keeps its own copy: removing the quick reply's file does not take it away.
    expect((await ana.agent.delete(`/quick-messages/${quick.id}/media-upload`)).status).toBeLessThan(300);
    const media = await admin.get<{ url: string }>(`/messages/media/${sent.body.id}`);
    expect(Buffer.from(await (await fetch(media.body.url)).arrayBuffer())).toEqual(pdf);
  });

  it('creates, reads, changes and deletes quick messages, with the form text', async () => {
    const { ana } = await team('Rapidas');
    const missing = await ana.agent.post('/quick-messages', { message: 'sin atajo' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'ERR_VALIDATION', issues: [{ path: 'shortcode', message: 'Requerido' }] });

    const created = await ana.agent.post<QuickMessage>('/quick-messages', { shortcode: 'hola', message: 'Hola, ¿en qué le ayudo?' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ shortcode: 'hola', geral: false, status: true, userId: ana.userId, isMedia: false, mediaPath: null });
    expect((await ana.agent.get<QuickMessage>(`/quick-messages/${created.body.id}`)).body.message).toBe('Hola, ¿en qué le ayudo?');

    const changed = await ana.agent.put<QuickMessage>(`/quick-messages/${created.body.id}`, { message: 'Buenos días', status: false });
    expect(changed.body).toMatchObject({ shortcode: 'hola', message: 'Buenos días', status: false });
    expect((await ana.agent.put(`/quick-messages/${created.body.id}`, { shortcode: '  ' })).status).toBe(400);

    for (let i = 1; i <= 21; i += 1) await ana.agent.post('/quick-messages', { shortcode: `r${String(i).padStart(2, '0')}`, message: `respuesta ${i}` });
    const first = await ana.agent.get<Page>('/quick-messages?pageNumber=1');
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    expect(first.body.records).toHaveLength(20);
    const second = await ana.agent.get<Page>('/quick-messages?pageNumber=2');
    expect(second.body.hasMore).toBe(false);
    expect(second.body.records).toHaveLength(2);
    expect(shortcodes((await ana.agent.get<Page>('/quick-messages?searchParam=BUENOS')).body)).toEqual(['hola']);
    expect((await ana.agent.get<QuickMessage[]>('/quick-messages/list')).body).toHaveLength(22);

    expect((await ana.agent.delete(`/quick-messages/${created.body.id}`)).status).toBe(204);
    expect((await ana.agent.get(`/quick-messages/${created.body.id}`)).status).toBe(404);
    expect((await ana.agent.delete(`/quick-messages/${created.body.id}`)).status).toBe(404);
  });

  it('shows everyone the general ones and each their own; only the author or an admin changes one', async () => {
    const { admin, ana, beto } = await team('Visibles');
    const general = (await ana.agent.post<QuickMessage>('/quick-messages', { shortcode: 'saludo', message: 'Hola a todos', geral: true })).body;
    const privateOne = (await ana.agent.post<QuickMessage>('/quick-messages', { shortcode: 'secreto', message: 'Solo de Ana' })).body;
    const betos = (await beto.agent.post<QuickMessage>('/quick-messages', { shortcode: 'beto', message: 'De Beto' })).body;

    expect(shortcodes((await ana.agent.get<Page>('/quick-messages')).body)).toEqual(['saludo', 'secreto']);
    expect(shortcodes((await beto.agent.get<Page>('/quick-messages')).body)).toEqual(['beto', 'saludo']);
    // An agent cannot ask for someone else's view.
    expect(shortcodes((await beto.agent.get<Page>(`/quick-messages?userId=${ana.userId}`)).body)).toEqual(['beto', 'saludo']);
    expect(shortcodes((await beto.agent.get<QuickMessage[]>(`/quick-messages/list?userId=${ana.userId}`)).body)).toEqual(['beto', 'saludo']);
    // Admins see all, or one user's view.
    expect(shortcodes((await admin.get<Page>('/quick-messages')).body)).toEqual(['beto', 'saludo', 'secreto']);
    expect(shortcodes((await admin.get<QuickMessage[]>(`/quick-messages/list?userId=${beto.userId}`)).body)).toEqual(['beto', 'saludo']);

    const hidden = await beto.agent.get(`/quick-messages/${privateOne.id}`);
    expect(hidden.status).toBe(404);
    expect(JSON.stringify(hidden.body)).not.toContain('Solo de Ana');
    expect((await beto.agent.put(`/quick-messages/${privateOne.id}`, { message: 'x' })).status).toBe(404);
    expect((await beto.agent.get(`/quick-messages/${general.id}`)).status).toBe(200);
    expect((await beto.agent.put(`/quick-messages/${general.id}`, { message: 'cambiado' })).status).toBe(403);
    expect((await beto.agent.delete(`/quick-messages/${general.id}`)).status).toBe(403);
    expect((await upload(beto.agent, general.id, { bytes: Buffer.from('x'), name: 'x.txt', type: 'text/plain' })).status).toBe(403);

    expect((await admin.put<QuickMessage>(`/quick-messages/${betos.id}`, { geral: true })).body.geral).toBe(true);
    expect(shortcodes((await ana.agent.get<Page>('/quick-messages')).body)).toEqual(['beto', 'saludo', 'secreto']);
    expect((await admin.delete(`/quick-messages/${privateOne.id}`)).status).toBe(204);
  });

  it('attaches, serves, replaces and removes a file', async () => {
    const { ana, beto } = await team('Adjuntos');
    const quick = (await ana.agent.post<QuickMessage>('/quick-messages', { shortcode: 'catalogo', message: 'Nuestro catálogo', geral: true })).body;
    const pdf = Buffer.from('%PDF-1.4 catalogo');
    const uploaded = await upload(ana.agent, quick.id, { bytes: pdf, name: 'catálogo.pdf', type: 'application/pdf' });
    expect(uploaded.status).toBe(200);
    const withFile = (await uploaded.json()) as QuickMessage;
    expect(withFile).toMatchObject({ isMedia: true, mediaName: 'catálogo.pdf' });
    expect(withFile.mediaPath).toMatch(/X-Amz-Signature=/);
    expect(Buffer.from(await (await fetch(withFile.mediaPath!)).arrayBuffer())).toEqual(pdf);

    // Another agent sees the general one with its file, in the list the chat input uses.
    const listed = (await beto.agent.get<QuickMessage[]>('/quick-messages/list')).body.find((q) => q.id === quick.id)!;
    expect(Buffer.from(await (await fetch(listed.mediaPath!)).arrayBuffer())).toEqual(pdf);
    const fresh = await beto.agent.get<{ url: string; expiresInSeconds: number }>(`/quick-messages/${quick.id}/media`);
    expect(fresh.body.url).toMatch(/X-Amz-Signature=/);

    // A real PNG: an upload's type comes from its bytes (docs/security.md, "Media").
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const replaced = (await (await upload(ana.agent, quick.id, { bytes: png, name: 'nueva.png', type: 'image/png' })).json()) as QuickMessage;
    expect(replaced.mediaName).toBe('nueva.png');
    expect(Buffer.from(await (await fetch(replaced.mediaPath!)).arrayBuffer())).toEqual(png);
    // The replaced file is gone from the bucket.
    expect((await fetch(withFile.mediaPath!)).status).toBe(404);

    const tooBig = await upload(ana.agent, quick.id, { bytes: Buffer.alloc(7 * 1024 * 1024 + 1, 1), name: 'grande.bin', type: 'application/octet-stream' });
    expect(tooBig.status).toBe(413);
    const noFile = await ana.agent.post(`/quick-messages/${quick.id}/media-upload`, { typeArch: 'x' });
    expect(noFile.status).toBe(400);

    const removed = await ana.agent.delete<QuickMessage>(`/quick-messages/${quick.id}/media-upload`);
    expect(removed.body).toMatchObject({ isMedia: false, mediaPath: null, mediaName: null });
    expect((await fetch(replaced.mediaPath!)).status).toBe(404);
    expect((await ana.agent.get(`/quick-messages/${quick.id}/media`)).status).toBe(404);
  });

  it('tells its author and the admins about a private one, and everyone about a general one', async () => {
    const { admin, ana, beto } = await team('VivoRapidas');
    const [adminLive, anaLive, betoLive] = [await listen(admin), await listen(ana.agent), await listen(beto.agent)];
    try {
      const record = (frames: LiveFrame[], shortcode: string) =>
        frames.find((f) => f.event === 'quickmessage' && (f.data.record as QuickMessage | undefined)?.shortcode === shortcode);
      await ana.agent.post('/quick-messages', { shortcode: 'privada', message: 'p' });
      await ana.agent.post('/quick-messages', { shortcode: 'publica', message: 'g', geral: true });
      await until(async () => record(betoLive.frames, 'publica'), 'the general one at Beto');
      await until(async () => record(anaLive.frames, 'privada'), 'the private one at Ana');
      await until(async () => record(adminLive.frames, 'privada'), 'the private one at the admin');
      // Both were written before the general one reached Beto, and events go out in order.
      expect(record(betoLive.frames, 'privada')).toBeUndefined();
    } finally {
      for (const live of [adminLive, anaLive, betoLive]) live.socket.close();
    }
  });

  it("never shows or changes another company's quick messages", async () => {
    const { admin } = await team('RapidaPropia');
    const quick = (await admin.post<QuickMessage>('/quick-messages', { shortcode: 'interna', message: 'Confidencial', geral: true })).body;
    const other = env.client();
    await signUpCompany(other, 'RapidaAjena');
    for (const [method, path, body] of [
      ['GET', `/quick-messages/${quick.id}`, undefined],
      ['GET', `/quick-messages/${quick.id}/media`, undefined],
      ['PUT', `/quick-messages/${quick.id}`, { message: 'robado' }],
      ['DELETE', `/quick-messages/${quick.id}`, undefined],
      ['DELETE', `/quick-messages/${quick.id}/media-upload`, undefined],
    ] as const) {
      const answer = await other.call(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain('Confidencial');
    }
    expect((await upload(other, quick.id, { bytes: Buffer.from('x'), name: 'x.txt', type: 'text/plain' })).status).toBe(404);
    expect((await other.get<Page>('/quick-messages')).body.records).toEqual([]);
    expect((await other.get<QuickMessage[]>('/quick-messages/list')).body).toEqual([]);
    expect((await admin.get<QuickMessage>(`/quick-messages/${quick.id}`)).body.message).toBe('Confidencial');
  });
});
