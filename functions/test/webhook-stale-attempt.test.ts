/**
 * A slow failed webhook attempt whose retry already ran (and wrote its own outcome) changes
 * nothing more: neither the delivery's status nor the webhook's streak of failures.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const state = vi.hoisted(() => ({
  outcomeWritten: true,
  recorded: [] as { attempt: number; status: string }[],
  failuresNoted: 0,
  queued: [] as { attempt: number; delay: number }[],
}));

vi.mock('#data/webhooks', () => ({
  getDelivery: vi.fn(async () => ({ id: 'D1', status: 'pending', payload: '{}', event: 'message.created', eventId: 'E1' })),
  claimAttempt: vi.fn(async () => ({ id: 'D1' })),
  getWebhook: vi.fn(async () => ({ companyId: 4, id: 2, enabled: true, url: 'https://receiver.example/hook', secret: 's' })),
  recordAttempt: vi.fn(async (_c: number, _w: number, _d: string, attempt: number, outcome: { status: string }) => {
    state.recorded.push({ attempt, status: outcome.status });
    return state.outcomeWritten;
  }),
}));
vi.mock('#modules/secrets/stored-secret', () => ({ openStoredSecret: vi.fn(async () => 'secret') }));
vi.mock('../src/http-out/safe-fetch.ts', () => ({
  OutboundError: class extends Error {},
  safeFetch: vi.fn(async () => ({ status: 503, latencyMs: 5 })),
}));
vi.mock('../src/modules/webhooks/failing.ts', () => ({
  noteFailedAttempt: vi.fn(async () => {
    state.failuresNoted += 1;
  }),
  noteDeliveredAttempt: vi.fn(async () => undefined),
}));
vi.mock('../src/modules/webhooks/queue-message.ts', () => ({
  enqueueAttempt: vi.fn(async (message: { attempt: number }, delay: number) => {
    state.queued.push({ attempt: message.attempt, delay });
  }),
}));

const { attemptDelivery } = await import('../src/modules/webhooks/deliver.ts');

beforeEach(() => {
  state.outcomeWritten = true;
  state.recorded = [];
  state.failuresNoted = 0;
  state.queued = [];
});

const attempt = (n: number) => attemptDelivery({ companyId: 4, webhookId: 2, deliveryId: 'D1', attempt: n });

describe('a failed webhook attempt', () => {
  it('queues its retry, records "retrying" for its own attempt and counts towards the streak', async () => {
    await attempt(2);
    expect(state.queued).toEqual([{ attempt: 3, delay: expect.any(Number) }]);
    expect(state.recorded).toEqual([{ attempt: 2, status: 'retrying' }]);
    expect(state.failuresNoted).toBe(1);
  });

  it('whose retry already ran notes nothing more: the retry reported its own outcome', async () => {
    state.outcomeWritten = false;
    await attempt(2);
    expect(state.recorded).toEqual([{ attempt: 2, status: 'retrying' }]);
    expect(state.failuresNoted).toBe(0);
  });

  it('the last one fails the delivery and counts, unless a newer attempt took the delivery', async () => {
    await attempt(5);
    expect(state.queued).toEqual([]);
    expect(state.recorded).toEqual([{ attempt: 5, status: 'failed' }]);
    expect(state.failuresNoted).toBe(1);
    state.outcomeWritten = false;
    await attempt(5);
    expect(state.failuresNoted).toBe(1);
  });
});
