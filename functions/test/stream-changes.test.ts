import type { DynamoDBRecord } from 'aws-lambda';
import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { changeFromRecord } from '../src/live/stream-changes.ts';

const record = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', images: { newItem?: object; oldItem?: object }) =>
  ({
    eventName,
    dynamodb: {
      ...(images.newItem ? { NewImage: marshall(images.newItem) } : {}),
      ...(images.oldItem ? { OldImage: marshall(images.oldItem) } : {}),
    },
  }) as unknown as DynamoDBRecord;

const message = { pk: 'C#1#MSG#A', sk: 'MSG', __edb_e__: 'message', __edb_v__: '1', companyId: 1, id: 'A', ack: 1 };

describe('changeFromRecord', () => {
  it("gives an entity's change without its keys", () => {
    expect(changeFromRecord(record('MODIFY', { newItem: message, oldItem: { ...message, ack: 0 } }))).toEqual({
      entity: 'message',
      kind: 'update',
      newItem: { companyId: 1, id: 'A', ack: 1 },
      oldItem: { companyId: 1, id: 'A', ack: 0 },
    });
    expect(changeFromRecord(record('REMOVE', { oldItem: message }))).toMatchObject({ entity: 'message', kind: 'delete' });
  });

  it('gives nothing for an item of no entity (a counter, the connector state)', () => {
    expect(changeFromRecord(record('INSERT', { newItem: { pk: 'C#1', sk: 'WDAY#2#2026-12-05', out: 3 } }))).toBeUndefined();
  });

  it("gives nothing for an entity the caller does not follow, and the change for one it does", () => {
    const followed = new Set(['ticket', 'message']);
    const contact = { pk: 'C#1', sk: 'CONTACT#4', __edb_e__: 'contact', __edb_v__: '1', companyId: 1, id: 4 };
    expect(changeFromRecord(record('INSERT', { newItem: contact }), followed)).toBeUndefined();
    expect(changeFromRecord(record('INSERT', { newItem: message }), followed)).toMatchObject({ entity: 'message', kind: 'create' });
  });

  it('gives nothing for a search token, which the stream filter keeps from every consumer', () => {
    const token = { pk: 'C#1#TTOK', sk: 'hola#0000000004', __edb_e__: 'ticketToken', __edb_v__: '1', companyId: 1, ticketId: 4 };
    expect(changeFromRecord(record('INSERT', { newItem: token }))).toBeUndefined();
    expect(changeFromRecord(record('REMOVE', { oldItem: token }))).toBeUndefined();
  });
});
