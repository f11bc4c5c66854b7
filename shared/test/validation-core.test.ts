import { describe, expect, it } from 'vitest';
import {
  contactCreateInputSchema,
  contactUpdateInputSchema,
  dashboardQuerySchema,
  loginInputSchema,
  messageCreateInputSchema,
  scheduleCreateInputSchema,
  signupInputSchema,
  ticketCreateInputSchemaFor,
  ticketNoteCreateInputSchema,
  userCreateInputSchema,
  userUpdateInputSchema,
  whatsappCreateInputSchema,
} from '../src/index.ts';
import { issuesOf, messagesAt } from './support.ts';

const validContact = { name: 'Maria', number: '5511999998888', email: 'maria@example.com' };

describe('contact', () => {
  it('accepts a valid contact and trims its fields', () => {
    const parsed = contactCreateInputSchema.parse({ ...validContact, name: '  Maria  ' });
    expect(parsed).toEqual({ ...validContact, extraInfo: [] });
  });

  it('requires a name (Requerido)', () => {
    expect(messagesAt(contactCreateInputSchema, { ...validContact, name: undefined }, 'name')).toEqual([
      'Requerido',
    ]);
    expect(messagesAt(contactCreateInputSchema, { ...validContact, name: '' }, 'name')).toEqual([
      'Requerido',
    ]);
    expect(messagesAt(contactCreateInputSchema, { ...validContact, name: '   ' }, 'name')).toEqual([
      'Requerido',
    ]);
    expect(messagesAt(contactCreateInputSchema, { ...validContact, name: null }, 'name')).toEqual([
      'Requerido',
    ]);
  });

  it('wants 2 to 50 characters in the name (muy corto / muy largo!)', () => {
    expect(messagesAt(contactCreateInputSchema, { ...validContact, name: 'A' }, 'name')).toEqual([
      'muy corto',
    ]);
    expect(messagesAt(contactCreateInputSchema, { ...validContact, name: 'Ab' }, 'name')).toEqual([]);
    expect(messagesAt(contactCreateInputSchema, { ...validContact, name: 'x'.repeat(50) }, 'name')).toEqual(
      [],
    );
    expect(messagesAt(contactCreateInputSchema, { ...validContact, name: 'x'.repeat(51) }, 'name')).toEqual([
      'muy largo!',
    ]);
  });

  it('wants 8 to 50 characters in the number', () => {
    expect(messagesAt(contactCreateInputSchema, { ...validContact, number: '1234567' }, 'number')).toEqual([
      'muy corto',
    ]);
    expect(messagesAt(contactCreateInputSchema, { ...validContact, number: '12345678' }, 'number')).toEqual(
      [],
    );
    expect(
      messagesAt(contactCreateInputSchema, { ...validContact, number: '1'.repeat(50) }, 'number'),
    ).toEqual([]);
    expect(
      messagesAt(contactCreateInputSchema, { ...validContact, number: '1'.repeat(51) }, 'number'),
    ).toEqual(['muy largo!']);
  });

  it('checks the e-mail when given (Email no valido) and allows it empty', () => {
    expect(messagesAt(contactCreateInputSchema, { ...validContact, email: 'maria@' }, 'email')).toEqual([
      'Email no valido',
    ]);
    expect(contactCreateInputSchema.parse({ ...validContact, email: '' }).email).toBe('');
    expect(contactCreateInputSchema.parse({ ...validContact, email: undefined }).email).toBe('');
    expect(contactCreateInputSchema.parse({ ...validContact, email: null }).email).toBe('');
  });

  it('carries extraInfo rows', () => {
    const parsed = contactCreateInputSchema.parse({
      ...validContact,
      extraInfo: [
        { name: 'CPF', value: '123' },
        { id: '7', name: 'Plano', value: 'Ouro' },
      ],
    });
    expect(parsed.extraInfo).toEqual([
      { name: 'CPF', value: '123' },
      { id: 7, name: 'Plano', value: 'Ouro' },
    ]);
    expect(
      messagesAt(
        contactCreateInputSchema,
        { ...validContact, extraInfo: [{ name: '', value: 'x' }] },
        'extraInfo.0.name',
      ),
    ).toEqual(['Requerido']);
  });

  it('applies the same rules to updates, for the fields present', () => {
    expect(contactUpdateInputSchema.parse({})).toEqual({});
    expect(messagesAt(contactUpdateInputSchema, { name: 'A' }, 'name')).toEqual(['muy corto']);
  });
});

