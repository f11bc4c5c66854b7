/**
 * The local evaluation of Lambda's event filter patterns (lambda-filter.ts) with the product's
 * stream patterns (functions/src/live/stream-filter.ts): which records reach the consumers.
 */
import { describe, expect, it } from 'vitest';
import { entitiesNoConsumerReads, streamConsumerFilterPatterns } from '../../../functions/src/live/stream-filter.ts';
import { matchesAnyPattern } from '../src/lambda-filter.ts';

const record = (eventName: string, images: { NewImage?: Record<string, unknown>; OldImage?: Record<string, unknown> }) => ({
  eventName,
  dynamodb: { Keys: { pk: { S: 'C#1' }, sk: { S: 'X' } }, ...images },
});
const item = (entity?: string) => ({ pk: { S: 'C#1' }, ...(entity ? { __edb_e__: { S: entity } } : {}) });

describe('the stream consumers\' filter, evaluated locally', () => {
  const patterns = streamConsumerFilterPatterns();

  it('passes inserts, updates and removals of the entities consumers read', () => {
    expect(matchesAnyPattern(record('INSERT', { NewImage: item('message') }), patterns)).toBe(true);
    expect(matchesAnyPattern(record('MODIFY', { NewImage: item('ticket'), OldImage: item('ticket') }), patterns)).toBe(true);
    expect(matchesAnyPattern(record('REMOVE', { OldImage: item('ticketTag') }), patterns)).toBe(true);
  });

  it('drops the search tokens, whatever the change, and items of no entity', () => {
    expect(entitiesNoConsumerReads).toContain('ticketToken');
    for (const entity of entitiesNoConsumerReads) {
      expect(matchesAnyPattern(record('INSERT', { NewImage: item(entity) }), patterns)).toBe(false);
      expect(matchesAnyPattern(record('REMOVE', { OldImage: item(entity) }), patterns)).toBe(false);
    }
    expect(matchesAnyPattern(record('INSERT', { NewImage: item() }), patterns)).toBe(false);
    expect(matchesAnyPattern(record('MODIFY', { NewImage: item(), OldImage: item() }), patterns)).toBe(false);
  });

  it('does not take a removal for an insert or the other way round', () => {
    // A REMOVE has no new image; an INSERT no old one: each pattern reads the image its event has.
    expect(matchesAnyPattern(record('REMOVE', { NewImage: item('message') }), patterns)).toBe(false);
    expect(matchesAnyPattern(record('INSERT', { OldImage: item('message') }), patterns)).toBe(false);
  });

  it('evaluates exists, prefix and literals as Lambda does, and refuses an operator it does not know', () => {
    const event = { a: { b: 'hello', n: 3, list: ['x', 'y'] } };
    expect(matchesAnyPattern(event, [{ a: { b: [{ prefix: 'he' }] } }])).toBe(true);
    expect(matchesAnyPattern(event, [{ a: { b: [{ prefix: 'lo' }] } }])).toBe(false);
    expect(matchesAnyPattern(event, [{ a: { n: [3] } }])).toBe(true);
    expect(matchesAnyPattern(event, [{ a: { list: ['y'] } }])).toBe(true);
    expect(matchesAnyPattern(event, [{ a: { missing: [{ exists: false }] } }])).toBe(true);
    expect(matchesAnyPattern(event, [{ a: { b: [{ exists: false }] } }])).toBe(false);
    expect(matchesAnyPattern(event, [{ a: { missing: [{ 'anything-but': ['z'] }] } }])).toBe(false);
    expect(() => matchesAnyPattern(event, [{ a: { n: [{ numeric: ['>', 1] }] } }])).toThrow(/numeric/);
  });
});
