/**
 * The route probe's colliding values (docs/security.md, "The route probe"): every value the data
 * layer keeps unique, platform-wide or per company, set by company B to what company A holds.
 * A platform-wide value (a user's e-mail, a company's name, a connection token) refuses the
 * second claim with a 409 and writes nothing; a per-company one (contact numbers, queue names and
 * colours, tag names, shortcodes, WhatsApp message ids, idempotency keys...) succeeds for both,
 * and neither company then sees or acts on the other's record.
 */
import { randomBytes } from 'node:crypto';
import type { ApiClient } from '../support/api-client.ts';
import type { TestRuntime } from '../support/runtime.ts';
import { customerWrites, pendingTicketsOf } from '../support/sandbox.ts';
import type { CompanyA } from './company-a.ts';

export interface CompanyB {
  admin: ApiClient;
  agent: ApiClient;
  agentId: number;
  companyId: number;
  whatsappId: number;
  connectionToken: string;
}

/** The values checked, by where their uniqueness is kept (the figures of docs/security.md). */
export const collidingValues = {
  // E-mails and company names are also tried in another case (the claims fold it). The legacy
  // token two companies saved is in connection-tokens.integration.test.ts (it needs the table).
  platform: ['user e-mail (EMAIL#)', 'company name (COMPANYNAME#)', 'connection token (WTOKEN#)'],
  perCompany: [
    'contact number (CONTACTNUM#)',
    'WhatsApp message id (C#…#MSG#)',
    'external API idempotency key',
    'queue name and colour (QCLAIM#)',
    'tag name',
    'quick message shortcode',
    'connection name',
    'contact list number (CLNUM#)',
    'webhook URL',
  ],
} as const;

const word = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;
const randomNumber = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const text = (body: unknown) => JSON.stringify(body).toLowerCase();

