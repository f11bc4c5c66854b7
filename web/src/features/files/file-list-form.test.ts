import { describe, expect, it } from 'vitest';
import { checkFileListForm, emptyOptionRow, fileListFormOf, parseFileListEvent } from './file-list-form.ts';

describe('file list form (extended §5)', () => {
  it('shows the spec texts under the name, the message and each option name', () => {
    const checked = checkFileListForm({
      name: 'ab',
      message: ' ',
      options: [{ ...emptyOptionRow(), name: 'ok' }, emptyOptionRow()],
    });
    expect(checked).toEqual({
      ok: false,
      errors: {
        name: 'nombre muy corto',
        message: 'Requerido',
        'options.1.name': 'Requerido',
      },
    });
  });

  it('sends stored options with their id, new ones without, and the chosen files by place', () => {
    const file = new File(['x'], 'foto.png', { type: 'image/png' });
    const form = fileListFormOf({
      id: 3,
      name: 'Catálogo',
      message: 'Mira',
      options: [
        { id: 4, name: 'Precios', path: 'precios.pdf', mediaType: 'application/pdf', url: 'https://x' },
      ],
    });
    expect(form.options[0]).toMatchObject({ id: 4, name: 'Precios', path: 'precios.pdf', url: 'https://x' });
    const checked = checkFileListForm({
      ...form,
      options: [...form.options, { ...emptyOptionRow(), name: ' Foto ', file }],
    });
    expect(checked).toEqual({
      ok: true,
      data: {
        payload: {
          name: 'Catálogo',
          message: 'Mira',
          options: [{ id: 4, name: 'Precios' }, { name: 'Foto' }],
        },
        files: [undefined, file],
      },
    });
  });

  it('reads the live file events', () => {
    const fileList = { id: 3, name: 'L', message: 'm', options: [] };
    expect(parseFileListEvent({ action: 'create', fileList })).toEqual({
      action: 'create',
      record: fileList,
    });
    expect(parseFileListEvent({ action: 'delete', fileListId: 3 })).toEqual({ action: 'delete', id: 3 });
    expect(parseFileListEvent({ action: 'delete' })).toBeUndefined();
  });
});
