import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { AttachmentField, attachmentOf, RecordOptions } from './FormDialog.tsx';
import { IconButton } from './IconButton.tsx';

const photo = new File(['x'], 'foto.png', { type: 'image/png' });
const field = (props: Partial<Parameters<typeof AttachmentField>[0]> = {}) =>
  renderToStaticMarkup(
    <AttachmentField
      legend="Imagen"
      name=""
      attachLabel="Adjuntar"
      removeLabel="Quitar imagen"
      testId="record-file"
      onChoose={vi.fn()}
      onRemove={vi.fn()}
      {...props}
    />,
  );

describe("a record's one attachment", () => {
  it('shows the chosen file, else the stored one unless removed', () => {
    expect(attachmentOf('viejo.jpg', undefined, false)).toEqual({ name: 'viejo.jpg', removeStored: false });
    expect(attachmentOf('viejo.jpg', photo, false)).toEqual({ name: 'foto.png', removeStored: false });
    expect(attachmentOf('viejo.jpg', undefined, true)).toEqual({ name: '', removeStored: true });
    expect(attachmentOf('viejo.jpg', photo, true)).toEqual({ name: 'foto.png', removeStored: true });
  });

  it('removes a stored file only when there was one', () => {
    expect(attachmentOf('', undefined, true)).toEqual({ name: '', removeStored: false });
  });

  it('offers the attach button when there is none, the name and its remove button when there is one', () => {
    const empty = field();
    expect(empty).toContain('Adjuntar');
    expect(empty).not.toContain('Quitar imagen');
    expect(empty).toContain('data-testid="record-file"');
    const attached = field({ name: 'foto.png', accept: '.png,.jpg' });
    expect(attached).toContain('foto.png');
    expect(attached).toContain('aria-label="Quitar imagen"');
    expect(attached).toContain('accept=".png,.jpg"');
    expect(attached).not.toContain('Adjuntar');
  });

  it('only shows the attachment when read-only', () => {
    const attached = field({ name: 'foto.png', isReadOnly: true });
    expect(attached).toContain('foto.png');
    expect(attached).not.toContain('Quitar imagen');
    expect(field({ isReadOnly: true })).not.toContain('Adjuntar');
  });
});

describe('the options of a record select', () => {
  it('is one option a record, its id the value and its name the text', () => {
    expect(
      renderToStaticMarkup(
        <select>
          <RecordOptions
            records={[
              { id: 1, name: 'Ventas' },
              { id: 2, name: 'Soporte' },
            ]}
          />
        </select>,
      ),
    ).toBe('<select><option value="1">Ventas</option><option value="2">Soporte</option></select>');
  });

  it('is none while the records load', () => {
    expect(renderToStaticMarkup(<RecordOptions records={undefined} />)).toBe('');
  });
});

describe('an icon button', () => {
  it('is named by its label, which is also its tooltip', () => {
    const html = renderToStaticMarkup(
      <IconButton label="Cerrar" onClick={vi.fn()}>
        <svg />
      </IconButton>,
    );
    expect(html).toContain('aria-label="Cerrar"');
    expect(html).toContain('title="Cerrar"');
    expect(html).toMatch(/class="[^"]*\bicon-button\b/);
    expect(html).not.toContain('icon-button--danger');
  });

  it('takes a shorter tooltip, the danger colour and classes of its own', () => {
    const html = renderToStaticMarkup(
      <IconButton label="Eliminar: Ana" title="Eliminar" danger className="row__remove" onClick={vi.fn()}>
        <svg />
      </IconButton>,
    );
    expect(html).toContain('aria-label="Eliminar: Ana"');
    expect(html).toContain('title="Eliminar"');
    expect(html).toMatch(/class="[^"]*icon-button icon-button--danger row__remove/);
  });
});
