import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as DynamoModule from '../../src/aws/dynamo.ts';
import type * as ContactsModule from '../../src/data/contacts.ts';
import type * as MessagesModule from '../../src/data/messages.ts';
import type * as MigrationModule from '../../src/data/ticket-search-migration.ts';
import type * as TicketsModule from '../../src/data/tickets.ts';
import type * as TicketsHandlerModule from '../../src/modules/tickets/handler.ts';
import type { ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';

/**
 * The ticket search's token layout (docs/decisions.md, "Search: one token partition, padded
 * ids"): contact and message tokens in one partition, ids zero-padded so newest first is the
 * key order, a search request's table calls counted in this process, a rename followed by the
 * tickets' tokens, and the migration of items written in the first layout.
 */
let env: TestRuntime;
let dynamo: typeof DynamoModule;
let contacts: typeof ContactsModule;
let tickets: typeof TicketsModule;
let migration: typeof MigrationModule;
let messages: typeof MessagesModule;
let ticketsHandler: typeof TicketsHandlerModule;

let admin: ApiClient;
let companyId: number;
let whatsappId: number;
/** Ticket id → its contact, for tickets 1..ticketCount of the company. */
const contactOfTicket = new Map<number, ContactsModule.ContactRecord>();
const ticketCount = 105;

beforeAll(async () => {
  env = await startTestRuntime();
  // The data layer names its table when first imported: after the runtime has started.
  dynamo = await import('../../src/aws/dynamo.ts');
  contacts = await import('../../src/data/contacts.ts');
  tickets = await import('../../src/data/tickets.ts');
  migration = await import('../../src/data/ticket-search-migration.ts');
  messages = await import('../../src/data/messages.ts');
  ticketsHandler = await import('../../src/modules/tickets/handler.ts');
  admin = env.client();
  companyId = (await signUpCompany(admin, 'BuscaFrontera')).companyId;
  const connection = await admin.post<{ id: number }>('/whatsapp', {
    name: 'Sandbox',
    provider: 'sandbox',
    isDefault: true,
  });
  expect(connection.status).toBe(201);
  whatsappId = connection.body.id;
  // Tickets 1..105 of a new company, one contact each, created one after another (ids in order).
  for (let i = 1; i <= ticketCount; i += 1) {
    const contact = await contacts.createContact(companyId, {
      name: `Frontera ${i}`,
      number: `55119700${String(i).padStart(5, '0')}`,
    });
    const created = await tickets.createTicket(
      { companyId, whatsappId, contact, isGroup: false, status: 'pending' },
      undefined,
      { current: undefined },
    );
    expect(created.outcome).toBe('created');
    contactOfTicket.set(created.ticket.id, contact);
  }
  expect([...contactOfTicket.keys()]).toEqual(Array.from({ length: ticketCount }, (_, i) => i + 1));
  // The worker's runtime may start here, and 210 writes one after another: minutes on a loaded machine.
}, 300_000);
afterAll(async () => env?.stop());

interface SearchPage {
  tickets: { id: number; lastMessage?: string; searchMatch?: string }[];
  count: number;
  hasMore: boolean;
}

const search = async (client: ApiClient, query: string) =>
  (await client.get<SearchPage>(`/tickets?${query}`)).body;
const idsOf = (page: SearchPage) => page.tickets.map((ticket) => ticket.id);
const descending = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

/** Table calls made in this process while `work` runs, by command, and the items they read. */
async function tableCallsDuring(
  work: () => Promise<unknown>,
): Promise<{ calls: number; byCommand: Record<string, number>; itemsRead: number }> {
  const byCommand: Record<string, number> = {};
  let itemsRead = 0;
  const name = `searchCallCounter${Date.now()}`;
  dynamo.documentClient.middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? 'unknown';
      byCommand[command] = (byCommand[command] ?? 0) + 1;
      const answer = await next(args);
      const output = answer.output as {
        Items?: unknown[];
        Item?: unknown;
        Responses?: Record<string, unknown[]>;
      };
      itemsRead +=
        (output.Items?.length ?? 0) +
        (output.Item ? 1 : 0) +
        Object.values(output.Responses ?? {}).reduce(
          (n, items) => n + (Array.isArray(items) ? items.length : 0),
          0,
        );
      return answer;
    },
    { step: 'initialize', name },
  );
  try {
    await work();
  } finally {
    dynamo.documentClient.middlewareStack.remove(name);
  }
  return { calls: Object.values(byCommand).reduce((a, b) => a + b, 0), byCommand, itemsRead };
}

