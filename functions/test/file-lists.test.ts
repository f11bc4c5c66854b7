import { describe, expect, it } from 'vitest';
import {
  fileListCreateInputSchema,
  fileListUpdateInputSchema,
  fileListUploadFieldsSchema,
} from '@atende/shared/entities/file-list';
import {
  assertHasOption,
  attachFile,
  fileListMediaKey,
  fileListsFor,
  mediaKeysOf,
  replaceOptions,
} from '../src/domain/file-list-rules.ts';
import { fileListEventRule } from '../src/modules/files/events.ts';
import type { LiveEvent } from '../src/live/live-event.ts';
import { listener } from './live-listener.ts';

const stored = [
  {
    id: 1,
    name: 'Precios',
    mediaKey: 'c7/file-lists/3/a',
    mediaName: 'precios.pdf',
    mediaMimetype: 'application/pdf',
  },
  { id: 2, name: 'Fotos', mediaKey: 'c7/file-lists/3/b', mediaName: 'foto.png', mediaMimetype: 'image/png' },
  { id: 4, name: 'Sin archivo' },
];

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('file list input (extended §5)', () => {
  it('needs a name of 3 or more characters (nombre muy corto) and a message (Requerido)', () => {
    expect(issuesOf(fileListCreateInputSchema.safeParse({ name: 'ab', message: '  ' }))).toEqual([
      ['name', 'nombre muy corto'],
      ['message', 'Requerido'],
    ]);
    expect(issuesOf(fileListCreateInputSchema.safeParse({}))).toEqual([
      ['name', 'Requerido'],
      ['message', 'Requerido'],
    ]);
    expect(fileListCreateInputSchema.parse({ name: ' Catálogo ', message: 'Mira' })).toEqual({
      name: 'Catálogo',
      message: 'Mira',
      options: [],
    });
  });

  it('needs a name on every option and bounds the options', () => {
    expect(
      issuesOf(
        fileListCreateInputSchema.safeParse({
          name: 'abc',
          message: 'm',
          options: [{ name: 'ok' }, { name: '' }],
        }),
      ),
    ).toEqual([['options.1.name', 'Requerido']]);
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `o${i}` }));
    expect(fileListCreateInputSchema.safeParse({ name: 'abc', message: 'm', options: many }).success).toBe(
      false,
    );
    expect(
      fileListCreateInputSchema.safeParse({ name: 'abc', message: 'm', options: many.slice(1) }).success,
    ).toBe(true);
    // The SPA sends new options with a null id and carries the stored file's fields along.
    expect(
      fileListUpdateInputSchema.parse({ options: [{ id: null, name: 'n', path: 'x.pdf', mediaType: null }] })
        .options,
    ).toEqual([{ id: undefined, name: 'n', path: 'x.pdf', mediaType: null }]);
  });

  it('takes the upload fields as the multipart sends them (strings), with the option id required', () => {
    expect(
      fileListUploadFieldsSchema.parse({
        fileId: '3',
        typeArch: 'fileList',
        id: '2',
        name: 'Fotos',
        mediaType: 'image/png',
      }),
    ).toEqual({
      fileId: 3,
      typeArch: 'fileList',
      id: 2,
      name: 'Fotos',
      mediaType: 'image/png',
    });
    expect(fileListUploadFieldsSchema.safeParse({ fileId: '3', typeArch: 'fileList' }).success).toBe(false);
    expect(fileListUploadFieldsSchema.safeParse({ id: '2', typeArch: 'other' }).success).toBe(false);
  });
});

