import { describe, expect, it } from 'vitest';
import { defaultTagColour } from '@atende/shared/constants';
import { tagCreateInputSchema } from '@atende/shared/entities/tag';
import { validateForm } from '../../lib/form-validation.ts';
import { emptyTagForm, parseTagEvent, tagFormInput, tagFormOf, textOnColour, type TagFormValues } from './tag-form.ts';

const checkTagForm = (values: TagFormValues) => validateForm(tagCreateInputSchema, tagFormInput(values));

describe('tag dialog (extended §5 Tag)', () => {
  it('requires a name of at least 3 characters (Obligatorio, Mensaje muy corto)', () => {
    expect(checkTagForm(emptyTagForm())).toEqual({ ok: false, errors: { name: 'Obligatorio' } });
    expect(checkTagForm({ ...emptyTagForm(), name: 'ab' })).toEqual({
      ok: false,
      errors: { name: 'Mensaje muy corto' },
    });
  });

  it('sends kanban as 0/1 and a valid colour', () => {
    expect(checkTagForm({ name: ' VIP ', color: '#F44336', kanban: true })).toEqual({
      ok: true,
      data: { name: 'VIP', color: '#F44336', kanban: 1 },
    });
    expect(checkTagForm({ name: 'Nuevo', color: 'rojo', kanban: false })).toEqual({
      ok: true,
      data: { name: 'Nuevo', color: defaultTagColour, kanban: 0 },
    });
    expect(tagFormOf({ name: 'x', color: '', kanban: 1 })).toEqual({
      name: 'x',
      color: defaultTagColour,
      kanban: true,
    });
  });

  it('picks readable text for a chip', () => {
    expect(textOnColour('#ffc107')).toBe('#1a1a1a');
    expect(textOnColour('#3f51b5')).toBe('#ffffff');
    expect(textOnColour('#fff')).toBe('#1a1a1a');
  });

  it('reads the live tag events', () => {
    expect(parseTagEvent({ action: 'update', tag: { id: 2, name: 'a', color: '#000' } })?.action).toBe(
      'update',
    );
    expect(parseTagEvent({ action: 'delete', tagId: 2 })).toEqual({ action: 'delete', id: 2 });
  });
});
