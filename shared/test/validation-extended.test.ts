import { describe, expect, it } from 'vitest';
import {
  announcementCreateInputSchema,
  campaignCreateInputSchema,
  campaignSettingsSchema,
  chatCreateInputSchema,
  chatMessageCreateInputSchema,
  checkoutAddressSchema,
  checkoutInputSchema,
  contactListCreateInputSchema,
  contactListItemCreateInputSchema,
  externalMessageInputSchema,
  fileListCreateInputSchema,
  localTaskListSchema,
  localTaskSchema,
  passwordResetFormSchema,
  passwordResetRequestSchema,
  promptCreateInputSchema,
  queueCreateInputSchema,
  queueIntegrationCreateInputSchema,
  queueIntegrationUpdateInputSchema,
  queueOptionListQuerySchema,
  quickMessageCreateInputSchema,
  settingUpdateInputSchema,
  tagCreateInputSchema,
  tagSyncInputSchema,
} from '../src/index.ts';
import { issuesOf, messagesAt } from './support.ts';

describe('campaign', () => {
  it('accepts a minimal campaign, starting INATIVA without confirmation', () => {
    expect(campaignCreateInputSchema.parse({ name: 'Promo' })).toMatchObject({
      name: 'Promo',
      status: 'INATIVA',
      confirmation: false,
    });
  });

  it('wants a name of 2..50, required', () => {
    expect(messagesAt(campaignCreateInputSchema, {}, 'name')).toEqual(['Requerido']);
    expect(messagesAt(campaignCreateInputSchema, { name: 'P' }, 'name')).toEqual(['muy corto']);
    expect(messagesAt(campaignCreateInputSchema, { name: 'x'.repeat(51) }, 'name')).toEqual(['muy largo!']);
  });

  it('reads empty form values as null', () => {
    const parsed = campaignCreateInputSchema.parse({
      name: 'Promo',
      contactListId: '',
      whatsappId: '3',
      scheduledAt: '',
      message1: '',
      message2: 'Olá {nome}',
    });
    expect(parsed).toMatchObject({
      contactListId: null,
      whatsappId: 3,
      scheduledAt: null,
      message1: null,
      message2: 'Olá {nome}',
    });
  });

  it('refuses an unknown status', () => {
    expect(campaignCreateInputSchema.safeParse({ name: 'Promo', status: 'DONE' }).success).toBe(false);
  });
});

describe('campaign settings', () => {
  it('fills the defaults 20, 20, 60 and no variables', () => {
    expect(campaignSettingsSchema.parse({})).toEqual({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [],
    });
  });

  it('accepts only the listed interval options', () => {
    expect(
      campaignSettingsSchema.safeParse({ messageInterval: 15, longerIntervalAfter: 0, greaterInterval: 120 })
        .success,
    ).toBe(true);
    expect(messagesAt(campaignSettingsSchema, { messageInterval: 7 }, 'messageInterval')).toEqual([
      'Valor no válido',
    ]);
    expect(messagesAt(campaignSettingsSchema, { greaterInterval: 2 }, 'greaterInterval')).toEqual([
      'Valor no válido',
    ]);
  });

  it('does not add a variable shortcut twice', () => {
    const parsed = campaignSettingsSchema.parse({
      variables: [
        { key: 'loja', value: 'Centro' },
        { key: 'loja', value: 'Norte' },
        { key: 'site', value: 'acme.com' },
      ],
    });
    expect(parsed.variables).toEqual([
      { key: 'loja', value: 'Centro' },
      { key: 'site', value: 'acme.com' },
    ]);
  });
});

describe('announcement', () => {
  it('requires title and text (Requerido), defaulting priority 3 and active', () => {
    expect(announcementCreateInputSchema.parse({ title: 'Aviso', text: 'Manutenção' })).toEqual({
      title: 'Aviso',
      text: 'Manutenção',
      priority: 3,
      status: true,
    });
    const issues = issuesOf(announcementCreateInputSchema, { title: '', text: ' ' });
    expect(issues.title).toEqual(['Requerido']);
    expect(issues.text).toEqual(['Requerido']);
  });

  it('accepts priorities 1..3 only', () => {
    expect(announcementCreateInputSchema.parse({ title: 'A', text: 'B', priority: '1' }).priority).toBe(1);
    expect(announcementCreateInputSchema.safeParse({ title: 'A', text: 'B', priority: 4 }).success).toBe(
      false,
    );
  });
});

