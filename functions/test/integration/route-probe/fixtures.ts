/**
 * How the route probe (route-probe.integration.test.ts, docs/security.md, "The route probe") calls every REST
 * route: which of company A's records fill its path, query and body, and what each caller may get.
 *
 * Every route the code serves needs an entry keyed `METHOD path` exactly as the route declares it
 * (`GET /tickets/{id}`); the probe fails naming any route without one, and any entry whose route
 * is gone. Bodies must be valid: an answer of 400 proves nothing and fails the probe.
 */

/** Ids and texts of company A that the probe puts in paths, queries and bodies. */
export interface ProbeRecords {
  /** Company A. */
  companyId: number;
  /** A user of A who is not the caller (B: an agent of A; A's agent: A's admin). */
  userId: number;
  ticketId: number;
  ticketUuid: string;
  /** The ticket's contact. */
  contactId: number;
  /** A text message the business sent on the ticket. */
  messageId: string;
  /** A message with a file on the ticket. */
  mediaMessageId: string;
  /** A note on the ticket. */
  noteId: number;
  tagId: number;
  queueId: number;
  /** The one queue of A's limited agent (the queue of B's ticket). */
  agentQueueId: number;
  queueOptionId: number;
  whatsappId: number;
  /** A quick message with a file (B: A's general one; A's agent: the admin's private one). */
  quickMessageId: number;
  /** A file list with an uploaded file (both callers: the same list of A). */
  fileListId: number;
  /** A campaign contact list of A and one of its items. */
  contactListId: number;
  /** A campaign of A (admins only). */
  campaignId: number;
  contactListItemId: number;
  /** A's admin's e-mail. */
  email: string;
  /** Platform records any signed-in user may read. */
  helpId: number;
  planId: number;
  /** An inactive platform announcement with an image: no company may read or change it. */
  announcementId: number;
  /** A scheduled message of A (company-wide: A's agent may read it), for the visible ticket's contact. */
  scheduleId: number;
  /** An internal chat of A's admin and the colleague (not the limited agent), with a message. */
  chatId: number;
  /** A typebot queue integration of A (admins only). */
  queueIntegrationId: number;
  /** An AI prompt of A (admins only, plan flag useOpenAi), on A's first queue. */
  promptId: number;
  /** An outbound webhook of A (admins only) and one of its deliveries. */
  webhookId: number;
  webhookDeliveryId: string;
  /**
   * The ticket's customer's number (B: a number both companies may hold as a contact). Optional
   * for records made before it was added; company-a.ts always fills it.
   */
  customerNumber?: string;
  /** A word of the records the caller must not see (searching for it must find nothing). */
  marker: string;
}

/**
 * What a caller may answer:
 * - `denied`: 403 or 404 (the record is another company's, another queue's, or the role lacks it);
 * - `own`: the route acts on the caller's own company (lists, creating): 200, 201, 202 or 204;
 * - a list of statuses, when the route has reasons of its own (say why beside it).
 * Whatever the status, never 500, and never a byte of the records the caller must not see.
 */
export type Outcome = 'denied' | 'own' | readonly number[];

export interface RouteFixture {
  params?: (r: ProbeRecords) => Record<string, string | number>;
  /** Query strings (without `?`); one call each. None: one call without a query. */
  query?: (r: ProbeRecords) => string[];
  /** A JSON body. */
  body?: (r: ProbeRecords) => unknown;
  /** A multipart body, for uploads. */
  form?: (r: ProbeRecords) => FormData;
  /**
   * Company B's admin and agent, given company A's records. Required for `user` and `admin`
   * routes (an agent always gets 403 from `admin` routes, whatever this says); `super` routes
   * answer 403 to every caller that is not a super user, without an entry here.
   */
  otherCompany?: Outcome;
  /**
   * Company A's agent limited to one queue, given the records of a ticket in another queue (and
   * the admin's private quick message). Required for every write of a `user` route. Unset on a
   * GET: it is called and must not show those records. A write the agent may make by design
   * (company-wide records: contacts, tags, schedules) runs after A's records are compared.
   */
  queueAgent?: Outcome;
  /**
   * Routes that answer without a token: why, and optionally the outcome of a call by company B's
   * admin (`probe`) and of one without any credential (`anonymous`, default `probe`).
   */
  public?: { why: string; probe?: Outcome; anonymous?: Outcome };
}

/**
 * A route that takes a connection token instead of a session (the external message API, the
 * sandbox's script routes), called with company B's connection token and A's records, with no
 * token, and with a token nobody holds (always 401).
 */
export interface ConnectionTokenRouteFixture {
  params?: (r: ProbeRecords) => Record<string, string | number>;
  query?: (r: ProbeRecords) => string[];
  body?: (r: ProbeRecords) => unknown;
  /** B's connection token given A's records: `denied` when the route names A's connection. */
  otherCompany: Outcome;
  /** Without an Authorization header; unset: 401. */
  noToken?: Outcome;
}