describe('file list options', () => {
  it('keeps the options sent with a stored id (with their files), adds the rest with new ids and answers the dropped files', () => {
    const result = replaceOptions(
      stored,
      [{ id: 2, name: 'Fotos nuevas' }, { name: 'Videos' }, { id: 99, name: 'Desconocida' }],
      5,
    );
    expect(result.options).toEqual([
      {
        id: 2,
        name: 'Fotos nuevas',
        mediaKey: 'c7/file-lists/3/b',
        mediaName: 'foto.png',
        mediaMimetype: 'image/png',
      },
      { id: 5, name: 'Videos' },
      { id: 6, name: 'Desconocida' },
    ]);
    expect(result.nextOptionId).toBe(7);
    expect(result.removedKeys).toEqual(['c7/file-lists/3/a']);
  });

  it('never keeps one stored option twice: a repeated id makes a new option', () => {
    const result = replaceOptions(
      stored,
      [
        { id: 1, name: 'a' },
        { id: 1, name: 'b' },
      ],
      5,
    );
    expect(result.options.map((o) => [o.id, o.name, o.mediaKey])).toEqual([
      [1, 'a', 'c7/file-lists/3/a'],
      [5, 'b', undefined],
    ]);
    expect(result.removedKeys).toEqual(['c7/file-lists/3/b']);
  });

  it('removes every file when no option is sent', () => {
    expect(replaceOptions(stored, [], 5)).toEqual({
      options: [],
      nextOptionId: 5,
      removedKeys: ['c7/file-lists/3/a', 'c7/file-lists/3/b'],
    });
  });

  it('attaches an uploaded file to its option and answers the file it replaces', () => {
    const file = { mediaKey: 'c7/file-lists/3/c', mediaName: 'nuevo.pdf', mediaMimetype: 'application/pdf' };
    expect(attachFile(stored, 1, file)).toEqual({
      options: [{ id: 1, name: 'Precios', ...file }, stored[1], stored[2]],
      replacedKey: 'c7/file-lists/3/a',
    });
    expect(attachFile(stored, 4, file).replacedKey).toBeUndefined();
    expect(() => attachFile(stored, 3, file)).toThrow('ERR_NOT_FOUND');
    expect(() => assertHasOption(stored, 3)).toThrow('ERR_NOT_FOUND');
    expect(() => assertHasOption(stored, 4)).not.toThrow();
  });

  it('lists every file of a list, and keys new files under the company', () => {
    expect(mediaKeysOf(stored)).toEqual(['c7/file-lists/3/a', 'c7/file-lists/3/b']);
    expect(mediaKeysOf(undefined)).toEqual([]);
    const key = fileListMediaKey(7, 3);
    expect(key).toMatch(/^c7\/file-lists\/3\/[0-9a-f-]{36}$/);
    expect(fileListMediaKey(7, 3)).not.toBe(key);
  });

  it('searches on the name without case or accents, in name order', () => {
    const lists = [
      { id: 1, name: 'Precios' },
      { id: 2, name: 'catálogo' },
      { id: 3, name: 'Catalogo viejo' },
    ];
    expect(fileListsFor(lists, '').map((l) => l.id)).toEqual([2, 3, 1]);
    expect(fileListsFor(lists, 'CATALOGO').map((l) => l.id)).toEqual([2, 3]);
  });
});

describe('file events', () => {
  const item = {
    companyId: 7,
    id: 3,
    name: 'Catálogo',
    message: 'm',
    userId: 1,
    options: stored,
    nextOptionId: 5,
    version: 2,
  };

  it('sends the list without object keys to the company admins only', async () => {
    const [event] = (await fileListEventRule({
      entity: 'fileList',
      kind: 'update',
      oldItem: item,
      newItem: item,
    })) as LiveEvent[];
    expect(event).toMatchObject({
      companyId: 7,
      event: 'file',
      data: { action: 'update', fileList: { id: 3, name: 'Catálogo' } },
    });
    expect(JSON.stringify(event!.data)).not.toContain('file-lists/');
    expect((event!.data as { fileList: { options: unknown[] } }).fileList.options[0]).toEqual({
      id: 1,
      name: 'Precios',
      path: 'precios.pdf',
      mediaType: 'application/pdf',
      fileId: 3,
      url: null,
    });
    expect(event!.audience(listener(1, 'admin'))).toBe(true);
    expect(event!.audience(listener(2, 'user'))).toBe(false);
    expect(event!.audience(listener(2, 'supervisor'))).toBe(false);
  });

  it('sends the deleted list id', async () => {
    const [event] = (await fileListEventRule({
      entity: 'fileList',
      kind: 'delete',
      newItem: undefined,
      oldItem: item,
    })) as LiveEvent[];
    expect(event).toMatchObject({ companyId: 7, event: 'file', data: { action: 'delete', fileListId: 3 } });
  });
});