/** GET /tickets with `query`, through the tickets function in this process (its calls countable). */
async function searchInProcess(token: string, query: Record<string, string>): Promise<SearchPage> {
  const event = {
    httpMethod: 'GET',
    path: '/tickets',
    resource: '/tickets',
    headers: { authorization: `Bearer ${token}` },
    multiValueHeaders: {},
    queryStringParameters: query,
    multiValueQueryStringParameters: Object.fromEntries(
      Object.entries(query).map(([key, value]) => [key, [value]]),
    ),
    pathParameters: null,
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: { identity: { sourceIp: '127.0.0.1' } },
  } as unknown as APIGatewayProxyEvent;
  const context = {
    awsRequestId: 'search-calls',
    getRemainingTimeInMillis: () => 30_000,
  } as unknown as Context;
  const answer = await (
    ticketsHandler.handler as unknown as (
      e: APIGatewayProxyEvent,
      c: Context,
    ) => Promise<APIGatewayProxyResult>
  )(event, context);
  expect(answer.statusCode, answer.body).toBe(200);
  return JSON.parse(answer.body) as SearchPage;
}

describe('search token layout', () => {
  it('pages newest first across the id digit boundaries (9 → 10, 99 → 100)', async () => {
    // Every ticket is found by its contact's name; pages of 40, highest id first.
    const first = await search(admin, 'searchParam=frontera');
    expect(idsOf(first)).toEqual(descending(105, 66));
    expect(first.hasMore).toBe(true);
    expect(idsOf(await search(admin, 'searchParam=frontera&pageNumber=2'))).toEqual(descending(65, 26));
    const last = await search(admin, 'searchParam=frontera&pageNumber=3');
    expect(idsOf(last)).toEqual(descending(25, 1));
    expect(last).toMatchObject({ count: 105, hasMore: false });
    // By a tail of the number, and by two words (each by prefix: "10" is also 100..105).
    expect(idsOf(await search(admin, 'searchParam=70000100'))).toEqual([100]);
    expect(idsOf(await search(admin, 'searchParam=frontera%2010'))).toEqual([...descending(105, 100), 10]);
  });

  it('answers a one-word search in at most 4 table calls, a two-word one in 5, reading a page’s worth of items', async () => {
    const token = admin.token!;
    // The first request fills the container's caches (session, company, directory), as a warm Lambda has them.
    await searchInProcess(token, { searchParam: 'frontera', pageNumber: '1' });
    const one = await tableCallsDuring(() =>
      searchInProcess(token, { searchParam: 'frontera', pageNumber: '1' }),
    );
    expect(one.calls, JSON.stringify(one.byCommand)).toBeLessThanOrEqual(4);
    // 100 token items at most, the 41 tickets of the page and one more, and their contacts.
    expect(one.itemsRead, JSON.stringify(one)).toBeLessThanOrEqual(200);
    let page: SearchPage | undefined;
    const two = await tableCallsDuring(async () => {
      page = await searchInProcess(token, { searchParam: 'frontera 99', pageNumber: '1' });
    });
    expect(idsOf(page!)).toEqual([99]);
    // The phrase among contacts' names (one contact), then each word: one call more than one word.
    expect(two.calls, JSON.stringify(two.byCommand)).toBeLessThanOrEqual(5);
    if (process.env.ATENDE_PRINT_SEARCH_CALLS) console.log(JSON.stringify({ one, two }));
  });

  it('finds a renamed contact’s tickets by the new name only', async () => {
    const contact = contactOfTicket.get(7)!;
    await contacts.updateContact(contact, { name: 'Limite Siete' });
    expect(idsOf(await search(admin, 'searchParam=siete'))).toEqual([7]);
    // As a phrase of the new name (the last word cut short), and its words in another order.
    expect(idsOf(await search(admin, 'searchParam=limite%20sie'))).toEqual([7]);
    expect(idsOf(await search(admin, 'searchParam=siete%20limite'))).toEqual([7]);
    expect(idsOf(await search(admin, 'searchParam=frontera%207'))).not.toContain(7);
    const last = await search(admin, 'searchParam=frontera&pageNumber=3');
    expect(idsOf(last)).toEqual(descending(25, 1).filter((id) => id !== 7));
    // The number did not change: still found by it.
    expect(idsOf(await search(admin, 'searchParam=70000007'))).toEqual([7]);
  });

  it('migrates items of the first layout: message words re-keyed, contact tokens added', async () => {
    const partition = `C#${companyId}#TSEARCH`;
    const { DeleteCommand, PutCommand, QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const table = dynamo.tableName();
    // Ticket 3 as the first layout left it: an unpadded message word, no contact tokens.
    const own = await dynamo.documentClient.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: 'ticketId = :id',
        ExpressionAttributeValues: { ':pk': partition, ':id': 3 },
      }),
    );
    for (const item of own.Items ?? [])
      await dynamo.documentClient.send(
        new DeleteCommand({ TableName: table, Key: { pk: item.pk, sk: item.sk } }),
      );
    const old = {
      pk: partition,
      sk: 'antiguo#3',
      token: 'antiguo',
      ticketId: 3,
      companyId,
      __edb_e__: 'ticketToken',
      __edb_v__: '1',
    };
    await dynamo.documentClient.send(new PutCommand({ TableName: table, Item: old }));
    await dynamo.documentClient.send(
      new DeleteCommand({ TableName: table, Key: { pk: partition, sk: 'LAYOUT#2' } }),
    );
    expect(idsOf(await search(admin, 'searchParam=70000003'))).toEqual([]);

    const result = await migration.migrateCompanyTicketSearch(companyId, Date.now() + 60_000);
    expect(result).toMatchObject({ done: true, tokens: 1, tickets: ticketCount, phrases: ticketCount });
    const keys = (
      await dynamo.documentClient.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :w)',
          ExpressionAttributeValues: { ':pk': partition, ':w': 'antiguo#' },
        }),
      )
    ).Items?.map((item) => item.sk);
    expect(keys).toEqual(['antiguo#0000000003']);
    expect(idsOf(await search(admin, 'searchParam=antiguo'))).toEqual([3]);
    expect(idsOf(await search(admin, 'searchParam=70000003'))).toEqual([3]);
    expect(idsOf(await search(admin, 'searchParam=frontera%2070000003'))).toEqual([3]);
    // Done once: a second run changes nothing.
    expect(await migration.migrateCompanyTicketSearch(companyId, Date.now() + 60_000)).toEqual({
      done: true,
      tokens: 0,
      tickets: 0,
      phrases: 0,
    });
  });

  it('migrates a company of the second layout: its tickets get their contact’s name phrases', async () => {
    const partition = `C#${companyId}#TSEARCH`;
    const { DeleteCommand, GetCommand, PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const table = dynamo.tableName();
    const phraseKey = { pk: partition, sk: '\u0001frontera 5#0000000005#c' };
    const phraseItem = () => dynamo.documentClient.send(new GetCommand({ TableName: table, Key: phraseKey, ConsistentRead: true }));
    expect((await phraseItem()).Item).toMatchObject({ ticketId: 5 });
    // As the second layout left it: contact tokens without phrases, the company marked done.
    await dynamo.documentClient.send(new DeleteCommand({ TableName: table, Key: phraseKey }));
    await dynamo.documentClient.send(
      new PutCommand({ TableName: table, Item: { pk: partition, sk: 'LAYOUT#2', tokensDone: true, ticketsDoneThrough: ticketCount, done: true } }),
    );
    const result = await migration.migrateCompanyTicketSearch(companyId, Date.now() + 60_000, { secondLayoutDone: true });
    expect(result).toEqual({ done: true, tokens: 0, tickets: 0, phrases: ticketCount });
    expect((await phraseItem()).Item).toMatchObject({ ticketId: 5, contactId: contactOfTicket.get(5)!.id });
    expect(idsOf(await search(admin, 'searchParam=frontera%2058'))).toEqual([58]);
  });

  it('stores a group’s first message in one transaction even with a long subject and 40 words, found by both', async () => {
    const { storeFirstMessage } = await import('../../src/data/inbound-chat.ts');
    // 100 characters of two-letter words (33 of them), an 18-digit group id (15 number tails):
    // with the ticket's copies, the name's phrases and 40 message words, more than 100 items
    // unless the name's words are bounded (12) and the message's words take what is left.
    const subject = Array.from({ length: 33 }, (_, i) => `${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`).join(' ').padEnd(100, 'z');
    const words = Array.from({ length: 40 }, (_, i) => `palabra${String(i).padStart(2, '0')}x`).join(' ');
    const at = new Date().toISOString();
    const stored = await storeFirstMessage(
      {
        companyId,
        whatsappId,
        contact: { number: '120363040123456789', name: subject, isGroup: true },
        message: { companyId, id: 'grupo-largo-1', whatsappId, fromMe: false, body: words, createdAt: at } as never,
        ticketUpdate: { lastMessage: words, lastMessageAt: at, countUnread: true },
      },
      { contactId: 9_000, ticketId: 9_000 },
    );
    expect(stored.outcome).toBe('stored');
    expect(idsOf(await search(admin, 'searchParam=aa%20ba%20ca'))).toEqual([9_000]);
    expect(idsOf(await search(admin, 'searchParam=palabra01x'))).toEqual([9_000]);
  });

  it('answers the older message a ticket matched by (searchMatch), within the same table calls', async () => {
    // Ticket 104: the customer asked for an invoice, then said thanks (the last message).
    const at = (second: number) => new Date(Date.UTC(2026, 0, 5, 10, 0, second)).toISOString();
    const say = (id: string, body: string, second: number) =>
      messages.storeMessageOnce(
        { companyId, id, ticketId: 104, whatsappId, fromMe: false, body, createdAt: at(second) },
        { lastMessage: body, lastMessageAt: at(second), countUnread: true },
      );
    expect(await say('snip-1', 'Necesito la factura de marzo, por favor', 1)).toBe('stored');
    expect(await say('snip-2', 'Muchas gracias', 2)).toBe('stored');

    const page = await search(admin, 'searchParam=FACTU');
    expect(idsOf(page)).toEqual([104]);
    expect(page.tickets[0]).toMatchObject({
      lastMessage: 'Muchas gracias',
      searchMatch: 'Necesito la factura de marzo, por favor',
    });
    // Two words: the snippet holding both.
    const both = await search(admin, 'searchParam=marzo%20necesito');
    expect(both.tickets[0]).toMatchObject({ id: 104, searchMatch: 'Necesito la factura de marzo, por favor' });
    // By the contact alone: no message matched, no searchMatch.
    const byName = await search(admin, 'searchParam=frontera&pageNumber=1');
    expect(byName.tickets.find((ticket) => ticket.id === 104)).not.toHaveProperty('searchMatch');

    // The snippet comes with the token items the search reads anyway: still at most 4 calls.
    const token = admin.token!;
    await searchInProcess(token, { searchParam: 'factura', pageNumber: '1' });
    let counted: SearchPage | undefined;
    const calls = await tableCallsDuring(async () => {
      counted = await searchInProcess(token, { searchParam: 'factura', pageNumber: '1' });
    });
    expect(counted!.tickets[0]).toMatchObject({ id: 104, searchMatch: 'Necesito la factura de marzo, por favor' });
    expect(calls.calls, JSON.stringify(calls.byCommand)).toBeLessThanOrEqual(4);
  });
});
