import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { listen } from './support/live.ts';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { until } from './support/until.ts';

let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Option = {
  id: number;
  name: string;
  path: string | null;
  mediaType: string | null;
  fileId: number;
  url: string | null;
};
type FileList = { id: number; name: string; message: string; userId: number; options: Option[] };
type Page = { files: FileList[]; count: number; hasMore: boolean };

const pdf = Buffer.from('%PDF-1.4 catalogo');
// A real PNG: an upload's type comes from its bytes (docs/security.md, "Media").
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** POST /files/uploadList/{id} as the SPA sends it: one option's file per request. */
async function upload(
  api: ApiClient,
  listId: number,
  optionId: number | undefined,
  file: { bytes: Buffer; name: string; type: string } | undefined,
  extra: Record<string, string> = {},
) {
  const form = new FormData();
  form.append('fileId', String(listId));
  form.append('typeArch', 'fileList');
  if (optionId !== undefined) form.append('id', String(optionId));
  if (file) {
    form.append('mediaType', file.type);
    form.append('files', new Blob([file.bytes], { type: file.type }), file.name);
  }
  for (const [key, value] of Object.entries(extra)) form.set(key, value);
  const answer = await fetch(`${env.runtime.url}/api/files/uploadList/${listId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
    body: form,
  });
  return { status: answer.status, body: (await answer.json()) as FileList & { error?: string } };
}

const bytesAt = async (url: string) => {
  const answer = await fetch(url);
  return { status: answer.status, bytes: Buffer.from(await answer.arrayBuffer()) };
};

async function admin(label: string) {
  const api = env.client();
  const company = await signUpCompany(api, label);
  return { api, company };
}

describe('file lists', () => {
  it('creates, lists, searches, changes and deletes lists, with the form texts', async () => {
    const { api, company } = await admin('Listas');
    const short = await api.post('/files', { name: 'ab', message: '' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: 'ERR_VALIDATION' });
    const issues = (short.body as { issues: { path: string; message: string }[] }).issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'nombre muy corto' },
        { path: 'message', message: 'Requerido' },
      ]),
    );
    const blankOption = await api.post('/files', { name: 'Lista', message: 'm', options: [{ name: ' ' }] });
    expect(blankOption.body).toMatchObject({
      error: 'ERR_VALIDATION',
      issues: [{ path: 'options.0.name', message: 'Requerido' }],
    });
    const tooMany = await api.post('/files', {
      name: 'Lista',
      message: 'm',
      options: Array.from({ length: 21 }, (_, i) => ({ name: `o${i}` })),
    });
    expect(tooMany.status).toBe(400);

    const created = await api.post<FileList>('/files', {
      name: 'Catálogo',
      message: 'Segue o catálogo',
      options: [{ name: 'Precios' }, { name: 'Fotos' }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Catálogo',
      message: 'Segue o catálogo',
      userId: company.user.id,
      options: [
        { id: 1, name: 'Precios', path: null, mediaType: null, fileId: created.body.id },
        { id: 2, name: 'Fotos', path: null, mediaType: null, fileId: created.body.id },
      ],
    });
    expect((await api.get<FileList>(`/files/${created.body.id}`)).body.name).toBe('Catálogo');

    // PUT keeps the options sent with their id, adds those without, drops the others; new ids never reuse old ones.
    const changed = await api.put<FileList>(`/files/${created.body.id}`, {
      name: 'Catálogo 2026',
      message: 'Nuevo',
      userId: company.user.id,
      options: [{ id: 2, name: 'Fotos nuevas' }, { name: 'Videos' }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.options.map((o) => [o.id, o.name])).toEqual([
      [2, 'Fotos nuevas'],
      [3, 'Videos'],
    ]);
    expect((await api.put(`/files/${created.body.id}`, { name: 'x' })).body).toMatchObject({
      error: 'ERR_VALIDATION',
      issues: [{ path: 'name', message: 'nombre muy corto' }],
    });
    // A PUT without options leaves them as they are.
    expect(
      (await api.put<FileList>(`/files/${created.body.id}`, { message: 'Solo el texto' })).body.options,
    ).toHaveLength(2);

    for (let i = 1; i <= 20; i += 1)
      await api.post('/files', { name: `Lista ${String(i).padStart(2, '0')}`, message: `m${i}` });
    const first = await api.get<Page>('/files?pageNumber=1');
    expect(first.body).toMatchObject({ count: 21, hasMore: true });
    expect(first.body.files).toHaveLength(20);
    expect(first.body.files[0]!.name).toBe('Catálogo 2026');
    const second = await api.get<Page>('/files?pageNumber=2');
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.files).toHaveLength(1);
    expect((await api.get<Page>('/files?searchParam=CATALOGO')).body.files.map((f) => f.name)).toEqual([
      'Catálogo 2026',
    ]);

    expect((await api.delete(`/files/${created.body.id}`)).status).toBe(204);
    expect((await api.get(`/files/${created.body.id}`)).status).toBe(404);
    expect((await api.delete(`/files/${created.body.id}`)).status).toBe(404);
    expect((await api.put(`/files/${created.body.id}`, { message: 'x' })).status).toBe(404);
  });

  it('stores each option file under the company, typed from its bytes, and deletes files no option names', async () => {
    const { api, company } = await admin('Archivos');
    const list = (
      await api.post<FileList>('/files', {
        name: 'Con archivos',
        message: 'Mira',
        options: [{ name: 'PDF' }, { name: 'Imagen' }],
      })
    ).body;

    const first = await upload(api, list.id, 1, {
      bytes: pdf,
      name: 'catálogo.pdf',
      type: 'application/pdf',
    });
    expect(first.status).toBe(200);
    // The browser claims a PDF; the bytes are a PNG, and that is what is stored.
    const second = await upload(api, list.id, 2, { bytes: png, name: 'foto.png', type: 'application/pdf' });
    expect(second.body.options).toEqual([
      expect.objectContaining({ id: 1, path: 'catálogo.pdf', mediaType: 'application/pdf' }),
      expect.objectContaining({ id: 2, path: 'foto.png', mediaType: 'image/png' }),
    ]);

    const read = (await api.get<FileList>(`/files/${list.id}`)).body;
    const [pdfUrl, pngUrl] = read.options.map((o) => o.url!);
    expect(pdfUrl).toMatch(/X-Amz-Signature=/);
    expect(await bytesAt(pdfUrl!)).toEqual({ status: 200, bytes: pdf });
    expect(await bytesAt(pngUrl!)).toEqual({ status: 200, bytes: png });
    // The key sits under the company's prefix.
    expect(new URL(pdfUrl!).pathname).toContain(`/c${company.companyId}/file-lists/${list.id}/`);

    // Replacing an option's file deletes the old object.
    const replaced = await upload(api, list.id, 1, {
      bytes: Buffer.from('precios,10\n'),
      name: 'precios.csv',
      type: 'text/csv',
    });
    expect(replaced.body.options[0]).toMatchObject({ path: 'precios.csv', mediaType: 'text/csv' });
    await until(
      async () => ((await bytesAt(pdfUrl!)).status === 404 ? true : undefined),
      'the replaced file deleted',
    );
    const csvUrl = (await api.get<FileList>(`/files/${list.id}`)).body.options[0]!.url!;

    // Dropping an option in a PUT deletes its file.
    await api.put(`/files/${list.id}`, { options: [{ id: 1, name: 'PDF' }] });
    await until(
      async () => ((await bytesAt(pngUrl!)).status === 404 ? true : undefined),
      'the dropped option file deleted',
    );
    expect((await bytesAt(csvUrl)).status).toBe(200);

    // Deleting the list deletes every file it holds.
    expect((await api.delete(`/files/${list.id}`)).status).toBe(204);
    await until(
      async () => ((await bytesAt(csvUrl)).status === 404 ? true : undefined),
      'the list files deleted',
    );
  });

  it('refuses uploads that are too large, of a refused type, for a missing option or without a file', async () => {
    const { api } = await admin('Rechazos');
    const list = (
      await api.post<FileList>('/files', { name: 'Rechazos', message: 'm', options: [{ name: 'uno' }] })
    ).body;
    const tooBig = await upload(api, list.id, 1, {
      bytes: Buffer.alloc(7 * 1024 * 1024 + 1, 1),
      name: 'grande.bin',
      type: 'application/octet-stream',
    });
    expect(tooBig).toMatchObject({ status: 413, body: { error: 'ERR_PAYLOAD_TOO_LARGE' } });
    const html = await upload(api, list.id, 1, {
      bytes: Buffer.from('<html><script>alert(1)</script></html>'),
      name: 'x.html',
      type: 'text/html',
    });
    expect(html).toMatchObject({ status: 415, body: { error: 'ERR_UNSUPPORTED_MEDIA_TYPE' } });
    expect(
      (await upload(api, list.id, 9, { bytes: pdf, name: 'a.pdf', type: 'application/pdf' })).status,
    ).toBe(404);
    expect(
      (await upload(api, list.id, undefined, { bytes: pdf, name: 'a.pdf', type: 'application/pdf' })).status,
    ).toBe(400);
    expect((await upload(api, list.id, 1, undefined)).status).toBe(400);
    expect(
      (
        await upload(
          api,
          list.id,
          1,
          { bytes: pdf, name: 'a.pdf', type: 'application/pdf' },
          { fileId: String(list.id + 1) },
        )
      ).status,
    ).toBe(400);
    expect(
      (await upload(api, list.id + 100, 1, { bytes: pdf, name: 'a.pdf', type: 'application/pdf' })).status,
    ).toBe(404);
    // Nothing was stored by the refused uploads.
    expect((await api.get<FileList>(`/files/${list.id}`)).body.options[0]).toMatchObject({
      path: null,
      url: null,
    });
  });

  it('keeps each company to its own lists and admins only', async () => {
    const a = await admin('Empresa A');
    const b = await admin('Empresa B');
    const list = (
      await a.api.post<FileList>('/files', {
        name: 'Secreta de A',
        message: 'solo A',
        options: [{ name: 'uno' }],
      })
    ).body;
    await upload(a.api, list.id, 1, { bytes: pdf, name: 'a.pdf', type: 'application/pdf' });

    expect((await b.api.get(`/files/${list.id}`)).status).toBe(404);
    expect((await b.api.put(`/files/${list.id}`, { message: 'robada' })).status).toBe(404);
    expect(
      (await upload(b.api, list.id, 1, { bytes: pdf, name: 'b.pdf', type: 'application/pdf' })).status,
    ).toBe(404);
    expect((await b.api.delete(`/files/${list.id}`)).status).toBe(404);
    expect(JSON.stringify((await b.api.get('/files?searchParam=Secreta')).body)).not.toContain('Secreta');
    expect((await a.api.get<FileList>(`/files/${list.id}`)).body).toMatchObject({
      message: 'solo A',
      options: [{ path: 'a.pdf' }],
    });

    const { agent } = await agentOf(a.api, a.company.companyId, 'agente');
    expect((await agent.get('/files')).status).toBe(403);
    expect((await agent.get(`/files/${list.id}`)).status).toBe(403);
    expect((await agent.post('/files', { name: 'Del agente', message: 'm' })).status).toBe(403);
  });

  it('tells the company admins about created, changed and deleted lists live; agents hear nothing', async () => {
    const { api, company } = await admin('En vivo');
    const { agent } = await agentOf(api, company.companyId, 'oyente');
    const adminLive = await listen(api);
    const agentLive = await listen(agent);
    try {
      const list = (
        await api.post<FileList>('/files', { name: 'Viva', message: 'm', options: [{ name: 'uno' }] })
      ).body;
      await upload(api, list.id, 1, { bytes: pdf, name: 'vivo.pdf', type: 'application/pdf' });
      await api.delete(`/files/${list.id}`);
      const fileEvents = () => adminLive.frames.filter((f) => f.event === 'file');
      await until(
        async () => (fileEvents().some((f) => f.data.action === 'delete') ? true : undefined),
        'the delete event',
      );
      expect(fileEvents().map((f) => f.data.action)).toEqual(['create', 'update', 'delete']);
      expect(fileEvents()[0]!.data.fileList).toMatchObject({
        id: list.id,
        name: 'Viva',
        options: [{ id: 1, name: 'uno', path: null }],
      });
      expect(fileEvents()[1]!.data.fileList).toMatchObject({
        options: [{ path: 'vivo.pdf', mediaType: 'application/pdf', url: null }],
      });
      expect(fileEvents()[2]!.data).toEqual({ action: 'delete', fileListId: list.id });
      expect(JSON.stringify(fileEvents())).not.toContain('file-lists/');
      expect(agentLive.frames.filter((f) => f.event === 'file')).toEqual([]);
    } finally {
      adminLive.socket.close();
      agentLive.socket.close();
    }
  });
});