async function apiSend(env: TestRuntime, token: string, key: string, number: string, body: string) {
  const answer = await fetch(`${env.runtime.url}/api/messages/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ number, body }),
  });
  return { status: answer.status, body: (await answer.json()) as { id?: string; ticketId?: number } };
}

async function connectionOfToken(env: TestRuntime, token: string) {
  const answer = await fetch(`${env.runtime.url}/api/sandbox/connection`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: answer.status, body: (await answer.json()) as { id?: number } };
}

/** Problems found, each naming the value: an empty list when every collision behaved. */
export async function collidingValueChecks(env: TestRuntime, a: CompanyA, b: CompanyB): Promise<string[]> {
  const problems: string[] = [];
  const expectThat = (value: string, ok: boolean, detail: unknown) => {
    if (!ok)
      problems.push(
        `${value}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`.slice(0, 600),
      );
  };
  const marker = a.forOtherCompany.marker;
  const mustNotSee = (value: string, answer: unknown) => {
    const leaked = a.otherCompanyMustNotSee.filter((secret) => text(answer).includes(secret));
    expectThat(value, leaked.length === 0, `B was answered A's ${leaked.join(', ')}`);
  };
  const emailA = a.forOtherCompany.email;

  // --- Platform-wide: the second claim is refused with 409 and writes nothing.
  const usersBefore = (await b.admin.get<unknown[]>('/users/list')).body.length;
  for (const email of [emailA, emailA.toUpperCase()]) {
    const value = `user e-mail (EMAIL#) ${email}`;
    const created = await b.admin.post('/users', {
      name: 'Duplicado',
      email,
      password: 'secret1',
      profile: 'user',
      allTicket: 'desabled',
      queueIds: [],
    });
    expectThat(value, created.status === 409, { status: created.status, body: created.body });
    expectThat(value, text(created.body) === text({ error: 'ERR_DUPLICATED_EMAIL' }), created.body);
    const renamed = await b.admin.put(`/users/${b.agentId}`, { email });
    expectThat(`${value}, by renaming B's agent`, renamed.status === 409, {
      status: renamed.status,
      body: renamed.body,
    });
    mustNotSee(value, renamed.body);
  }
  const usersAfter = await b.admin.get<unknown[]>('/users/list');
  expectThat('user e-mail (EMAIL#)', usersAfter.body.length === usersBefore, "B's users changed");
  mustNotSee('user e-mail (EMAIL#)', usersAfter.body);
  const me = await a.admin.get<{ email: string }>('/auth/me');
  expectThat(
    'user e-mail (EMAIL#)',
    me.status === 200 && me.body.email === emailA,
    "A's admin lost its e-mail",
  );

  const companyNameA = (await a.admin.get<{ name: string }>(`/companies/${a.forOtherCompany.companyId}`)).body
    .name;
  const planId = a.forOtherCompany.planId;
  for (const name of [companyNameA, companyNameA.toUpperCase()]) {
    const visitor = env.client();
    const email = `${word('colision')}@example.com`;
    const signup = await visitor.post('/companies/cadastro', {
      name,
      email,
      phone: '(11) 97777-6666',
      password: 'secret1',
      planId,
    });
    expectThat('company name (COMPANYNAME#)', signup.status === 409, {
      name,
      status: signup.status,
      body: signup.body,
    });
    mustNotSee('company name (COMPANYNAME#)', signup.body);
    // Nothing written: the refused sign-up's admin cannot sign in.
    const login = await visitor.login(email, 'secret1');
    expectThat(
      'company name (COMPANYNAME#)',
      login.status === 401,
      `the refused sign-up's admin signs in: ${login.status}`,
    );
  }

  // A connection token is the server's: a client's value is ignored, never claimed.
  const saved = await b.admin.put(`/whatsapp/${b.whatsappId}`, {
    name: `Conexión ${marker}`,
    token: a.connectionToken,
  });
  expectThat('connection name', saved.status === 200, { status: saved.status, body: saved.body });
  // B's connection now bears A's connection's name (A's marker): only A's token must not be in it.
  expectThat(
    'connection token (WTOKEN#)',
    !text(saved.body).includes(a.connectionToken.toLowerCase()),
    saved.body,
  );
  const tokenB = (await b.admin.get<{ token: string }>(`/whatsapp/${b.whatsappId}`)).body.token;
  expectThat(
    'connection token (WTOKEN#)',
    tokenB === b.connectionToken,
    "B's token changed to the value B sent",
  );
  const ownerOfA = await connectionOfToken(env, a.connectionToken);
  expectThat('connection token (WTOKEN#)', ownerOfA.body.id === a.whatsappId, ownerOfA);
  const ownerOfB = await connectionOfToken(env, b.connectionToken);
  expectThat('connection token (WTOKEN#)', ownerOfB.body.id === b.whatsappId, ownerOfB);
  const connectionA = await a.admin.get<{ name: string }>(`/whatsapp/${a.whatsappId}`);
  expectThat('connection name', connectionA.body.name === `Conexión ${marker}`, connectionA.body);

  // --- Per company: both hold the value; neither sees or acts on the other's record.
  // The same customer number as a contact of both, then writing to each company's connection
  // with the same WhatsApp message id: each message lands in its own connection's company only.
  const shared = randomNumber();
  const wordA = word('colisiona');
  const wordB = word('colisionb');
  const contactA = await a.admin.post<{ id: number }>('/contacts', {
    name: `Compartido ${marker}`,
    number: shared,
  });
  const contactB = await b.admin.post<{ id: number }>('/contacts', { name: 'Compartido B', number: shared });
  expectThat('contact number (CONTACTNUM#)', contactA.status === 201 && contactB.status === 201, {
    a: contactA.status,
    b: contactB.status,
    body: contactB.body,
  });
  mustNotSee('contact number (CONTACTNUM#)', contactB.body);
  const messageId = word('WAID').toUpperCase();
  await customerWrites(a.admin, a.whatsappId, {
    from: shared,
    name: 'Cliente compartido',
    body: `hola ${wordA}`,
    id: messageId,
  });
  await customerWrites(b.admin, b.whatsappId, {
    from: shared,
    name: 'Cliente compartido',
    body: `hola ${wordB}`,
    id: messageId,
  });
  type Listed = { id: number; contactId?: number; contact?: { id?: number } };
  const [ticketA] = await pendingTicketsOf<Listed>(a.admin, [shared]);
  const [ticketB] = await pendingTicketsOf<Listed>(b.admin, [shared]);
  const contactOf = (t: Listed | undefined) => t?.contactId ?? t?.contact?.id;
  expectThat('contact number (CONTACTNUM#)', contactOf(ticketA) === contactA.body.id, {
    ticketA,
    contact: contactA.body.id,
  });
  expectThat('contact number (CONTACTNUM#)', contactOf(ticketB) === contactB.body.id, {
    ticketB,
    contact: contactB.body.id,
  });
  const messagesA = text((await a.admin.get(`/messages/${ticketA!.id}`)).body);
  const messagesB = (await b.admin.get(`/messages/${ticketB!.id}`)).body;
  expectThat(
    'WhatsApp message id (C#…#MSG#)',
    messagesA.includes(wordA) && !messagesA.includes(wordB),
    'A’s ticket',
  );
  expectThat(
    'WhatsApp message id (C#…#MSG#)',
    text(messagesB).includes(wordB) && !text(messagesB).includes(wordA),
    'B’s ticket',
  );
  mustNotSee('WhatsApp message id (C#…#MSG#)', messagesB);
  const searchB = (await b.admin.get(`/contacts?searchParam=${shared}`)).body;
  mustNotSee('contact number (CONTACTNUM#)', searchB);
  expectThat('contact number (CONTACTNUM#)', text(searchB).includes('compartido b'), searchB);

  // The same idempotency key through each company's token: B's send is B's, never A's replay.
  const key = word('clave');
  const sentA = await apiSend(env, a.connectionToken, key, shared, `api ${wordA}`);
  const sentB = await apiSend(env, b.connectionToken, key, shared, `api ${wordB}`);
  expectThat('external API idempotency key', sentA.status === 201 && sentB.status === 201, {
    a: sentA,
    b: sentB,
  });
  expectThat('external API idempotency key', sentB.body.id !== sentA.body.id, {
    a: sentA.body,
    b: sentB.body,
  });
  const afterSendA = text((await a.admin.get(`/messages/${ticketA!.id}`)).body);
  expectThat('external API idempotency key', !afterSendA.includes(wordB), "B's send reached A's ticket");

  // Queue name and colour, tag name, shortcode, contact list number, webhook URL: per company.
  const perCompany: [value: string, path: string, body: unknown][] = [
    ['queue name and colour (QCLAIM#)', '/queue', { name: `Cola uno ${marker}`, color: '#0a7cff' }],
    ['tag name', '/tags', { name: `Etiqueta ${marker}`, color: '#123456' }],
    [
      'quick message shortcode',
      '/quick-messages',
      { shortcode: `rapida${marker}`, message: 'de B', geral: true },
    ],
    ['webhook URL', '/webhooks', { url: `https://hooks.example.com/${marker}`, events: ['ticket.updated'] }],
  ];
  for (const [value, path, body] of perCompany) {
    const created = await b.admin.post<{ id: number }>(path, body);
    expectThat(value, created.status === 201, { status: created.status, body: created.body });
  }
  const tagsB = await b.admin.get<{ tags: { name: string }[] }>(`/tags?searchParam=${marker}`);
  expectThat('tag name', tagsB.body.tags.length === 1, tagsB.body);
  const tagA = await a.admin.get<{ name: string }>(`/tags/${a.forOtherCompany.tagId}`);
  expectThat('tag name', tagA.status === 200 && tagA.body.name === `Etiqueta ${marker}`, tagA.body);
  const quickB = text((await b.admin.get(`/quick-messages?searchParam=rapida${marker}`)).body);
  expectThat(
    'quick message shortcode',
    !quickB.includes(`rápida ${marker}`),
    "A's quick message in B's search",
  );
  const queuesA = text((await a.admin.get('/queue')).body);
  expectThat(
    'queue name and colour (QCLAIM#)',
    (queuesA.match(new RegExp(`cola uno ${marker}`, 'g')) ?? []).length === 1,
    queuesA,
  );

  const listB = await b.admin.post<{ id: number }>('/contact-lists', { name: 'Lista de B' });
  const itemB = await b.admin.post('/contact-list-items', {
    contactListId: listB.body.id,
    name: 'Mismo número',
    number: '5511987650001',
  });
  expectThat('contact list number (CLNUM#)', itemB.status === 201, {
    status: itemB.status,
    body: itemB.body,
  });
  const itemsA = text(
    (await a.admin.get(`/contact-list-items?contactListId=${a.forOtherCompany.contactListId}`)).body,
  );
  expectThat('contact list number (CLNUM#)', !itemsA.includes('mismo número'), itemsA);
  return problems;
}
