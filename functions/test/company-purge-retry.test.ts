import type { SQSEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { maxStepAttempts, retryOfFailedStep } from '#domain/company-purge-plan';

const state = vi.hoisted(() => ({
  failSteps: 0,
  failSend: false,
  sent: [] as { body: string; delaySeconds?: number }[],
}));

vi.mock('../src/modules/company-purge/purge-step.ts', () => ({
  runPurgeStep: vi.fn(async () => {
    if (state.failSteps > 0) {
      state.failSteps -= 1;
      throw new Error('ProvisionedThroughputExceededException');
    }
    return 'advanced';
  }),
}));
vi.mock('#homes/adapters', () => ({
  queuePort: vi.fn(async () => ({
    send: async (_queue: string, message: { body: string; delaySeconds?: number }) => {
      if (state.failSend) throw new Error('queue unavailable');
      state.sent.push(message);
    },
  })),
}));

const { handler } = await import('../src/modules/company-purge/handler.ts');

function event(body: object): SQSEvent {
  return { Records: [{ messageId: 'm-1', body: JSON.stringify(body) }] } as unknown as SQSEvent;
}

beforeEach(() => {
  state.failSteps = 0;
  state.failSend = false;
  state.sent = [];
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('a failed company purge step', () => {
  it('is sent again for the same round after a short, growing pause, up to the last quick attempt', () => {
    const first = { type: 'companyPurge' as const, companyId: 4, round: 7 };
    const delays: number[] = [];
    let body: typeof first & { attempt?: number } = first;
    for (;;) {
      const retry = retryOfFailedStep(body);
      if (!retry) break;
      expect(retry.body).toMatchObject({ companyId: 4, round: 7 });
      delays.push(retry.delaySeconds);
      body = retry.body;
    }
    expect(delays).toEqual([2, 4, 8, 16]);
    expect(body.attempt).toBe(maxStepAttempts - 1);
  });

  it('does not wait for the queue redelivery: the handler sends the retry and reports no failure', async () => {
    state.failSteps = 1;
    const answer = await handler(event({ type: 'companyPurge', companyId: 4, round: 7 }));
    expect(answer.batchItemFailures).toEqual([]);
    expect(state.sent).toHaveLength(1);
    expect(JSON.parse(state.sent[0]!.body)).toEqual({ type: 'companyPurge', companyId: 4, round: 7, attempt: 1 });
    expect(state.sent[0]!.delaySeconds).toBe(2);
  });

  it('leaves the message to the queue once the quick retries are spent or the retry cannot be sent', async () => {
    state.failSteps = 1;
    const spent = await handler(event({ type: 'companyPurge', companyId: 4, round: 7, attempt: maxStepAttempts - 1 }));
    expect(spent.batchItemFailures).toEqual([{ itemIdentifier: 'm-1' }]);
    expect(state.sent).toEqual([]);

    state.failSteps = 1;
    state.failSend = true;
    const unsent = await handler(event({ type: 'companyPurge', companyId: 4, round: 7 }));
    expect(unsent.batchItemFailures).toEqual([{ itemIdentifier: 'm-1' }]);
  });

  it('reports nothing and sends nothing when the step succeeds', async () => {
    const answer = await handler(event({ type: 'companyPurge', companyId: 4, round: 7, attempt: 2 }));
    expect(answer.batchItemFailures).toEqual([]);
    expect(state.sent).toEqual([]);
  });
});
