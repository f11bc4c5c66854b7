/**
 * What one open or pending list page costs in table calls and items read, counted on a fake table
 * (issue #26, "Lists"): a page of tickets carrying their contact's snapshot is one Query and one
 * small BatchGet (the directory version and the tab counters, read alongside the query); no
 * contact, no user read. Tickets written before snapshots, and closed ones, read their contact.
 */
import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  type BatchGetCommandInput,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signAccessToken } from '../src/auth/access-token.ts';
import type { Principal } from '../src/auth/principal.ts';
import { documentClient } from '../src/aws/dynamo.ts';
import { companyEntity } from '../src/data/company-entity.ts';
import { contactEntity } from '../src/data/contact-entity.ts';
import { planEntity } from '../src/data/plan-entity.ts';
import { queueEntity } from '../src/data/queue-entity.ts';
import { sessionEntity } from '../src/data/session-entity.ts';
import { ticketEntity } from '../src/data/ticket-entity.ts';
import { userEntity } from '../src/data/user-entity.ts';
import { whatsappEntity } from '../src/data/whatsapp-entity.ts';
import { ticketIndexKeys } from '../src/domain/ticket-keys.ts';
import { handler } from '../src/modules/tickets/handler.ts';
import { apiEvent, lambdaContext } from './api-event.ts';

const dynamo = mockClient(documentClient);
const companyId = 3;
const agent: Principal = { userId: 7, companyId, profile: 'user', isSuper: false, sessionId: 's1' };

const stored = (
  entity: { create(item: never): { params(): { Item: Record<string, unknown> } } },
  item: Record<string, unknown>,
) => entity.create(item as never).params().Item;

function ticket(
  id: number,
  fields: { status: 'open' | 'pending' | 'closed'; userId?: number; queueId?: number; snapshot: boolean },
) {
  const activityAt = new Date(Date.UTC(2026, 10, 1) + id * 60_000).toISOString();
  const state = {
    companyId,
    id,
    status: fields.status,
    userId: fields.userId,
    queueId: fields.queueId,
    activityAt,
  };
  return stored(ticketEntity, {
    companyId,
    id,
    uuid: `u${id}`,
    status: fields.status,
    contactId: 1000 + id,
    whatsappId: 1,
    activityAt,
    tagIds: [],
    ...(fields.userId ? { userId: fields.userId } : {}),
    ...(fields.queueId ? { queueId: fields.queueId } : {}),
    ...(fields.snapshot
      ? { contactSnapshot: { name: `Cliente ${id}`, number: `55119${id}`, isGroup: false } }
      : {}),
    ...ticketIndexKeys(state),
  });
}

let items: Record<string, unknown>[] = [];
const byKey = () => new Map(items.map((item) => [`${String(item.pk)}|${String(item.sk)}`, item]));

/** A table over `items` answering GetItem, BatchGetItem and Query (base table or gsi1..3). */
function fakeTable() {
  dynamo.reset();
  dynamo
    .on(GetCommand)
    .callsFake((input: { Key: { pk: string; sk: string } }) => ({
      Item: byKey().get(`${input.Key.pk}|${input.Key.sk}`),
    }));
  dynamo.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
    const [table, request] = Object.entries(input.RequestItems!)[0]!;
    const keys = request.Keys as { pk: string; sk: string }[];
    const found = byKey();
    return { Responses: { [table]: keys.flatMap((k) => found.get(`${k.pk}|${k.sk}`) ?? []) } };
  });
  dynamo.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const values = input.ExpressionAttributeValues ?? {};
    const pkField = input.IndexName ? `${input.IndexName}pk` : 'pk';
    const skField = input.IndexName ? `${input.IndexName}sk` : 'sk';
    const prefix = Object.entries(values).find(
      ([name]) =>
        name !== ':pk' &&
        (input.KeyConditionExpression ?? '').includes(`begins_with`) &&
        name.startsWith(':sk'),
    )?.[1];
    const matching = items
      .filter(
        (item) =>
          item[pkField] === values[':pk'] &&
          (typeof prefix !== 'string' || String(item[skField]).startsWith(prefix)),
      )
      .sort(
        (a, b) =>
          String(a[skField]).localeCompare(String(b[skField])) * (input.ScanIndexForward === false ? -1 : 1),
      );
    return { Items: input.Limit ? matching.slice(0, input.Limit) : matching };
  });
}

