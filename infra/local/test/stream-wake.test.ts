/**
 * When an invocation's end wakes the local stream reader (runtime.ts, issue #26): a function in a
 * thread of its own reports each write as DynamoDB answers it, so its end would only add an empty
 * poll (a reply sets off four consumers' batches, each ending); the in-process connector, whose
 * writes nobody reports, and functions run on the runtime's own thread still wake it at their end.
 */
import { describe, expect, it } from 'vitest';
import { connectorConsumerName } from '../src/local-connector.ts';
import { wakesStreamAtEnd } from '../src/runtime.ts';

const post = { httpMethod: 'POST', path: '/api/messages/1' };
const get = { httpMethod: 'GET', path: '/api/messages/1' };
const streamBatch = { Records: [{ eventName: 'INSERT' }] };

describe('wakesStreamAtEnd', () => {
  it('does not wake for a function in a thread of its own: its writes woke the reader already', () => {
    expect(wakesStreamAtEnd('messages', post, true)).toBe(false);
    expect(wakesStreamAtEnd('broadcaster', streamBatch, true)).toBe(false);
    expect(wakesStreamAtEnd('webhook-events', streamBatch, true)).toBe(false);
  });

  it('wakes for the in-process connector, whose writes are not reported as they land', () => {
    expect(wakesStreamAtEnd(connectorConsumerName, { Records: [] }, true)).toBe(true);
  });

  it('wakes for functions run on the runtime thread (ATENDE_FUNCTION_THREADS=false)', () => {
    expect(wakesStreamAtEnd('messages', post, false)).toBe(true);
    expect(wakesStreamAtEnd('broadcaster', streamBatch, false)).toBe(true);
  });

  it('never wakes for a REST read', () => {
    expect(wakesStreamAtEnd('messages', get, false)).toBe(false);
    expect(wakesStreamAtEnd('messages', get, true)).toBe(false);
  });
});