describe('ticket note', () => {
  const base = { ticketId: 1, contactId: 2 };

  it('accepts a note of 2 characters or more', () => {
    expect(ticketNoteCreateInputSchema.parse({ ...base, note: 'ok' })).toEqual({ ...base, note: 'ok' });
  });

  it('requires the note and at least 2 characters', () => {
    expect(messagesAt(ticketNoteCreateInputSchema, { ...base, note: '' }, 'note')).toEqual(['Requerido']);
    expect(messagesAt(ticketNoteCreateInputSchema, { ...base }, 'note')).toEqual(['Requerido']);
    expect(messagesAt(ticketNoteCreateInputSchema, { ...base, note: 'a' }, 'note')).toEqual(['muy corto']);
  });
});

describe('schedule', () => {
  const valid = { body: 'Hola, recordatorio', contactId: 3, sendAt: '2024-05-10T15:00:00-03:00' };

  it('accepts a valid schedule', () => {
    expect(scheduleCreateInputSchema.parse(valid)).toEqual(valid);
  });

  it('wants a body of at least 5 characters (Mensaje muy corto), required (Obligatorio)', () => {
    expect(messagesAt(scheduleCreateInputSchema, { ...valid, body: 'Hola' }, 'body')).toEqual([
      'Mensaje muy corto',
    ]);
    expect(messagesAt(scheduleCreateInputSchema, { ...valid, body: 'Holas' }, 'body')).toEqual([]);
    expect(messagesAt(scheduleCreateInputSchema, { ...valid, body: '' }, 'body')).toEqual(['Obligatorio']);
    expect(messagesAt(scheduleCreateInputSchema, { ...valid, body: undefined }, 'body')).toEqual([
      'Obligatorio',
    ]);
  });

  it('requires contactId and sendAt (Obligatorio)', () => {
    const issues = issuesOf(scheduleCreateInputSchema, { body: 'Hola mundo' });
    expect(issues.contactId).toEqual(['Obligatorio']);
    expect(issues.sendAt).toEqual(['Obligatorio']);
    expect(messagesAt(scheduleCreateInputSchema, { ...valid, contactId: '' }, 'contactId')).toEqual([
      'Obligatorio',
    ]);
    expect(messagesAt(scheduleCreateInputSchema, { ...valid, sendAt: '' }, 'sendAt')).toEqual([
      'Obligatorio',
    ]);
  });

  it('wants sendAt as an ISO-8601 instant', () => {
    expect(messagesAt(scheduleCreateInputSchema, { ...valid, sendAt: '10/05/2024 15:00' }, 'sendAt')).toEqual(
      ['Fecha no válida'],
    );
  });
});