/** The company, its plan, the agent with their session, a connection and a queue. */
const directory = () => [
  stored(companyEntity, {
    id: companyId,
    name: 'Acme',
    nameKey: 'acme',
    planId: 1,
    status: true,
    dueDate: '2999-01-01',
  }),
  stored(planEntity, {
    id: 1,
    name: 'Plano',
    nameKey: 'plano',
    users: 5,
    connections: 1,
    queues: 3,
    value: 30,
  }),
  stored(userEntity, {
    companyId,
    id: 7,
    name: 'Ana',
    email: 'ana@acme.test',
    passwordHash: 'x',
    profile: 'user',
    queueIds: [2],
    allTicket: 'desabled',
  }),
  stored(sessionEntity, {
    companyId,
    userId: 7,
    sessionId: 's1',
    refreshHash: 'h',
    rotatedAt: 1,
    expiresAt: 4_000_000_000,
  }),
  stored(whatsappEntity, { companyId, id: 1, name: 'Ventas', token: 'tok' }),
  stored(queueEntity, { companyId, id: 2, name: 'Soporte', color: '#000000' }),
];

let token = '';
beforeAll(async () => {
  token = await signAccessToken(agent);
});

async function list(status: 'open' | 'pending') {
  const answer = await handler(
    apiEvent('GET', '/tickets', {
      headers: { Authorization: `Bearer ${token}` },
      query: { status, showAll: 'false', pageNumber: '1' },
    }),
    lambdaContext,
  );
  expect(answer.statusCode).toBe(200);
  return JSON.parse(answer.body) as {
    tickets: { id: number; contact: { id: number; name: string; number: string } | null }[];
    count: number;
    hasMore: boolean;
  };
}

/** A warmed-up container (session, company and names kept) answers one list page: what it cost. */
async function costOf(status: 'open' | 'pending') {
  await list(status);
  dynamo.resetHistory();
  const page = await list(status);
  const batchKeys = dynamo
    .commandCalls(BatchGetCommand)
    .flatMap((call) =>
      Object.values(call.args[0].input.RequestItems!).flatMap((r) => r.Keys as { sk: string }[]),
    );
  return {
    page,
    calls: dynamo.calls().length,
    queries: dynamo.commandCalls(QueryCommand).length,
    gets: dynamo.commandCalls(GetCommand).length,
    batchGets: dynamo.commandCalls(BatchGetCommand).length,
    contactsRead: batchKeys.filter((key) => key.sk.startsWith('CONTACT#')).length,
    keysRead: batchKeys.length,
  };
}

describe('an open or pending list page (issue #26)', () => {
  beforeEach(() => {
    items = directory();
    fakeTable();
  });

  it('open tab of tickets with their contact: one Query and one BatchGet of the version and the counter, no contact read', async () => {
    for (let id = 1; id <= 45; id += 1) items.push(ticket(id, { status: 'open', userId: 7, snapshot: true }));
    const cost = await costOf('open');
    expect(cost.page.tickets).toHaveLength(40);
    expect(cost.page.tickets[0]!.contact).toEqual({
      id: 1045,
      name: 'Cliente 45',
      number: '5511945',
      profilePicUrl: null,
      isGroup: false,
    });
    expect(cost.page.hasMore).toBe(true);
    expect({
      calls: cost.calls,
      queries: cost.queries,
      batchGets: cost.batchGets,
      contactsRead: cost.contactsRead,
      keysRead: cost.keysRead,
    }).toEqual({
      calls: 2,
      queries: 1,
      batchGets: 1,
      contactsRead: 0,
      keysRead: 2,
    });
  });

  it("pending tab: the agent's queues come with the session, not from a read of the user", async () => {
    for (let id = 1; id <= 45; id += 1)
      items.push(ticket(id, { status: 'pending', queueId: 2, snapshot: true }));
    const cost = await costOf('pending');
    expect(cost.page.tickets).toHaveLength(40);
    expect(cost.gets).toBe(0);
    expect({ calls: cost.calls, contactsRead: cost.contactsRead }).toEqual({ calls: 2, contactsRead: 0 });
  });

  it('tickets written before snapshots still show their contact: a BatchGet of only those contacts', async () => {
    for (let id = 1; id <= 45; id += 1)
      items.push(ticket(id, { status: 'open', userId: 7, snapshot: id % 10 !== 0 }));
    for (const id of [40, 30, 20, 10])
      items.push(
        stored(contactEntity, {
          companyId,
          id: 1000 + id,
          name: `Antiguo ${id}`,
          nameKey: 'antiguo',
          number: `55118${id}`,
        }),
      );
    const cost = await costOf('open');
    const shown = new Map(cost.page.tickets.map((t) => [t.id, t.contact?.name]));
    expect([shown.get(40), shown.get(30), shown.get(41)]).toEqual(['Antiguo 40', 'Antiguo 30', 'Cliente 41']);
    expect(cost.contactsRead).toBe(4);
    expect(cost.calls).toBe(3);
  });
});
