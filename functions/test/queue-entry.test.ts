import type { SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queueEntry } from '../src/observability/queue-entry.ts';

function event(...bodies: string[]): SQSEvent {
  return { Records: bodies.map((body, index) => ({ messageId: `m-${index}`, body })) } as unknown as SQSEvent;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('queueEntry (observability/queue-entry.ts)', () => {
  it('handles each valid record, drops an invalid one and reports a failed one alone', async () => {
    const handled: number[] = [];
    const handler = queueEntry({
      what: 'thing',
      parse: (body) => z.object({ n: z.number() }).parse(body),
      handle: async ({ n }) => {
        if (n === 2) throw new Error('boom');
        handled.push(n);
      },
      logKeys: ({ n }) => ({ n }),
    });
    const answer = await handler(event('{"n":1}', 'not json', '{"n":"x"}', '{"n":2}', '{"n":3}'));
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: 'm-3' }]);
    expect(handled).toEqual([1, 3]);
  });

  it('runs one record after another unless concurrent', async () => {
    const trace = (concurrent: boolean) => {
      const steps: string[] = [];
      const handler = queueEntry({
        what: 'thing',
        parse: (body) => z.object({ n: z.number() }).parse(body),
        handle: async ({ n }) => {
          steps.push(`start ${n}`);
          await new Promise((resolve) => setTimeout(resolve, 5));
          steps.push(`end ${n}`);
        },
        logKeys: () => ({}),
        concurrent,
      });
      return handler(event('{"n":1}', '{"n":2}')).then(() => steps);
    };
    expect(await trace(false)).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
    expect((await trace(true)).slice(0, 2)).toEqual(['start 1', 'start 2']);
  });
});
