import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { listen, type LiveFrame } from './support/live.ts';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime, superUser, type TestRuntime } from './support/runtime.ts';
import { until } from './support/until.ts';

let env: TestRuntime;
let root: ApiClient;

beforeAll(async () => {
  env = await startTestRuntime();
  root = env.client();
  expect((await root.login(superUser.email, superUser.password)).status).toBe(200);
});
afterAll(async () => env?.stop());

type Announcement = {
  id: number;
  title: string;
  text: string;
  priority: number;
  status: boolean;
  isMedia: boolean;
  mediaPath: string | null;
  mediaName: string | null;
};
type Page = { records: Announcement[]; count: number; hasMore: boolean };

/** A company, its admin and an agent. */
async function team(label: string) {
  const admin = env.client();
  const company = await signUpCompany(admin, label);
  const { agent } = await agentOf(admin, company.companyId, 'ana');
  return { admin, agent, company };
}

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
]);

function upload(api: ApiClient, id: number, file: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  return fetch(`${env.runtime.url}/api/announcements/${id}/media-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
    body: form,
  });
}

const titles = (page: Page) => page.records.map((a) => a.title);

describe('announcements', () => {
  it('lets only super users write, with the form rules', async () => {
    const { admin, agent } = await team('Escritores');
    for (const caller of [admin, agent]) {
      expect((await caller.post('/announcements', { title: 'Mío', text: 'de una empresa' })).status).toBe(
        403,
      );
    }
    const missing = await root.post('/announcements', { title: ' ', text: '' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: 'ERR_VALIDATION',
      issues: [
        { path: 'title', message: 'Requerido' },
        { path: 'text', message: 'Requerido' },
      ],
    });
    expect((await root.post('/announcements', { title: 'A', text: 'B', priority: 4 })).status).toBe(400);

    const created = await root.post<Announcement>('/announcements', {
      title: 'Mantenimiento',
      text: 'El sábado a las 22 h',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Mantenimiento',
      priority: 3,
      status: true,
      isMedia: false,
      mediaPath: null,
    });
    const id = created.body.id;

    for (const caller of [admin, agent]) {
      expect((await caller.put(`/announcements/${id}`, { title: 'Robado' })).status).toBe(403);
      expect((await caller.delete(`/announcements/${id}`)).status).toBe(403);
      expect((await upload(caller, id, { bytes: png, name: 'x.png', type: 'image/png' })).status).toBe(403);
      expect((await caller.delete(`/announcements/${id}/media-upload`)).status).toBe(403);
    }
    expect((await agent.get<Announcement>(`/announcements/${id}`)).body.title).toBe('Mantenimiento');

    const changed = await root.put<Announcement>(`/announcements/${id}`, {
      priority: '1',
      text: 'El domingo',
    });
    expect(changed.body).toMatchObject({ title: 'Mantenimiento', text: 'El domingo', priority: 1 });
    expect((await root.put(`/announcements/${id}`, { title: '' })).status).toBe(400);
    expect((await root.delete(`/announcements/${id}`)).status).toBe(204);
    expect((await root.get(`/announcements/${id}`)).status).toBe(404);
    expect((await root.delete(`/announcements/${id}`)).status).toBe(404);
    expect((await root.put(`/announcements/${id}`, { title: 'Otra vez' })).status).toBe(404);
  });

  it('shows every company only the active ones, newest first; super users see all', async () => {
    const first = await team('Lectores uno');
    const second = await team('Lectores dos');
    const active = await root.post<Announcement>('/announcements', {
      title: 'Lectura activa',
      text: 'para todos',
      priority: 2,
    });
    const inactive = await root.post<Announcement>('/announcements', {
      title: 'Lectura borrador',
      text: 'nadie',
      status: false,
    });
    const newer = await root.post<Announcement>('/announcements', {
      title: 'Lectura nueva',
      text: 'reciente',
      priority: 1,
    });

    for (const reader of [first.admin, first.agent, second.agent]) {
      const page = await reader.get<Page>('/announcements?searchParam=lectura');
      expect(page.status).toBe(200);
      expect(titles(page.body)).toEqual(['Lectura nueva', 'Lectura activa']);
      expect((await reader.get(`/announcements/${inactive.body.id}`)).status).toBe(404);
      expect((await reader.get<Page>('/announcements?searchParam=borrador')).body.records).toEqual([]);
    }
    expect(titles((await root.get<Page>('/announcements?searchParam=lectura')).body)).toEqual([
      'Lectura nueva',
      'Lectura borrador',
      'Lectura activa',
    ]);
    expect((await root.get<Announcement>(`/announcements/${inactive.body.id}`)).body.status).toBe(false);

    // Withdrawing one takes it from everyone's list at once.
    await root.put(`/announcements/${active.body.id}`, { status: false });
    expect(titles((await second.agent.get<Page>('/announcements?searchParam=lectura')).body)).toEqual([
      'Lectura nueva',
    ]);
    await root.delete(`/announcements/${newer.body.id}`);
    await root.delete(`/announcements/${active.body.id}`);
    await root.delete(`/announcements/${inactive.body.id}`);
  });

  it('pages by 20 with hasMore', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 21; i++)
      ids.push(
        (await root.post<Announcement>('/announcements', { title: `Página ${i}`, text: 'x' })).body.id,
      );
    const one = await root.get<Page>('/announcements?searchParam=p%C3%A1gina');
    expect(one.body).toMatchObject({ count: 21, hasMore: true });
    expect(one.body.records).toHaveLength(20);
    const two = await root.get<Page>('/announcements?searchParam=pagina&pageNumber=2');
    expect(two.body).toMatchObject({ hasMore: false, records: [{ title: 'Página 0' }] });
    for (const id of ids) await root.delete(`/announcements/${id}`);
  });

  it('takes PNG and JPEG images by their bytes, refuses anything else, and removes them', async () => {
    const { agent } = await team('Imágenes');
    const { body } = await root.post<Announcement>('/announcements', { title: 'Con imagen', text: 'mirad' });
    const asPng = await upload(root, body.id, { bytes: png, name: 'aviso.png', type: 'image/png' });
    expect(asPng.status).toBe(200);
    expect(await asPng.json()).toMatchObject({ isMedia: true, mediaName: 'aviso.png' });

    // Every reader gets a signed URL that serves the picture.
    const read = await agent.get<Announcement>(`/announcements/${body.id}`);
    const picture = await fetch(read.body.mediaPath!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(png);

    // A JPEG sent as .png is stored as what it is.
    const asJpeg = await upload(root, body.id, { bytes: jpeg, name: 'foto.jpg', type: 'image/png' });
    expect(asJpeg.status).toBe(200);
    const jpegRead = await root.get<Announcement & { mediaType: string }>(`/announcements/${body.id}`);
    expect(jpegRead.body).toMatchObject({ mediaName: 'foto.jpg', mediaType: 'image/jpeg' });

    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
    for (const refused of [
      { bytes: gif, name: 'a.gif', type: 'image/gif' },
      {
        bytes: Buffer.from('<!doctype html><script>alert(1)</script>'),
        name: 'falso.png',
        type: 'image/png',
      },
      { bytes: Buffer.from('hola'), name: 'nota.txt', type: 'text/plain' },
    ]) {
      const answer = await upload(root, body.id, refused);
      expect(answer.status).toBe(415);
      expect(await answer.json()).toEqual({ error: 'ERR_UNSUPPORTED_MEDIA_TYPE' });
    }
    // The refused uploads left the JPEG in place.
    expect((await root.get<Announcement>(`/announcements/${body.id}`)).body.mediaName).toBe('foto.jpg');
    expect((await upload(root, 999_999, { bytes: png, name: 'x.png', type: 'image/png' })).status).toBe(404);

    const removed = await root.delete<Announcement>(`/announcements/${body.id}/media-upload`);
    expect(removed.body).toMatchObject({ isMedia: false, mediaPath: null, mediaName: null });
    await root.delete(`/announcements/${body.id}`);
  });

  it('tells every signed-in user of every company when one is published, edited or withdrawn', async () => {
    const first = await team('En vivo uno');
    const second = await team('En vivo dos');
    const sockets = [await listen(first.agent), await listen(second.admin), await listen(root)];
    const [agentLive, adminLive, rootLive] = sockets;
    const heard = (frames: LiveFrame[], id: number, action: string) =>
      frames.find(
        (f) =>
          f.event === 'announcement' &&
          f.data.action === action &&
          ((f.data.record as Announcement | undefined)?.id === id || f.data.id === id),
      );
    try {
      const { body } = await root.post<Announcement>('/announcements', {
        title: 'En vivo',
        text: 'hola',
        priority: 1,
      });
      for (const live of sockets)
        await until(async () => heard(live.frames, body.id, 'create'), 'the published one');
      expect(heard(agentLive!.frames, body.id, 'create')!.data.record).toMatchObject({
        title: 'En vivo',
        priority: 1,
        status: true,
      });

      await root.put(`/announcements/${body.id}`, { title: 'En vivo editado' });
      await until(async () => heard(adminLive!.frames, body.id, 'update'), 'the edit at company two');

      await root.put(`/announcements/${body.id}`, { status: false });
      await until(async () => heard(agentLive!.frames, body.id, 'delete'), 'the withdrawal at company one');
      await until(
        async () =>
          rootLive!.frames.find(
            (f) =>
              f.event === 'announcement' && (f.data.record as Announcement | undefined)?.status === false,
          ),
        'the super user keeps it, inactive',
      );

      // An inactive one reaches only super users; the companies never hear of it.
      const draft = await root.post<Announcement>('/announcements', {
        title: 'Borrador en vivo',
        text: 'x',
        status: false,
      });
      await until(
        async () => heard(rootLive!.frames, draft.body.id, 'create'),
        'the draft at the super user',
      );
      await root.delete(`/announcements/${body.id}`);
      await until(async () => heard(rootLive!.frames, body.id, 'delete'), 'the deletion at the super user');
      expect(
        agentLive!.frames.some(
          (f) => f.event === 'announcement' && JSON.stringify(f.data).includes('Borrador'),
        ),
      ).toBe(false);
      expect(
        adminLive!.frames.some(
          (f) => f.event === 'announcement' && JSON.stringify(f.data).includes('Borrador'),
        ),
      ).toBe(false);
      await root.delete(`/announcements/${draft.body.id}`);
    } finally {
      for (const live of sockets) live.socket.close();
    }
  });
});