const textFile = (field: string, name: string, content: string, type = 'text/plain') => {
  const form = new FormData();
  form.append(field, new Blob([content], { type }), name);
  return form;
};

/** A 1×1 PNG, for uploads whose bytes must be an image. */
const pngFile = (field: string, name: string) => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const form = new FormData();
  form.append(field, new Blob([png], { type: 'image/png' }), name);
  return form;
};

const weekHours = [{ weekday: 'Lunes', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }];

export const routeFixtures: Record<string, RouteFixture> = {
  // version, auth
  'GET /version': { public: { why: 'the build version, the same for everyone', probe: 'own' } },
  'POST /auth/login': {
    public: { why: 'signing in', probe: [401] },
    body: (r) => ({ email: r.email, password: 'not-the-password' }),
  },
  'POST /auth/refresh_token': {
    public: { why: 'the refresh cookie is the credential', probe: [401] },
  },
  'DELETE /auth/logout': {
    // Called with the probe's own token it would end company B's session mid-probe.
    // Without a cookie it ends nothing; with the probe's own token it would end B's session mid-probe.
    public: { why: 'ends the session of the refresh cookie it is sent with (sign-in.integration.test.ts)', anonymous: 'own' },
  },
  'GET /auth/me': { otherCompany: 'own' },

  // companies
  'POST /companies/cadastro': {
    // A's admin e-mail is taken: the answer must say so without telling anything of A.
    public: { why: 'the public sign-up', probe: [400, 409, 429] },
    body: (r) => ({
      name: 'Otra empresa',
      email: r.email,
      phone: '(11) 97777-6666',
      password: 'secret1',
      planId: r.planId,
    }),
  },
  'GET /companies': {},
  'GET /companies/list': {},
  'GET /companies/listPlan/{companyId}': {
    params: (r) => ({ companyId: r.companyId }),
    otherCompany: 'denied',
  },
  'GET /companies/{id}': { params: (r) => ({ id: r.companyId }), otherCompany: 'denied' },
  'POST /companies': { body: (r) => ({ name: 'Intrusa', planId: r.planId }) },
  'PUT /companies/{id}': { params: (r) => ({ id: r.companyId }), body: () => ({ name: 'Robada' }) },
  'PUT /companies/{id}/schedules': {
    params: (r) => ({ id: r.companyId }),
    body: () => ({ schedules: weekHours }),
    otherCompany: 'denied',
  },
  'DELETE /companies/{id}': { params: (r) => ({ id: r.companyId }) },

  // plans
  'GET /plans/list': { public: { why: 'the plans the sign-up offers', probe: 'own' } },
  'GET /plans/all': { otherCompany: 'own' },
  'GET /plans': {},
  'GET /plans/{id}': { params: (r) => ({ id: r.planId }) },
  'POST /plans': { body: () => ({ name: 'Intruso', users: 1, connections: 1, queues: 1, value: 1 }) },
  'PUT /plans/{id}': { params: (r) => ({ id: r.planId }), body: () => ({ value: 0 }) },
  'DELETE /plans/{id}': { params: (r) => ({ id: r.planId }) },

  // invoices
  'GET /invoices/all': { query: (r) => ['', `searchParam=${r.marker}`], otherCompany: 'own' },
  // subscription: A's invoices are not B's (an invoice id B lacks, a charge naming A: not found)
  'POST /subscription': {
    body: () => ({ firstName: 'Intruso', address2: 'Rua 1', city: 'Cidade', zipcode: '01000', country: 'BR', invoiceId: 20991231 }),
    otherCompany: 'denied',
  },
  'POST /subscription/sandbox/{chargeId}/pay': {
    params: (r) => ({ chargeId: `${r.companyId}-20991231` }),
    otherCompany: 'denied',
  },
  'POST /subscription/webhook/asaas': {
    public: { why: 'Asaas payment notifications, authenticated by the asaas-access-token header', probe: [401] },
    body: () => ({ event: 'PAYMENT_RECEIVED', payment: { id: 'pay_1', externalReference: '1-20991231' } }),
  },


  // users
  'GET /users': { query: (r) => ['', `searchParam=${r.marker}`], otherCompany: 'own' },
  'GET /users/list': { otherCompany: 'own' },
  // The transfer dialog's search: B finds only its own users, even typing A's agents' names.
  'GET /users/search': {
    query: (r) => ['', `searchParam=agente${r.marker}`, `searchParam=${r.marker}&limit=20`],
    otherCompany: 'own',
  },
  'GET /users/{id}': { params: (r) => ({ id: r.userId }), otherCompany: 'denied', queueAgent: 'denied' },
  'POST /users': {
    // A's queue in the body must not link company B's user to it (answered without A's names).
    body: (r) => ({
      name: 'Agente Nuevo',
      email: `nuevo-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'secret1',
      profile: 'user',
      allTicket: 'desabled',
      queueIds: [r.queueId],
      companyId: r.companyId,
    }),
    // 400 now that a user's queues must be the company's own (A's queue is not B's); 403 when
    // B's plan has no user left.
    otherCompany: [400, 403],
  },
  'PUT /users/{id}': {
    params: (r) => ({ id: r.userId }),
    body: () => ({ name: 'Renombrado' }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'DELETE /users/{id}': { params: (r) => ({ id: r.userId }), otherCompany: 'denied' },

  // settings, helps
  'GET /settings': { otherCompany: 'own' },
  'PUT /settings/{key}': {
    params: () => ({ key: 'userRating' }),
    body: () => ({ value: 'enabled' }),
    otherCompany: 'own',
  },
  'GET /helps/list': { otherCompany: 'own' },
  'GET /helps': { otherCompany: 'own' },
  'GET /helps/{id}': { params: (r) => ({ id: r.helpId }), otherCompany: 'own' },
  'POST /helps': { body: () => ({ title: 'Intrusa', video: 'x' }) },
  'PUT /helps/{id}': { params: (r) => ({ id: r.helpId }), body: () => ({ title: 'Robada' }) },
  'DELETE /helps/{id}': { params: (r) => ({ id: r.helpId }) },

  // password reset
  'POST /forgetpassword/{email}': {
    // A call mails a code to A's admin: the probe's public test calls it once, with A's e-mail and
    // an unknown one, and the answers must be the same; password-reset.integration.test.ts covers the flow.
    public: { why: 'asking for a reset code by e-mail' },
    params: (r) => ({ email: r.email }),
  },
  'POST /resetpasswords/{email}/{token}/{newPassword}': {
    public: { why: 'the e-mailed code is the credential', probe: [400, 404] },
    params: (r) => ({ email: r.email, token: '000000', newPassword: 'Hacked-1' }),
  },
  'POST /resetpasswords/{email}/{token}': {
    public: { why: 'the e-mailed code is the credential', probe: [400, 404] },
    params: (r) => ({ email: r.email, token: '000000' }),
    body: () => ({ newPassword: 'Hacked-1' }),
  },

  // whatsapp connections and sessions, sandbox
  'GET /whatsapp': { query: (r) => ['', `companyId=${r.companyId}`], otherCompany: 'own' },
  'GET /whatsapp/{id}': { params: (r) => ({ id: r.whatsappId }), otherCompany: 'denied' },
  'POST /whatsapp': {
    body: (r) => ({
      name: 'Conexión B',
      provider: 'sandbox',
      queueIds: [r.queueId],
      greetingMessage: 'hola',
    }),
    // 403 when B's plan has no connection left; 404 when A's queue is refused.
    otherCompany: [201, 403, 404],
  },
  'PUT /whatsapp/{id}': {
    params: (r) => ({ id: r.whatsappId }),
    body: () => ({ name: 'Robada' }),
    otherCompany: 'denied',
  },
  'DELETE /whatsapp/{id}': { params: (r) => ({ id: r.whatsappId }), otherCompany: 'denied' },
  // connection health (issue #30): admins of the connection's own company only
  'GET /whatsapp/health/alerts': { otherCompany: 'own' },
  'GET /whatsapp/{id}/history': { params: (r) => ({ id: r.whatsappId }), otherCompany: 'denied' },
  'POST /whatsappsession/{id}': { params: (r) => ({ id: r.whatsappId }), otherCompany: 'denied' },
  'PUT /whatsappsession/{id}': { params: (r) => ({ id: r.whatsappId }), otherCompany: 'denied' },
  'DELETE /whatsappsession/{id}': { params: (r) => ({ id: r.whatsappId }), otherCompany: 'denied' },
  'GET /sandbox/{id}': { params: (r) => ({ id: r.whatsappId }), otherCompany: 'denied' },
  'POST /sandbox/{id}/scan': { params: (r) => ({ id: r.whatsappId }), otherCompany: 'denied' },
  'POST /sandbox/{id}/drop': { params: (r) => ({ id: r.whatsappId }), otherCompany: 'denied' },
  'POST /sandbox/{id}/restore': { params: (r) => ({ id: r.whatsappId }), otherCompany: 'denied' },
  'POST /sandbox/{id}/expire-qr': { params: (r) => ({ id: r.whatsappId }), otherCompany: 'denied' },
  'POST /sandbox/{id}/inbound': {
    params: (r) => ({ id: r.whatsappId }),
    body: () => ({ from: '5511900000099', body: 'intrusión' }),
    otherCompany: 'denied',
  },
  'POST /sandbox/{id}/ack': {
    params: (r) => ({ id: r.whatsappId }),
    body: (r) => ({ id: r.messageId, ack: 3 }),
    otherCompany: 'denied',
  },
  'GET /sandbox/{id}/outbox': {
    params: (r) => ({ id: r.whatsappId }),
    query: () => ['to=5511900000001'],
    otherCompany: 'denied',
  },

  // messages
  'GET /messages/{ticketId}': {
    params: (r) => ({ ticketId: r.ticketId }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'DELETE /messages/{messageId}': {
    params: (r) => ({ messageId: r.messageId }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'PUT /messages/{messageId}': {
    params: (r) => ({ messageId: r.messageId }),
    body: () => ({ body: 'intrusión' }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'GET /messages/media/{messageId}': {
    params: (r) => ({ messageId: r.mediaMessageId }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'GET /messages/openapi.json': {
    public: { why: 'the OpenAPI document of the external message API, the same for everyone', probe: 'own' },
  },
  'POST /messages/send': {
    // The external message API: a connection's token is the credential; B's session token names no
    // connection, so the answer is 401 and nothing is sent to A's number.
    public: { why: 'the external message API authenticates with a connection token', probe: [401] },
    body: () => ({ number: '5511999990000', body: 'intrusión' }),
  },
  'POST /messages/{ticketId}': {
    params: (r) => ({ ticketId: r.ticketId }),
    body: (r) => ({ body: 'intrusión', quotedMsg: { id: r.messageId } }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },

  // tickets
  'GET /tickets': {
    query: (r) => [
      'status=open&showAll=true',
      'status=pending&showAll=true',
      'status=closed&showAll=true',
      `status=open&showAll=true&queueIds=[${r.queueId}]`,
      `searchParam=${r.marker}`,
      `tags=[${r.tagId}]`,
    ],
    otherCompany: 'own',
  },
  'GET /tickets/u/{uuid}': {
    params: (r) => ({ uuid: r.ticketUuid }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'GET /tickets/{id}': { params: (r) => ({ id: r.ticketId }), otherCompany: 'denied', queueAgent: 'denied' },
  'POST /tickets': {
    body: (r) => ({
      contactId: r.contactId,
      queueId: r.agentQueueId,
      whatsappId: r.whatsappId,
      status: 'open',
    }),
    otherCompany: 'denied',
    // A's agent, in their own queue, for the contact of the other queue's open ticket: refused, or
    // told another ticket is open (409) without that ticket's details.
    queueAgent: [403, 404, 409],
  },
  'PUT /tickets/{id}': {
    params: (r) => ({ id: r.ticketId }),
    body: () => ({ status: 'closed' }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'DELETE /tickets/{id}': { params: (r) => ({ id: r.ticketId }), otherCompany: 'denied' },

  // contacts
  'GET /contacts': { query: (r) => ['', `searchParam=${r.marker}`], otherCompany: 'own' },
  'GET /contacts/list': { otherCompany: 'own' },
  'GET /contacts/export': { otherCompany: 'own' },
  'POST /contacts/import': {
    form: () =>
      textFile('file', 'contactos.csv', 'name;number;email\nImportado;5511955550000;\n', 'text/csv'),
    otherCompany: 'own',
    // Contacts are the company's, not a queue's: every user adds them.
    queueAgent: 'own',
  },
  'GET /contacts/{id}': { params: (r) => ({ id: r.contactId }), otherCompany: 'denied' },
  'POST /contacts': {
    body: () => ({
      name: 'Contacto B',
      number: `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    }),
    otherCompany: 'own',
    queueAgent: 'own',
  },
  'PUT /contacts/{id}': {
    params: (r) => ({ id: r.contactId }),
    body: () => ({ name: 'Robado' }),
    otherCompany: 'denied',
    // The other queue's customer is still the company's contact (GET /contacts/{id} shows it too).
    queueAgent: [200],
  },
  'DELETE /contacts/{id}': { params: (r) => ({ id: r.contactId }), otherCompany: 'denied' },

  // tags
  'GET /tags': { query: (r) => ['', `searchParam=${r.marker}`, 'kanban=1'], otherCompany: 'own' },
  'GET /tags/list': { otherCompany: 'own' },
  'GET /tags/kanban': { otherCompany: 'own' },
  'GET /tags/{id}': { params: (r) => ({ id: r.tagId }), otherCompany: 'denied' },
  'POST /tags': {
    body: () => ({ name: `Etiqueta B ${Math.random().toString(36).slice(2)}`, color: '#112233' }),
    otherCompany: 'own',
    // Tags are company-wide: every user manages them (core spec, tags).
    queueAgent: 'own',
  },
  'PUT /tags/{id}': {
    params: (r) => ({ id: r.tagId }),
    body: () => ({ name: 'Robada' }),
    otherCompany: 'denied',
    queueAgent: 'own',
  },
  // Deleting a tag takes it off every ticket: admins only.
  'DELETE /tags/{id}': { params: (r) => ({ id: r.tagId }), otherCompany: 'denied', queueAgent: 'denied' },
  'POST /tags/sync': {
    body: (r) => ({ ticketId: r.ticketId, tags: [] }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'DELETE /ticket-tags/{ticketId}': {
    params: (r) => ({ ticketId: r.ticketId }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'PUT /ticket-tags/{ticketId}/{tagId}': {
    params: (r) => ({ ticketId: r.ticketId, tagId: r.tagId }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'POST /ticket-tags/{ticketId}/move': {
    params: (r) => ({ ticketId: r.ticketId }),
    // r.tagId is a kanban lane: the move from Creados is valid for whoever may see the ticket.
    body: (r) => ({ fromTagId: null, toTagId: r.tagId }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },

  // kanban (the board: only the caller's own tickets, none of another queue's or company's)
  'GET /ticket/kanban': {
    query: (r) => ['', `lane=creados&queueIds=[${r.queueId}]`, `lane=${r.tagId}`],
    otherCompany: [200, 404],
  },

  // ticket notes
  'POST /ticket-notes': {
    body: (r) => ({ note: 'nota intrusa', ticketId: r.ticketId, contactId: r.contactId }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'GET /ticket-notes/list': {
    query: (r) => [`ticketId=${r.ticketId}&contactId=${r.contactId}`],
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'DELETE /ticket-notes/{id}': {
    params: (r) => ({ id: r.noteId }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },

  // scheduled messages: company-wide records (A's agent reads them too)
  'GET /schedules': { query: (r) => ['', `contactId=${r.contactId}`, 'pageNumber=2'], otherCompany: 'own' },
  'GET /schedules/{id}': { params: (r) => ({ id: r.scheduleId }), otherCompany: 'denied' },
  'POST /schedules': {
    // A's contact: not found for B, before anything is written.
    body: (r) => ({ body: 'intrusa programada', contactId: r.contactId, sendAt: new Date(Date.now() + 86_400_000).toISOString() }),
    otherCompany: 'denied',
    // Scheduled messages are company-wide (every user sees and manages them), for any contact.
    queueAgent: 'own',
  },
  'PUT /schedules/{id}': {
    params: (r) => ({ id: r.scheduleId }),
    body: () => ({ body: 'programada robada' }),
    otherCompany: 'denied',
    queueAgent: 'own',
  },
  'DELETE /schedules/{id}': { params: (r) => ({ id: r.scheduleId }), otherCompany: 'denied', queueAgent: 'own' },
  'POST /schedules/{id}/media-upload': {
    params: (r) => ({ id: r.scheduleId }),
    form: () => pngFile('file', 'intrusa.png'),
    otherCompany: 'denied',
    queueAgent: 'own',
  },
  'DELETE /schedules/{id}/media-upload': {
    params: (r) => ({ id: r.scheduleId }),
    otherCompany: 'denied',
    queueAgent: 'own',
  },

  // internal chat: members only; B's callers may not add A's users to a chat of theirs
  'GET /chats': { query: (r) => ['', `searchParam=${r.marker}`, 'pageNumber=2'], otherCompany: 'own' },
  'POST /chats': {
    body: (r) => ({ title: 'propia', users: [{ id: r.userId }] }),
    otherCompany: 'denied',
    // A's agent starts a chat of its own with A's admin: a colleague, whatever the queues.
    queueAgent: 'own',
  },
  'PUT /chats/{id}': {
    params: (r) => ({ id: r.chatId }),
    body: (r) => ({ title: 'robada', users: [{ id: r.userId }] }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'DELETE /chats/{id}': { params: (r) => ({ id: r.chatId }), otherCompany: 'denied', queueAgent: 'denied' },
  'GET /chats/{id}/messages': {
    params: (r) => ({ id: r.chatId }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'POST /chats/{id}/messages': {
    params: (r) => ({ id: r.chatId }),
    body: () => ({ message: 'intrusa' }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'POST /chats/{id}/read': {
    params: (r) => ({ id: r.chatId }),
    body: () => ({}),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },

  // quick messages
  'GET /quick-messages': {
    query: (r) => ['', `searchParam=${r.marker}`, `userId=${r.userId}`],
    otherCompany: 'own',
  },
  'GET /quick-messages/list': {
    query: (r) => ['', `userId=${r.userId}`, `companyId=${r.companyId}`],
    otherCompany: 'own',
  },
  'GET /quick-messages/{id}': {
    params: (r) => ({ id: r.quickMessageId }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'GET /quick-messages/{id}/media': {
    params: (r) => ({ id: r.quickMessageId }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'POST /quick-messages': {
    body: () => ({ shortcode: 'propia', message: 'de B' }),
    otherCompany: 'own',
    // The agent's own quick message.
    queueAgent: 'own',
  },
  'PUT /quick-messages/{id}': {
    params: (r) => ({ id: r.quickMessageId }),
    body: () => ({ message: 'robada' }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'DELETE /quick-messages/{id}': {
    params: (r) => ({ id: r.quickMessageId }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'POST /quick-messages/{id}/media-upload': {
    params: (r) => ({ id: r.quickMessageId }),
    form: () => textFile('file', 'intruso.txt', 'intruso'),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'DELETE /quick-messages/{id}/media-upload': {
    params: (r) => ({ id: r.quickMessageId }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },

  // campaign contact lists (admins only, plan flag useCampaigns): B creates its own, never reads A's.
  'GET /contact-lists': { query: (r) => ['', `searchParam=${r.marker}`, 'pageNumber=2'], otherCompany: 'own' },
  'GET /contact-lists/list': { otherCompany: 'own' },
  'GET /contact-lists/{id}': { params: (r) => ({ id: r.contactListId }), otherCompany: 'denied' },
  'POST /contact-lists': { body: () => ({ name: 'Lista de B' }), otherCompany: 'own' },
  'PUT /contact-lists/{id}': { params: (r) => ({ id: r.contactListId }), body: () => ({ name: 'Lista robada' }), otherCompany: 'denied' },
  'DELETE /contact-lists/{id}': { params: (r) => ({ id: r.contactListId }), otherCompany: 'denied' },
  'POST /contact-lists/{id}/upload': {
    params: (r) => ({ id: r.contactListId }),
    form: () => textFile('file', 'intrusos.csv', 'name;number\nIntruso;5511900000000'),
    otherCompany: 'denied',
  },
  'GET /contact-list-items': {
    query: (r) => [`contactListId=${r.contactListId}`, `contactListId=${r.contactListId}&searchParam=${r.marker}`],
    otherCompany: 'denied',
  },
  'GET /contact-list-items/{id}': { params: (r) => ({ id: r.contactListItemId }), otherCompany: 'denied' },
  'POST /contact-list-items': {
    body: (r) => ({ contactListId: r.contactListId, name: 'Intruso', number: '5511900000000' }),
    otherCompany: 'denied',
  },
  'PUT /contact-list-items/{id}': { params: (r) => ({ id: r.contactListItemId }), body: () => ({ name: 'Robado' }), otherCompany: 'denied' },
  'DELETE /contact-list-items/{id}': { params: (r) => ({ id: r.contactListItemId }), otherCompany: 'denied' },

  // announcements: platform-wide; companies read only the active ones and never write (super routes).
  'GET /announcements': { query: (r) => ['', `searchParam=${r.marker}`, 'pageNumber=2'], otherCompany: 'own' },
  'GET /announcements/{id}': {
    params: (r) => ({ id: r.announcementId }),
    otherCompany: 'denied',
    queueAgent: 'denied',
  },
  'POST /announcements': { body: () => ({ title: 'Intruso', text: 'de B' }) },
  'PUT /announcements/{id}': { params: (r) => ({ id: r.announcementId }), body: () => ({ status: true }) },
  'DELETE /announcements/{id}': { params: (r) => ({ id: r.announcementId }) },
  'POST /announcements/{id}/media-upload': {
    params: (r) => ({ id: r.announcementId }),
    form: () => textFile('file', 'intruso.png', 'intruso', 'image/png'),
  },
  'DELETE /announcements/{id}/media-upload': { params: (r) => ({ id: r.announcementId }) },

  // file lists: admin routes (agents get 403 whatever the fixture says)
  'GET /files': { query: (r) => ['', `searchParam=${r.marker}`, 'pageNumber=2'], otherCompany: 'own' },
  'GET /files/{id}': { params: (r) => ({ id: r.fileListId }), otherCompany: 'denied' },
  'POST /files': {
    body: () => ({ name: 'Lista propia', message: 'de B', options: [{ name: 'uno' }] }),
    otherCompany: 'own',
  },
  'PUT /files/{id}': {
    params: (r) => ({ id: r.fileListId }),
    body: () => ({ name: 'Lista robada', message: 'robada', options: [] }),
    otherCompany: 'denied',
  },
  'POST /files/uploadList/{id}': {
    params: (r) => ({ id: r.fileListId }),
    form: (r) => {
      const form = textFile('files', 'intruso.txt', 'intruso');
      form.append('fileId', String(r.fileListId));
      form.append('typeArch', 'fileList');
      form.append('id', '1');
      return form;
    },
    otherCompany: 'denied',
  },
  'DELETE /files/{id}': { params: (r) => ({ id: r.fileListId }), otherCompany: 'denied' },

  // queue integrations: admin routes behind useIntegrations (agents get 403 whatever the fixture says)
  'GET /queueIntegration': { query: (r) => ['', `searchParam=${r.marker}`, 'pageNumber=2'], otherCompany: 'own' },
  'GET /queueIntegration/{id}': { params: (r) => ({ id: r.queueIntegrationId }), otherCompany: 'denied' },
  'POST /queueIntegration': {
    body: () => ({ type: 'webhook', name: 'Integración propia', urlN8N: 'https://example.com/hook' }),
    otherCompany: 'own',
  },
  'PUT /queueIntegration/{id}': {
    params: (r) => ({ id: r.queueIntegrationId }),
    body: () => ({ name: 'Robada', rotateSecret: true }),
    otherCompany: 'denied',
  },
  'DELETE /queueIntegration/{id}': { params: (r) => ({ id: r.queueIntegrationId }), otherCompany: 'denied' },
  'POST /queueIntegration/testSession': {
    // Names no record of A; a key file refused before any call keeps the probe off the internet.
    body: () => ({ projectName: 'sonda', jsonContent: '{}', language: 'es' }),
    otherCompany: [400],
  },

  // AI prompts: admin routes behind useOpenAi; B's reference to A's queue is not found.
  'GET /prompt': { otherCompany: 'own' },
  'GET /prompt/{id}': { params: (r) => ({ id: r.promptId }), otherCompany: 'denied' },
  'POST /prompt': {
    body: (r) => ({ name: 'Asistente B', prompt: 'x'.repeat(60), apiKey: 'sk-probe-b-0000000000000000', queueId: r.queueId }),
    otherCompany: 'denied',
  },
  'PUT /prompt/{id}': { params: (r) => ({ id: r.promptId }), body: () => ({ name: 'Robada' }), otherCompany: 'denied' },
  'DELETE /prompt/{id}': { params: (r) => ({ id: r.promptId }), otherCompany: 'denied' },

  // outbound webhooks: admin routes; ids count per company, so A's webhook id is one B never made.
  'GET /webhooks': { otherCompany: 'own' },
  'GET /webhooks/{id}': { params: (r) => ({ id: r.webhookId }), otherCompany: 'denied' },
  'POST /webhooks': { body: () => ({ url: 'https://hooks.example.com/b', events: ['ticket.created'] }), otherCompany: 'own' },
  'PUT /webhooks/{id}': { params: (r) => ({ id: r.webhookId }), body: () => ({ enabled: false }), otherCompany: 'denied' },
  'DELETE /webhooks/{id}': { params: (r) => ({ id: r.webhookId }), otherCompany: 'denied' },
  'POST /webhooks/{id}/secret': { params: (r) => ({ id: r.webhookId }), otherCompany: 'denied' },
  'GET /webhooks/{id}/deliveries': { params: (r) => ({ id: r.webhookId }), otherCompany: 'denied' },
  'POST /webhooks/{id}/deliveries/{deliveryId}/replay': {
    params: (r) => ({ id: r.webhookId, deliveryId: r.webhookDeliveryId }),
    otherCompany: 'denied',
  },

  // dashboard: a company id in the query is accepted only when it is the caller's own.
  'GET /dashboard': { query: (r) => [`days=30&companyId=${r.companyId}`], otherCompany: 'denied' },
  'GET /dashboard/ticketsUsers': {
    query: (r) => [`initialDate=2020-01-01&finalDate=2030-12-31&companyId=${r.companyId}`],
    otherCompany: 'denied',
  },
  'GET /dashboard/ticketsDay': {
    query: (r) => [`initialDate=2020-01-01&finalDate=2030-12-31&companyId=${r.companyId}`],
    otherCompany: 'denied',
  },
  'GET /dashboard/attendants.csv': {
    query: (r) => [`days=30&companyId=${r.companyId}`],
    otherCompany: 'denied',
  },

  // queues and their chatbot options
  'GET /queue': { query: (r) => ['', `companyId=${r.companyId}`], otherCompany: 'own' },
  'GET /queue/{id}': { params: (r) => ({ id: r.queueId }), otherCompany: 'denied' },
  'POST /queue': {
    body: () => ({ name: `Cola B ${Math.random().toString(36).slice(2, 8)}`, color: '#445566' }),
    // 403 when B's plan has no queue left.
    otherCompany: [201, 403],
  },
  'PUT /queue/{id}': {
    params: (r) => ({ id: r.queueId }),
    body: () => ({ name: 'Robada' }),
    otherCompany: 'denied',
  },
  'DELETE /queue/{id}': { params: (r) => ({ id: r.queueId }), otherCompany: 'denied' },
  'GET /queue-options': { query: (r) => [`queueId=${r.queueId}`], otherCompany: 'denied' },
  'GET /queue-options/{id}': { params: (r) => ({ id: r.queueOptionId }), otherCompany: 'denied' },
  'POST /queue-options': {
    body: (r) => ({ title: 'Intrusa', option: 9, queueId: r.queueId }),
    otherCompany: 'denied',
  },
  'PUT /queue-options/{id}': {
    params: (r) => ({ id: r.queueOptionId }),
    body: () => ({ title: 'Robada' }),
    otherCompany: 'denied',
  },
  'DELETE /queue-options/{id}': { params: (r) => ({ id: r.queueOptionId }), otherCompany: 'denied' },

  // campaign settings (admins; B reads and writes only its own rows)
  'GET /campaign-settings': { otherCompany: 'own' },
  'POST /campaign-settings': {
    body: () => ({ messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0, variables: [{ key: 'b', value: 'de B' }] }),
    otherCompany: 'own',
  },

  // campaigns (admins of a plan with campaigns; B's references to A's records are refused)
  'GET /campaigns': { query: (r) => ['', `searchParam=${r.marker}`], otherCompany: 'own' },
  'GET /campaigns/{id}': { params: (r) => ({ id: r.campaignId }), otherCompany: 'denied' },
  'POST /campaigns': { body: (r) => ({ name: 'Campaña B', contactListId: r.contactListId }), otherCompany: 'denied' },
  'PUT /campaigns/{id}': { params: (r) => ({ id: r.campaignId }), body: () => ({ name: 'Robada' }), otherCompany: 'denied' },
  'DELETE /campaigns/{id}': { params: (r) => ({ id: r.campaignId }), otherCompany: 'denied' },
  'POST /campaigns/{id}/cancel': { params: (r) => ({ id: r.campaignId }), otherCompany: 'denied' },
  'POST /campaigns/{id}/restart': { params: (r) => ({ id: r.campaignId }), otherCompany: 'denied' },
  'POST /campaigns/{id}/media-upload': {
    params: (r) => ({ id: r.campaignId }),
    form: () => textFile('file', 'campana.txt', 'hola'),
    otherCompany: 'denied',
  },
  'DELETE /campaigns/{id}/media-upload': { params: (r) => ({ id: r.campaignId }), otherCompany: 'denied' },
  // the report's recipients (issue #29): admins of the campaign's own company only
  'GET /campaigns/{id}/recipients': {
    params: (r) => ({ id: r.campaignId }),
    query: () => ['', 'state=delivered&pageNumber=1'],
    otherCompany: 'denied',
  },
  'GET /campaigns/{id}/recipients/export': {
    params: (r) => ({ id: r.campaignId }),
    query: () => ['', 'state=notOnWhatsapp'],
    otherCompany: 'denied',
  },
};

/**
 * The routes that take a connection token (`recordConnectionTokenRoutes`), keyed `METHOD path`.
 * Company B's token names B's connection only: A's connection id is not found, and what B sends
 * to A's customer's number is B's own message to B's own contact.
 */
export const connectionTokenRouteFixtures: Record<string, ConnectionTokenRouteFixture> = {
  // B's token finds B's own connection (its id, name and status only).
  'GET /sandbox/connection': { otherCompany: 'own' },
  'GET /sandbox/{id}': { params: (r) => ({ id: r.whatsappId }), otherCompany: 'denied' },
  'POST /sandbox/{id}/scan': { params: (r) => ({ id: r.whatsappId }), otherCompany: 'denied' },
  'POST /sandbox/{id}/drop': { params: (r) => ({ id: r.whatsappId }), otherCompany: 'denied' },
  'POST /sandbox/{id}/restore': { params: (r) => ({ id: r.whatsappId }), otherCompany: 'denied' },
  'POST /sandbox/{id}/expire-qr': { params: (r) => ({ id: r.whatsappId }), otherCompany: 'denied' },
  'POST /sandbox/{id}/inbound': {
    params: (r) => ({ id: r.whatsappId }),
    body: (r) => ({ from: r.customerNumber ?? '5511900000099', body: 'intrusión', id: `probe-${r.marker}-in-1` }),
    otherCompany: 'denied',
  },
  'POST /sandbox/{id}/ack': {
    params: (r) => ({ id: r.whatsappId }),
    body: (r) => ({ id: r.messageId, ack: 3 }),
    otherCompany: 'denied',
  },
  'GET /sandbox/{id}/outbox': {
    params: (r) => ({ id: r.whatsappId }),
    query: (r) => [`to=${r.customerNumber ?? '5511900000001'}`],
    otherCompany: 'denied',
  },
  'POST /messages/send': {
    // B's message to A's customer's number, reusing A's message id as its idempotency key and
    // asking to close the ticket: B's own contact and ticket, never A's ticket or A's answer.
    body: (r) => ({
      number: r.customerNumber ?? '5511900000001',
      body: 'intrusión por la API',
      messageId: r.messageId,
      closeTicket: true,
    }),
    otherCompany: 'own',
  },
};
