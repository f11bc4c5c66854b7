import { describe, expect, it } from 'vitest';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import { checkUserForm, emptyUserForm, userFormOf } from './user-form.ts';

const admin = { editing: false, adminFields: true };

describe('user modal form (core §5 User)', () => {
  it('reports the spec texts for each field', () => {
    const result = checkUserForm({ ...emptyUserForm(), name: 'A', email: 'nope', password: '123' }, admin);
    expect(result).toEqual({
      ok: false,
      errors: {
        name: `${msg.tooShort}`,
        email: msg.invalidEmail,
        password: `${msg.tooShort}`,
      },
    });
    expect(msg.invalidEmail).toBe('Email no valido');
    const empty = checkUserForm(emptyUserForm(), admin);
    expect(empty.ok || empty.errors).toMatchObject({ name: 'Requerido', email: 'Requerido', password: 'Requerido' });
    const long = checkUserForm({ ...emptyUserForm(), name: 'x'.repeat(51), email: 'a@b.co', password: 'y'.repeat(51) }, admin);
    expect(long.ok || long.errors).toEqual({
      name: 'muy largo!',
      password: 'muy largo!',
    });
  });

  it('builds the POST /users payload with queues and the default connection', () => {
    const result = checkUserForm(
      {
        name: ' Ana ',
        email: 'ana@example.com',
        password: 'secret',
        profile: 'admin',
        allTicket: 'enabled',
        queueIds: [3, 4],
        whatsappId: '7',
      },
      admin,
    );
    expect(result).toEqual({
      ok: true,
      data: {
        name: 'Ana',
        email: 'ana@example.com',
        password: 'secret',
        profile: 'admin',
        allTicket: 'enabled',
        queueIds: [3, 4],
        whatsappId: 7,
      },
    });
  });

  it('keeps the password when editing with it left empty', () => {
    const form = userFormOf({ name: 'Ana', email: 'ana@example.com', profile: 'user', allTicket: 'desabled', queues: [] });
    const result = checkUserForm(form, { editing: true, adminFields: true });
    expect(result.ok && result.data).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
      profile: 'user',
      allTicket: 'desabled',
      queueIds: [],
      whatsappId: null,
    });
  });

  it('sends only name, e-mail and password when a non-admin edits their own profile', () => {
    const form = { ...emptyUserForm(), name: 'Beto', email: 'beto@example.com', profile: 'admin', queueIds: [1] };
    expect(checkUserForm(form, { editing: true, adminFields: false })).toEqual({
      ok: true,
      data: { name: 'Beto', email: 'beto@example.com' },
    });
    expect(checkUserForm({ ...form, password: 'nueva1' }, { editing: true, adminFields: false })).toEqual({
      ok: true,
      data: { name: 'Beto', email: 'beto@example.com', password: 'nueva1' },
    });
  });
});