describe('file list', () => {
  it('accepts a valid list', () => {
    expect(fileListCreateInputSchema.parse({ name: 'Catálogo', message: 'Segue o catálogo' })).toEqual({
      name: 'Catálogo',
      message: 'Segue o catálogo',
      options: [],
    });
  });

  it('wants a name of at least 3 characters (nombre muy corto), required', () => {
    expect(messagesAt(fileListCreateInputSchema, { name: 'ab', message: 'm' }, 'name')).toEqual([
      'nombre muy corto',
    ]);
    expect(messagesAt(fileListCreateInputSchema, { name: 'abc', message: 'm' }, 'name')).toEqual([]);
    expect(messagesAt(fileListCreateInputSchema, { message: 'm' }, 'name')).toEqual(['Requerido']);
  });

  it('requires the message (Requerido)', () => {
    expect(messagesAt(fileListCreateInputSchema, { name: 'abc', message: '' }, 'message')).toEqual([
      'Requerido',
    ]);
  });
});

describe('prompt', () => {
  const valid = {
    name: 'Atendente IA',
    prompt: 'Você é um atendente cordial da Acme. Responda em português, de forma breve.',
    apiKey: 'sk-test',
    queueId: 2,
  };

  it('accepts a valid prompt and fills the defaults', () => {
    expect(promptCreateInputSchema.parse(valid)).toEqual({
      ...valid,
      voice: 'texto',
      voiceKey: '',
      voiceRegion: '',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
    });
  });

  it('wants a name of 5..100 (¡Muy corto! / ¡Muy largo!)', () => {
    expect(messagesAt(promptCreateInputSchema, { ...valid, name: 'Bot' }, 'name')).toEqual(['¡Muy corto!']);
    expect(messagesAt(promptCreateInputSchema, { ...valid, name: 'x'.repeat(100) }, 'name')).toEqual([]);
    expect(messagesAt(promptCreateInputSchema, { ...valid, name: 'x'.repeat(101) }, 'name')).toEqual([
      '¡Muy largo!',
    ]);
  });

  it('wants a prompt of at least 50 characters', () => {
    expect(messagesAt(promptCreateInputSchema, { ...valid, prompt: 'x'.repeat(49) }, 'prompt')).toEqual([
      '¡Muy corto!',
    ]);
    expect(messagesAt(promptCreateInputSchema, { ...valid, prompt: 'x'.repeat(50) }, 'prompt')).toEqual([]);
  });

  it('requires a queue (Indique el sector) and the API key', () => {
    expect(messagesAt(promptCreateInputSchema, { ...valid, queueId: undefined }, 'queueId')).toEqual([
      'Indique el sector',
    ]);
    expect(messagesAt(promptCreateInputSchema, { ...valid, queueId: '' }, 'queueId')).toEqual([
      'Indique el sector',
    ]);
    expect(messagesAt(promptCreateInputSchema, { ...valid, apiKey: '' }, 'apiKey')).toEqual(['Requerido']);
  });

  it('accepts only the listed voices', () => {
    expect(promptCreateInputSchema.parse({ ...valid, voice: 'pt-BR-FranciscaNeural' }).voice).toBe(
      'pt-BR-FranciscaNeural',
    );
    expect(messagesAt(promptCreateInputSchema, { ...valid, voice: 'en-US-Jenny' }, 'voice')).toEqual([
      'Valor no válido',
    ]);
  });
});

describe('queue integration', () => {
  it('defaults to typebot with its defaults and copies the name into projectName', () => {
    expect(queueIntegrationCreateInputSchema.parse({ name: 'Bot vendas' })).toMatchObject({
      type: 'typebot',
      name: 'Bot vendas',
      projectName: 'Bot vendas',
      typebotDelayMessage: 1000,
      typebotExpires: 1,
    });
  });

  it('keeps the dialogflow project name as given', () => {
    const parsed = queueIntegrationCreateInputSchema.parse({
      type: 'dialogflow',
      name: 'DF',
      projectName: 'my-gcp-project',
      language: 'pt-BR',
    });
    expect(parsed.projectName).toBe('my-gcp-project');
  });

  it('copies the name on update too, for n8n and webhook', () => {
    expect(queueIntegrationUpdateInputSchema.parse({ type: 'n8n', name: 'Fluxo' }).projectName).toBe('Fluxo');
    expect(queueIntegrationUpdateInputSchema.parse({ type: 'webhook', name: 'Hook' }).projectName).toBe(
      'Hook',
    );
  });

  it('wants a name of 2..50 (muy corto / muy largo!), required', () => {
    expect(messagesAt(queueIntegrationCreateInputSchema, { name: 'B' }, 'name')).toEqual(['muy corto']);
    expect(messagesAt(queueIntegrationCreateInputSchema, { name: 'x'.repeat(51) }, 'name')).toEqual([
      'muy largo!',
    ]);
    expect(messagesAt(queueIntegrationCreateInputSchema, {}, 'name')).toEqual(['Requerido']);
  });

  it('refuses unknown types and languages', () => {
    expect(queueIntegrationCreateInputSchema.safeParse({ name: 'Bot', type: 'zapier' }).success).toBe(false);
    expect(queueIntegrationCreateInputSchema.safeParse({ name: 'Bot', language: 'fr' }).success).toBe(false);
  });
});