describe('sign-up', () => {
  const valid = {
    name: 'Acme Ltda',
    email: 'owner@acme.com',
    phone: '(11) 99999-8888',
    password: 'secret',
    planId: '2',
  };

  it('accepts a valid sign-up, keeping the phone digits and coercing planId', () => {
    expect(signupInputSchema.parse(valid)).toEqual({ ...valid, phone: '11999998888', planId: 2 });
  });

  it('checks the company name: 2..50, required', () => {
    expect(messagesAt(signupInputSchema, { ...valid, name: '' }, 'name')).toEqual(['Requerido']);
    expect(messagesAt(signupInputSchema, { ...valid, name: 'A' }, 'name')).toEqual(['muy corto']);
    expect(messagesAt(signupInputSchema, { ...valid, name: 'x'.repeat(51) }, 'name')).toEqual(['muy largo!']);
  });

  it('checks the e-mail (Correo inválido, Requerido)', () => {
    expect(messagesAt(signupInputSchema, { ...valid, email: 'nope' }, 'email')).toEqual(['Correo inválido']);
    expect(messagesAt(signupInputSchema, { ...valid, email: '' }, 'email')).toEqual(['Requerido']);
    expect(messagesAt(signupInputSchema, { ...valid, email: undefined }, 'email')).toEqual(['Requerido']);
  });

  it('wants a password of 5 to 50 characters', () => {
    expect(messagesAt(signupInputSchema, { ...valid, password: '1234' }, 'password')).toEqual(['muy corto']);
    expect(messagesAt(signupInputSchema, { ...valid, password: '12345' }, 'password')).toEqual([]);
    expect(messagesAt(signupInputSchema, { ...valid, password: 'x'.repeat(51) }, 'password')).toEqual([
      'muy largo!',
    ]);
    expect(messagesAt(signupInputSchema, { ...valid, password: '' }, 'password')).toEqual(['Requerido']);
  });

  it('allows at most 11 phone digits', () => {
    expect(messagesAt(signupInputSchema, { ...valid, phone: '(11) 99999-88889' }, 'phone')).toEqual([
      'muy largo!',
    ]);
    expect(signupInputSchema.parse({ ...valid, phone: undefined }).phone).toBe('');
  });

  it('requires a plan', () => {
    expect(messagesAt(signupInputSchema, { ...valid, planId: undefined }, 'planId')).toEqual(['Requerido']);
    expect(messagesAt(signupInputSchema, { ...valid, planId: '' }, 'planId')).toEqual(['Requerido']);
  });
});

describe('login', () => {
  it('needs e-mail and password, without checking the e-mail format', () => {
    expect(loginInputSchema.parse({ email: ' a@b.co ', password: 'x' })).toEqual({
      email: 'a@b.co',
      password: 'x',
    });
    expect(loginInputSchema.safeParse({ email: 'not-an-email', password: 'x' }).success).toBe(true);
    const issues = issuesOf(loginInputSchema, {});
    expect(issues.email).toEqual(['Requerido']);
    expect(issues.password).toEqual(['Requerido']);
  });
});

describe('user', () => {
  const valid = {
    name: 'Ana Souza',
    email: 'ana@acme.com',
    password: 'secret',
    profile: 'user',
    allTicket: 'desabled',
  };

  it('accepts a valid user with defaults', () => {
    expect(userCreateInputSchema.parse(valid)).toEqual({ ...valid, queueIds: [] });
  });

  it('checks name 2..50, required', () => {
    expect(messagesAt(userCreateInputSchema, { ...valid, name: 'A' }, 'name')).toEqual(['muy corto']);
    expect(messagesAt(userCreateInputSchema, { ...valid, name: '' }, 'name')).toEqual(['Requerido']);
    expect(messagesAt(userCreateInputSchema, { ...valid, name: 'x'.repeat(51) }, 'name')).toEqual([
      'muy largo!',
    ]);
  });

  it('checks the e-mail (Email no valido), required', () => {
    expect(messagesAt(userCreateInputSchema, { ...valid, email: 'ana' }, 'email')).toEqual([
      'Email no valido',
    ]);
    expect(messagesAt(userCreateInputSchema, { ...valid, email: '' }, 'email')).toEqual(['Requerido']);
  });

  it('checks the password 5..50', () => {
    expect(messagesAt(userCreateInputSchema, { ...valid, password: '123' }, 'password')).toEqual([
      'muy corto',
    ]);
    expect(messagesAt(userCreateInputSchema, { ...valid, password: 'x'.repeat(51) }, 'password')).toEqual([
      'muy largo!',
    ]);
  });

  it('requires profile and allTicket, and reads the profile case-insensitively', () => {
    expect(messagesAt(userCreateInputSchema, { ...valid, profile: undefined }, 'profile')).toEqual([
      'Requerido',
    ]);
    expect(messagesAt(userCreateInputSchema, { ...valid, profile: 'boss' }, 'profile')).toEqual([
      'Valor no válido',
    ]);
    expect(messagesAt(userCreateInputSchema, { ...valid, allTicket: '' }, 'allTicket')).toEqual([
      'Requerido',
    ]);
    expect(userCreateInputSchema.parse({ ...valid, profile: 'Admin' }).profile).toBe('admin');
    expect(userCreateInputSchema.parse({ ...valid, profile: 'supervisor' }).profile).toBe('supervisor');
  });

  it('treats an empty password on update as "unchanged"', () => {
    expect(userUpdateInputSchema.parse({ password: '' })).toEqual({});
    expect(messagesAt(userUpdateInputSchema, { password: '123' }, 'password')).toEqual(['muy corto']);
    expect(userUpdateInputSchema.parse({ queueIds: ['1', 2], whatsappId: '' })).toEqual({
      queueIds: [1, 2],
      whatsappId: null,
    });
  });
});

