/**
 * Marking a send (docs/decisions.md, "Connection-day counts from the stream"): one update of the
 * message alone. The connection's day counts it from the table's stream, so the connector writes
 * no day item; a repeated mark changes nothing, a receipt's higher ack stays.
 */
import { describe, expect, it } from 'vitest';
import { MessageStore } from '../src/table/messages.ts';
import { MemoryTable } from './fakes/memory-table.ts';

const now = new Date('2026-12-05T10:00:00.000Z');

function storeWith(message: Record<string, unknown> | null) {
  const table = new MemoryTable();
  if (message) table.put({ pk: 'C#1#MSG#M1', sk: 'MSG', body: 'hola', fromMe: true, ack: 0, ...message });
  return { table, store: new MessageStore(table.client, table.tableName) };
}

const dayItems = (table: MemoryTable) => table.list('C#1', 'WHEALTH#');

describe('MessageStore.markSent', () => {
  it('marks it sent in one update (failure and claim cleared), writing no day item; a repeat changes nothing', async () => {
    const { table, store } = storeWith({ error: 'ERR_SENDING_WAPP_MSG' });
    expect(await store.claimSend(1, 'M1', now)).toBe('claimed');
    const calls = table.sent.length;
    await store.markSent(1, 'M1', now);
    expect(table.sent.slice(calls).map((call) => call.name)).toEqual(['UpdateCommand']);
    expect(table.get('C#1#MSG#M1', 'MSG')).toMatchObject({ ack: 1, updatedAt: now.toISOString() });
    expect(table.get('C#1#MSG#M1', 'MSG')?.sendClaimUntil).toBeUndefined();
    expect(table.get('C#1#MSG#M1', 'MSG')?.error).toBeUndefined();
    expect(dayItems(table)).toEqual([]);

    const later = new Date(now.getTime() + 60_000);
    await store.markSent(1, 'M1', later);
    expect(table.get('C#1#MSG#M1', 'MSG')).toMatchObject({ ack: 1, updatedAt: now.toISOString() });
  });

  it('keeps the higher ack of a receipt that came first, and still gives the claim back', async () => {
    const { table, store } = storeWith({});
    expect(await store.claimSend(1, 'M1', now)).toBe('claimed');
    table.put({ ...table.get('C#1#MSG#M1', 'MSG')!, ack: 2 });
    await store.markSent(1, 'M1', now);
    expect(table.get('C#1#MSG#M1', 'MSG')).toMatchObject({ ack: 2 });
    expect(table.get('C#1#MSG#M1', 'MSG')?.sendClaimUntil).toBeUndefined();
  });

  it('creates nothing for a message never stored (an automatic reply)', async () => {
    const { table, store } = storeWith(null);
    await store.markSent(1, 'M1', now);
    expect(table.get('C#1#MSG#M1', 'MSG')).toBeUndefined();
    expect(dayItems(table)).toEqual([]);
  });
});
