/**
 * A send counts once on its connection's day (docs/decisions.md, "Connections that tell you"):
 * the mark of the send and the day's `out` ADD are one transaction, so a mark repeated by a
 * redelivery counts nothing, and a receipt that raised the ack first still leaves one count.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { MessageStore } from '../src/table/messages.ts';
import { MemoryTable } from './fakes/memory-table.ts';

const now = new Date('2026-12-05T10:00:00.000Z');
const dayOf = (table: MemoryTable) => table.get('C#1', 'WHEALTH#2#DAY#2026-12-05');

function storeWith(message: Record<string, unknown> | null) {
  const table = new MemoryTable();
  if (message) table.put({ pk: 'C#1#MSG#M1', sk: 'MSG', body: 'hola', fromMe: true, ack: 0, ...message });
  return { table, store: new MessageStore(table.client, table.tableName) };
}

describe('MessageStore.markSent counts the send on the connection day', () => {
  it('marks it sent and counts it out once, a repeated mark counting nothing', async () => {
    const { table, store } = storeWith({});
    expect(await store.claimSend(1, 'M1', now)).toBe('claimed');
    await store.markSent(1, 2, 'M1', now);
    expect(table.get('C#1#MSG#M1', 'MSG')).toMatchObject({ ack: 1, updatedAt: now.toISOString() });
    expect(table.get('C#1#MSG#M1', 'MSG')?.sendClaimUntil).toBeUndefined();
    expect(dayOf(table)).toMatchObject({
      out: 1,
      day: '2026-12-05',
      companyId: 1,
      whatsappId: 2,
      __edb_e__: 'connectionDay',
      __edb_v__: '1',
    });
    // Kept 31 days, like the functions' history items.
    expect(dayOf(table)?.expiresAt).toBe(Math.floor(now.getTime() / 1000) + 31 * 24 * 3600);

    await store.markSent(1, 2, 'M1', now);
    expect(dayOf(table)?.out).toBe(1);
  });

  it('keeps the higher ack of a receipt that came first, and still counts the send once', async () => {
    const { table, store } = storeWith({});
    expect(await store.claimSend(1, 'M1', now)).toBe('claimed');
    table.put({ ...table.get('C#1#MSG#M1', 'MSG')!, ack: 2 });
    await store.markSent(1, 2, 'M1', now);
    expect(table.get('C#1#MSG#M1', 'MSG')).toMatchObject({ ack: 2 });
    expect(table.get('C#1#MSG#M1', 'MSG')?.sendClaimUntil).toBeUndefined();
    expect(dayOf(table)?.out).toBe(1);
    await store.markSent(1, 2, 'M1', now);
    expect(dayOf(table)?.out).toBe(1);
  });

  it('adds to the day of earlier sends, and counts nothing for a message never stored', async () => {
    const { table, store } = storeWith(null);
    table.put({ pk: 'C#1', sk: 'WHEALTH#2#DAY#2026-12-05', in: 4, out: 3, day: '2026-12-05' });
    await store.markSent(1, 2, 'M1', now);
    expect(dayOf(table)).toMatchObject({ in: 4, out: 3 });
    table.put({ pk: 'C#1#MSG#M2', sk: 'MSG', body: 'otra', fromMe: true, ack: 0 });
    expect(await store.claimSend(1, 'M2', now)).toBe('claimed');
    await store.markSent(1, 2, 'M2', now);
    expect(dayOf(table)).toMatchObject({ in: 4, out: 4 });
  });
});

describe('MessageStore.markSent when the day item is busy', () => {
  const conflict = () =>
    new TransactionCanceledException({
      message: 'Transaction cancelled [None, TransactionConflict]',
      CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
      $metadata: {},
    });
  const isTransaction = (name: string) => name === 'TransactWriteCommand';

  it('tries again after a conflict and counts once', async () => {
    const { table, store } = storeWith({});
    expect(await store.claimSend(1, 'M1', now)).toBe('claimed');
    table.failNext(isTransaction, conflict());
    await store.markSent(1, 2, 'M1', now);
    expect(table.get('C#1#MSG#M1', 'MSG')).toMatchObject({ ack: 1 });
    expect(dayOf(table)?.out).toBe(1);
  });

  it('marks the send alone when the conflicts go on: never left claimed, the count given up', async () => {
    const { table, store } = storeWith({});
    expect(await store.claimSend(1, 'M1', now)).toBe('claimed');
    for (let index = 0; index < 4; index += 1) table.failNext(isTransaction, conflict());
    await store.markSent(1, 2, 'M1', now);
    expect(table.get('C#1#MSG#M1', 'MSG')).toMatchObject({ ack: 1 });
    expect(table.get('C#1#MSG#M1', 'MSG')?.sendClaimUntil).toBeUndefined();
    expect(dayOf(table)).toBeUndefined();
  });
});