describe('password reset', () => {
  const valid = {
    email: 'ana@acme.com',
    token: '123456',
    newPassword: 'Segura123',
    confirmPassword: 'Segura123',
  };

  it('step 1 wants a valid e-mail (Email no valido), required (Requerido)', () => {
    expect(passwordResetRequestSchema.safeParse({ email: 'ana@acme.com' }).success).toBe(true);
    expect(messagesAt(passwordResetRequestSchema, { email: 'ana' }, 'email')).toEqual(['Email no valido']);
    expect(messagesAt(passwordResetRequestSchema, { email: '' }, 'email')).toEqual(['Requerido']);
  });

  it('step 2 accepts a strong, confirmed password', () => {
    expect(passwordResetFormSchema.parse(valid)).toEqual(valid);
  });

  it('wants 8+ characters with upper, lower and a digit', () => {
    const rule =
      'La contraseña debe tener al menos 8 caracteres, con una mayúscula, una minúscula y un número';
    for (const weak of ['Segur12', 'segura123', 'SEGURA123', 'SeguraSenha']) {
      expect(
        messagesAt(
          passwordResetFormSchema,
          { ...valid, newPassword: weak, confirmPassword: weak },
          'newPassword',
        ),
      ).toEqual([rule]);
    }
    expect(messagesAt(passwordResetFormSchema, { ...valid, newPassword: '' }, 'newPassword')).toEqual([
      'Requerido',
    ]);
  });

  it('wants the confirmation to match (Sus contraseñas deben coincidir), required', () => {
    expect(
      messagesAt(passwordResetFormSchema, { ...valid, confirmPassword: 'Segura124' }, 'confirmPassword'),
    ).toEqual(['Sus contraseñas deben coincidir']);
    expect(messagesAt(passwordResetFormSchema, { ...valid, confirmPassword: '' }, 'confirmPassword')).toEqual(
      ['Requerido'],
    );
  });
});

describe('internal chat', () => {
  it('accepts a title and at least one user', () => {
    expect(chatCreateInputSchema.parse({ title: 'Equipe', users: [{ id: '2', name: 'Ana' }] })).toEqual({
      title: 'Equipe',
      users: [{ id: 2, name: 'Ana' }],
    });
  });

  it('asks for the title', () => {
    expect(messagesAt(chatCreateInputSchema, { title: ' ', users: [{ id: 1 }] }, 'title')).toEqual([
      'Por favor, complete el título de la conversación.',
    ]);
    expect(messagesAt(chatCreateInputSchema, { users: [{ id: 1 }] }, 'title')).toEqual([
      'Por favor, complete el título de la conversación.',
    ]);
  });

  it('asks for at least one user', () => {
    expect(messagesAt(chatCreateInputSchema, { title: 'Equipe', users: [] }, 'users')).toEqual([
      'Por favor, seleccione al menos un usuario.',
    ]);
    expect(messagesAt(chatCreateInputSchema, { title: 'Equipe' }, 'users')).toEqual([
      'Por favor, seleccione al menos un usuario.',
    ]);
  });

  it('does not send blank messages', () => {
    expect(chatMessageCreateInputSchema.safeParse({ message: '  ' }).success).toBe(false);
    expect(chatMessageCreateInputSchema.parse({ message: ' oi ' })).toEqual({ message: 'oi' });
  });
});

