import type { SQSEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { maxStepAttempts, retryOfFailedStep } from '#domain/step-retry';

const state = vi.hoisted(() => ({
  failSteps: 0,
  failSend: false,
  ran: [] as object[],
  sent: [] as { queue: string; body: string; delaySeconds?: number }[],
  listUpdates: [] as object[],
}));

vi.mock('../src/modules/contact-lists/import-step.ts', () => ({
  runImportStep: vi.fn(async (work: object) => {
    state.ran.push(work);
    if (state.failSteps > 0) {
      state.failSteps -= 1;
      throw new Error('ProvisionedThroughputExceededException');
    }
  }),
}));
vi.mock('#data/contact-lists', () => ({
  deleteItemsOfContactList: vi.fn(async () => 0),
  updateContactList: vi.fn(async (...args: unknown[]) => {
    state.listUpdates.push(args);
  }),
}));
vi.mock('#homes/adapters', () => ({
  queuePort: vi.fn(async () => ({
    send: async (queue: string, message: { body: string; delaySeconds?: number }) => {
      if (state.failSend) throw new Error('queue unavailable');
      state.sent.push({ queue, ...message });
    },
  })),
}));

const { handler } = await import('../src/modules/contact-lists/worker.ts');

const importStep = { kind: 'import', companyId: 4, contactListId: 9, importId: 'imp-1', key: 'imports/x.csv', offset: 200 };

function event(body: object, receiveCount = 1): SQSEvent {
  return {
    Records: [{ messageId: 'm-1', body: JSON.stringify(body), attributes: { ApproximateReceiveCount: String(receiveCount) } }],
  } as unknown as SQSEvent;
}

beforeEach(() => {
  Object.assign(state, { failSteps: 0, failSend: false, ran: [], sent: [], listUpdates: [] });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('a failed contact-list step (the purge queue pattern, domain/step-retry.ts)', () => {
  it('counts the attempts of any step body, with a short growing pause', () => {
    const delays: number[] = [];
    let body: { kind: string; attempt?: number } = { kind: 'check' };
    for (let retry = retryOfFailedStep(body); retry; retry = retryOfFailedStep(body)) {
      delays.push(retry.delaySeconds);
      body = retry.body;
      expect(body.kind).toBe('check');
    }
    expect(delays).toEqual([2, 4, 8, 16]);
    expect(body.attempt).toBe(maxStepAttempts - 1);
  });

  it('is sent again soon instead of waiting out the 900 s visibility timeout', async () => {
    state.failSteps = 1;
    const answer = await handler(event(importStep));
    expect(answer.batchItemFailures).toEqual([]);
    expect(state.sent).toHaveLength(1);
    expect(state.sent[0]!.queue).toBe('contact-lists');
    expect(JSON.parse(state.sent[0]!.body)).toEqual({ ...importStep, attempt: 1 });
    expect(state.sent[0]!.delaySeconds).toBe(2);
  });

  it('runs the step without its attempt count, so the steps it sends start their own', async () => {
    await handler(event({ ...importStep, attempt: 3 }));
    expect(state.ran).toEqual([importStep]);
    expect(state.sent).toEqual([]);
  });

  it('leaves the message to the queue once the quick retries are spent or cannot be sent; the last receive fails the import', async () => {
    state.failSteps = 1;
    const spent = await handler(event({ ...importStep, attempt: maxStepAttempts - 1 }, 2));
    expect(spent.batchItemFailures).toEqual([{ itemIdentifier: 'm-1' }]);
    expect(state.sent).toEqual([]);
    expect(state.listUpdates).toEqual([]);

    state.failSteps = 1;
    state.failSend = true;
    const unsent = await handler(event(importStep));
    expect(unsent.batchItemFailures).toEqual([{ itemIdentifier: 'm-1' }]);

    state.failSteps = 1;
    const last = await handler(event({ ...importStep, attempt: maxStepAttempts - 1 }, 5));
    expect(last.batchItemFailures).toEqual([{ itemIdentifier: 'm-1' }]);
    expect(state.listUpdates).toEqual([[4, 9, { importStatus: 'failed' }, 'imp-1']]);
  });

  it('drops a body that is not a step', async () => {
    const answer = await handler(event({ kind: 'unknown' }));
    expect(answer.batchItemFailures).toEqual([]);
    expect(state.ran).toEqual([]);
  });
});
