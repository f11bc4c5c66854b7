import { BatchGetCommand, GetCommand, type BatchGetCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { documentClient } from '../src/aws/dynamo.ts';
import { getItems, itemRef } from '../src/data/batch-get.ts';
import { contactEntity, contactNumberEntity } from '../src/data/contact-entity.ts';
import { readInboundChat } from '../src/data/inbound-reads.ts';
import { settingEntity } from '../src/data/setting-entity.ts';
import { contactTicketEntity, ticketEntity } from '../src/data/ticket-entity.ts';

const dynamo = mockClient(documentClient);
const table = process.env.TABLE_NAME!;

/** A table of stored items (as the entities write them), answering BatchGetItem and GetItem. */
function storedTable(items: Record<string, unknown>[], options: { unprocessedFirst?: number } = {}) {
  const byKey = new Map(items.map((item) => [`${String(item.pk)}|${String(item.sk)}`, item]));
  let leaveUnprocessed = options.unprocessedFirst ?? 0;
  dynamo.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
    const request = input.RequestItems![table]!;
    expect(request.ConsistentRead).toBe(true);
    const keys = request.Keys as { pk: string; sk: string }[];
    const unprocessed = keys.slice(0, leaveUnprocessed);
    leaveUnprocessed = 0;
    const answered = keys.slice(unprocessed.length).map((k) => byKey.get(`${k.pk}|${k.sk}`)).filter(Boolean);
    return { Responses: { [table]: answered }, ...(unprocessed.length > 0 ? { UnprocessedKeys: { [table]: { Keys: unprocessed } } } : {}) };
  });
  dynamo.on(GetCommand).callsFake((input: { Key: { pk: string; sk: string } }) => ({ Item: byKey.get(`${input.Key.pk}|${input.Key.sk}`) }));
}

const put = (entity: { create(item: never): { params(): { Item: Record<string, unknown> } } }, item: Record<string, unknown>) =>
  entity.create(item as never).params().Item;

const companyId = 7;
const whatsappId = 3;
const number = '5511999990001';
const contact = put(contactEntity, { companyId, id: 40, name: 'Ana', nameKey: 'ana', number });
const numberClaim = put(contactNumberEntity, { companyId, number, contactId: 40 });
const ticket = (id: number, status: string) =>
  put(ticketEntity, { companyId, id, uuid: `u${id}`, status, contactId: 40, whatsappId, createdAt: '2026-11-01T00:00:00.000Z' });
const ticketClaim = (ticketId: number) => put(contactTicketEntity, { companyId, whatsappId, contactId: 40, ticketId });

const batchGets = () => dynamo.commandCalls(BatchGetCommand).length;
const gets = () => dynamo.commandCalls(GetCommand).length;

beforeEach(() => dynamo.reset());

describe('getItems (one BatchGetItem for reads that do not depend on each other)', () => {
  it('answers in the order asked, undefined for what is not there, each key asked once', async () => {
    storedTable([contact, ticket(9, 'open')]);
    const [t, c, missing, again] = await getItems([
      itemRef(ticketEntity, { companyId, id: 9 }),
      itemRef(contactEntity, { companyId, id: 40 }),
      itemRef(ticketEntity, { companyId, id: 10 }),
      itemRef(ticketEntity, { companyId, id: 9 }),
    ] as const);
    expect([t?.id, c?.name, missing, again?.id]).toEqual([9, 'Ana', undefined, 9]);
    expect(batchGets()).toBe(1);
    expect(dynamo.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems![table]!.Keys).toHaveLength(3);
  });

  it('asks again for the keys DynamoDB left unprocessed', async () => {
    storedTable([contact, ticket(9, 'open')], { unprocessedFirst: 1 });
    const [t, c] = await getItems([itemRef(ticketEntity, { companyId, id: 9 }), itemRef(contactEntity, { companyId, id: 40 })] as const);
    expect([t?.id, c?.id]).toEqual([9, 40]);
    expect(batchGets()).toBe(2);
  });

  it('splits more than 100 keys into calls of 100', async () => {
    storedTable([]);
    const refs = Array.from({ length: 150 }, (_, key) => itemRef(settingEntity, { companyId, key: `k${key}` }));
    expect((await getItems(refs)).every((item) => item === undefined)).toBe(true);
    expect(batchGets()).toBe(2);
  });
});

describe('readInboundChat (AP-IN-1)', () => {
  const wanted = { whatsapp: true, company: true, settings: ['scheduleType', 'userRating'] };

  it('reads everything in one call when the hint is current', async () => {
    storedTable([numberClaim, contact, ticketClaim(9), ticket(9, 'pending'), put(settingEntity, { companyId, key: 'userRating', value: 'enabled' })]);
    const state = await readInboundChat(companyId, whatsappId, number, wanted, { contactId: 40, ticketId: 9 });
    expect(state.contact?.id).toBe(40);
    expect(state.current?.id).toBe(9);
    expect(state.settings.map((s) => [s.key, s.value])).toEqual([['userRating', 'enabled']]);
    expect([batchGets(), gets()]).toEqual([1, 0]);
  });

  it('reads the ticket the claim names when the hinted one is no longer current', async () => {
    storedTable([numberClaim, contact, ticketClaim(12), ticket(9, 'closed'), ticket(12, 'open')]);
    const state = await readInboundChat(companyId, whatsappId, number, wanted, { contactId: 40, ticketId: 9 });
    expect(state.current?.id).toBe(12);
    expect([batchGets(), gets()]).toEqual([1, 1]);
  });

  it('reads the contact the number names when the hinted one is no longer it', async () => {
    const renumbered = put(contactNumberEntity, { companyId, number, contactId: 41 });
    const other = put(contactEntity, { companyId, id: 41, name: 'Beto', nameKey: 'beto', number });
    storedTable([renumbered, contact, other, ticketClaim(9), ticket(9, 'open')]);
    const state = await readInboundChat(companyId, whatsappId, number, wanted, { contactId: 40, ticketId: 9 });
    expect(state.contact?.id).toBe(41);
    expect(state.current).toBeUndefined();
    expect([batchGets(), gets()]).toEqual([2, 0]);
  });

  it('without a hint: the contact and its claim together, then the ticket', async () => {
    storedTable([numberClaim, contact, ticketClaim(9), ticket(9, 'open')]);
    const state = await readInboundChat(companyId, whatsappId, number, wanted);
    expect([state.contact?.id, state.current?.id]).toEqual([40, 9]);
    expect([batchGets(), gets()]).toEqual([2, 1]);
  });

  it('a new number: one call, no contact, no ticket', async () => {
    storedTable([]);
    const state = await readInboundChat(companyId, whatsappId, number, wanted, { contactId: 40, ticketId: 9 });
    expect([state.contact, state.current, state.whatsapp, state.company, state.settings]).toEqual([undefined, undefined, undefined, undefined, []]);
    expect([batchGets(), gets()]).toEqual([1, 0]);
  });
});