describe('queue', () => {
  it('accepts a queue and gives it the default hours', () => {
    const parsed = queueCreateInputSchema.parse({ name: 'Suporte', color: '#2196f3' });
    expect(parsed.schedules).toHaveLength(7);
    expect(parsed.schedules[5]).toEqual({
      weekday: 'Sábado',
      weekdayEn: 'saturday',
      startTime: '08:00',
      endTime: '12:00',
    });
  });

  it('wants a name of 2..50 (muy corto / muy largo!)', () => {
    expect(messagesAt(queueCreateInputSchema, { name: 'S', color: '#fff' }, 'name')).toEqual(['muy corto']);
    expect(messagesAt(queueCreateInputSchema, { name: 'x'.repeat(51), color: '#fff' }, 'name')).toEqual([
      'muy largo!',
    ]);
  });

  it('wants a colour of 3..9 characters, required', () => {
    expect(messagesAt(queueCreateInputSchema, { name: 'Suporte' }, 'color')).toEqual(['Requerido']);
    expect(messagesAt(queueCreateInputSchema, { name: 'Suporte', color: '#f' }, 'color')).toEqual([
      'muy corto',
    ]);
    expect(messagesAt(queueCreateInputSchema, { name: 'Suporte', color: '#fff' }, 'color')).toEqual([]);
    expect(messagesAt(queueCreateInputSchema, { name: 'Suporte', color: '#ffffffff' }, 'color')).toEqual([]);
    expect(messagesAt(queueCreateInputSchema, { name: 'Suporte', color: '#ffffffff0' }, 'color')).toEqual([
      'muy largo!',
    ]);
  });

  it('checks the hours: HH:MM and one row per weekday', () => {
    const monday = { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' };
    expect(
      messagesAt(
        queueCreateInputSchema,
        { name: 'Suporte', color: '#fff', schedules: [{ ...monday, startTime: '8h' }] },
        'schedules.0.startTime',
      ),
    ).toEqual(['Hora no válida (HH:MM)']);
    expect(
      queueCreateInputSchema.safeParse({ name: 'Suporte', color: '#fff', schedules: [monday, monday] })
        .success,
    ).toBe(false);
    expect(
      queueCreateInputSchema.safeParse({
        name: 'Suporte',
        color: '#fff',
        schedules: [{ ...monday, endTime: '24:00' }],
      }).success,
    ).toBe(false);
  });

  it('reads queue-option parentId -1 as the root', () => {
    expect(queueOptionListQuerySchema.parse({ queueId: '3', parentId: '-1' })).toEqual({
      queueId: 3,
      parentId: null,
    });
    expect(queueOptionListQuerySchema.parse({ queueId: '3' })).toEqual({ queueId: 3, parentId: null });
    expect(queueOptionListQuerySchema.parse({ queueId: '3', parentId: '9' })).toEqual({
      queueId: 3,
      parentId: 9,
    });
    expect(queueOptionListQuerySchema.safeParse({ queueId: '3', parentId: '0' }).success).toBe(false);
  });
});

describe('tag', () => {
  it('accepts a tag and normalises kanban to 0/1', () => {
    expect(tagCreateInputSchema.parse({ name: 'VIP', color: '#f44336', kanban: true })).toEqual({
      name: 'VIP',
      color: '#f44336',
      kanban: 1,
    });
    expect(tagCreateInputSchema.parse({ name: 'VIP' })).toEqual({ name: 'VIP', color: '#90a4ae', kanban: 0 });
  });

  it('wants a name of at least 3 characters (Mensaje muy corto), required (Obligatorio)', () => {
    expect(messagesAt(tagCreateInputSchema, { name: 'VI' }, 'name')).toEqual(['Mensaje muy corto']);
    expect(messagesAt(tagCreateInputSchema, { name: '' }, 'name')).toEqual(['Obligatorio']);
    expect(messagesAt(tagCreateInputSchema, {}, 'name')).toEqual(['Obligatorio']);
  });

  it('syncs tags given as ids or objects', () => {
    expect(tagSyncInputSchema.parse({ ticketId: '5', tags: [{ id: 1, name: 'VIP' }, '2', 1] })).toEqual({
      ticketId: 5,
      tags: [1, 2],
    });
  });
});

describe('contact lists', () => {
  it('wants a list name of 2..50, required', () => {
    expect(contactListCreateInputSchema.safeParse({ name: 'Clientes' }).success).toBe(true);
    expect(messagesAt(contactListCreateInputSchema, { name: 'C' }, 'name')).toEqual(['muy corto']);
    expect(messagesAt(contactListCreateInputSchema, {}, 'name')).toEqual(['Requerido']);
  });

  it('checks items: name 2..50, number 8..50, e-mail valid (Email no valido)', () => {
    const valid = { name: 'Ana', number: '5511999998888', email: '', contactListId: '4' };
    expect(contactListItemCreateInputSchema.parse(valid)).toEqual({ ...valid, contactListId: 4 });
    expect(messagesAt(contactListItemCreateInputSchema, { ...valid, name: 'A' }, 'name')).toEqual([
      'muy corto',
    ]);
    expect(messagesAt(contactListItemCreateInputSchema, { ...valid, number: '123' }, 'number')).toEqual([
      'muy corto',
    ]);
    expect(
      messagesAt(contactListItemCreateInputSchema, { ...valid, number: '1'.repeat(51) }, 'number'),
    ).toEqual(['muy largo!']);
    expect(messagesAt(contactListItemCreateInputSchema, { ...valid, email: 'x@' }, 'email')).toEqual([
      'Email no valido',
    ]);
  });
});

describe('quick message', () => {
  it('requires the shortcode (Requerido)', () => {
    expect(quickMessageCreateInputSchema.parse({ shortcode: 'oi', message: 'Olá!' })).toEqual({
      shortcode: 'oi',
      message: 'Olá!',
      geral: false,
      status: true,
    });
    expect(messagesAt(quickMessageCreateInputSchema, { message: 'Olá!' }, 'shortcode')).toEqual([
      'Requerido',
    ]);
    expect(
      messagesAt(quickMessageCreateInputSchema, { shortcode: ' ', message: 'Olá!' }, 'shortcode'),
    ).toEqual(['Requerido']);
  });
});

describe('checkout', () => {
  const address = {
    firstName: 'Ana Souza',
    address2: 'Rua A, 1',
    city: 'São Paulo',
    zipcode: '01000-000',
    country: 'BR',
  };

  it('step 1 requires name (El nombre completo es requerido), address, city, zipcode and country', () => {
    expect(checkoutAddressSchema.safeParse(address).success).toBe(true);
    const issues = issuesOf(checkoutAddressSchema, {});
    expect(issues.firstName).toEqual(['El nombre completo es requerido']);
    expect(issues.address2).toEqual(['Requerido']);
    expect(issues.city).toEqual(['Requerido']);
    expect(issues.zipcode).toEqual(['Requerido']);
    expect(issues.country).toEqual(['Requerido']);
    expect(issues.state).toBeUndefined();
  });

  it('reads the serialised plan and falls back to price 49 and 3 users', () => {
    const parsed = checkoutInputSchema.parse({
      ...address,
      invoiceId: '9',
      plan: JSON.stringify({ title: 'Pro', users: 5, connections: 2, price: 99 }),
    });
    expect(parsed.plan).toEqual({ title: 'Pro', users: 5, connections: 2, price: 99 });
    expect(parsed.price).toBe(49);
    expect(parsed.users).toBe(3);
    expect(checkoutInputSchema.safeParse({ ...address, invoiceId: 9, plan: '{broken' }).success).toBe(false);
  });
});

describe('external message API', () => {
  it('wants a digits-only number and a body', () => {
    expect(externalMessageInputSchema.parse({ number: '5511999998888', body: 'Olá' })).toEqual({
      number: '5511999998888',
      body: 'Olá',
    });
    expect(
      messagesAt(externalMessageInputSchema, { number: '+55 11 99999-8888', body: 'Olá' }, 'number'),
    ).toEqual(['Solo dígitos: código de país, código de área y número']);
    expect(messagesAt(externalMessageInputSchema, { number: '5511999998888' }, 'body')).toEqual([
      'Requerido',
    ]);
  });
});

describe('settings', () => {
  it('accepts the values of each key', () => {
    expect(settingUpdateInputSchema.safeParse({ key: 'userRating', value: 'enabled' }).success).toBe(true);
    expect(settingUpdateInputSchema.safeParse({ key: 'scheduleType', value: 'queue' }).success).toBe(true);
    expect(settingUpdateInputSchema.safeParse({ key: 'chatBotType', value: 'text' }).success).toBe(true);
    expect(settingUpdateInputSchema.safeParse({ key: 'asaas', value: 'tok_123' }).success).toBe(true);
  });

  it("refuses values outside a key's domain and unknown keys", () => {
    expect(settingUpdateInputSchema.safeParse({ key: 'userRating', value: 'maybe' }).success).toBe(false);
    expect(settingUpdateInputSchema.safeParse({ key: 'scheduleType', value: 'enabled' }).success).toBe(false);
    expect(settingUpdateInputSchema.safeParse({ key: 'unknownKey', value: 'x' }).success).toBe(false);
  });
});

describe('local task', () => {
  it('ignores blank text', () => {
    const now = '2024-05-10T12:00:00.000Z';
    expect(localTaskSchema.safeParse({ text: '  ', createdAt: now, updatedAt: now }).success).toBe(false);
    expect(localTaskSchema.parse({ text: ' Ligar ', createdAt: now, updatedAt: now }).text).toBe('Ligar');
  });

  it('reads stored lists leniently: bad items are dropped, garbage reads as empty', () => {
    const now = '2024-05-10T12:00:00.000Z';
    const good = { text: 'Ligar', createdAt: now, updatedAt: now };
    expect(localTaskListSchema.parse([good, { text: '' }, 42])).toEqual([good]);
    expect(localTaskListSchema.parse('not a list')).toEqual([]);
  });
});