describe('connection', () => {
  it('requires a name of 2..50 and fills the defaults', () => {
    expect(whatsappCreateInputSchema.parse({ name: 'Vendas' })).toMatchObject({
      name: 'Vendas',
      isDefault: false,
      provider: 'beta',
      expiresTicket: 0,
      timeUseBotQueues: 0,
      maxUseBotQueues: 3,
      queueIds: [],
    });
    expect(messagesAt(whatsappCreateInputSchema, {}, 'name')).toEqual(['Requerido']);
    expect(messagesAt(whatsappCreateInputSchema, { name: 'V' }, 'name')).toEqual(['muy corto']);
    expect(messagesAt(whatsappCreateInputSchema, { name: 'x'.repeat(51) }, 'name')).toEqual(['muy largo!']);
  });
});

describe('dashboard filter', () => {
  it('accepts a period', () => {
    expect(dashboardQuerySchema.parse({ days: '7' })).toEqual({ days: 7 });
  });

  it('accepts both dates', () => {
    expect(dashboardQuerySchema.safeParse({ date_from: '2024-05-01', date_to: '2024-05-31' }).success).toBe(
      true,
    );
  });

  it('says Parametriza el filtro with no period and no dates', () => {
    expect(messagesAt(dashboardQuerySchema, {}, '')).toEqual(['Parametriza el filtro']);
    expect(messagesAt(dashboardQuerySchema, { days: '0', date_from: '2024-05-01' }, '')).toEqual([
      'Parametriza el filtro',
    ]);
  });

  it('refuses periods outside 3, 7, 15, 30, 60, 90', () => {
    expect(messagesAt(dashboardQuerySchema, { days: '5' }, 'days')).toEqual(['Valor no válido']);
  });
});

describe('new ticket', () => {
  it('needs a queue unless the profile is admin (Seleccione una cola)', () => {
    expect(messagesAt(ticketCreateInputSchemaFor('user'), { contactId: 1 }, 'queueId')).toEqual([
      'Seleccione una cola',
    ]);
    expect(messagesAt(ticketCreateInputSchemaFor('user'), { contactId: 1, queueId: '' }, 'queueId')).toEqual([
      'Seleccione una cola',
    ]);
    expect(ticketCreateInputSchemaFor('user').parse({ contactId: 1, queueId: '4' })).toEqual({
      contactId: 1,
      queueId: 4,
      status: 'open',
    });
    expect(ticketCreateInputSchemaFor('ADMIN').parse({ contactId: 1 })).toEqual({
      contactId: 1,
      status: 'open',
    });
  });
});

describe('message', () => {
  it('does not send empty messages unless they carry media', () => {
    expect(messagesAt(messageCreateInputSchema, { body: '   ' }, 'body')).toEqual(['El mensaje está vacío']);
    expect(messageCreateInputSchema.safeParse({ body: '', mediaUrl: 'https://x/y.png' }).success).toBe(true);
  });

  it('accepts a quoted message object or id, and reduces it to the id', () => {
    expect(
      messageCreateInputSchema.parse({ body: 'hi', quotedMsg: { id: 'ABC', body: 'x' } }).quotedMsg,
    ).toBe('ABC');
    expect(messageCreateInputSchema.parse({ body: 'hi', quotedMsg: 'DEF' }).quotedMsg).toBe('DEF');
  });
});
