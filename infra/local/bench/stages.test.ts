/** The steady phase's stage split (stages.ts): what the tracer saw, cut per message. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { traceForBench } from '../src/bench-hook.ts';
import { stageLines, stageSplit, startTracing, type TraceEntry, type TracedMessage } from './stages.ts';

const message = (id: string, postedAtMs: number, onScreenAtMs: number | undefined, known = true, first = false): TracedMessage => ({
  id,
  postedAtMs,
  onScreenAtMs,
  known,
  first,
});
const at = (point: string, atMs: number, ...ids: string[]): TraceEntry => ({ point, atMs, ids });

describe('stageSplit', () => {
  it('cuts each message at the points it passed, first or last as each stage says', () => {
    const entries = [
      at('call:connector', 110, 'M1'),
      at('send:inbound', 120, 'M1'),
      at('call:ingest', 125, 'M1'),
      at('start:ingest', 130, 'M1'),
      // The first attempt failed: the stage runs to the last end, and the retry is counted.
      at('failed:inbound', 170, 'M1'),
      at('start:ingest', 3_170, 'M1'),
      at('read:broadcaster+dashboard-aggregator', 3_180, 'M1', 'M2'),
      at('end:ingest', 3_190, 'M1'),
      at('end:ingest', 160, 'M1'),
      at('start:broadcaster', 3_200, 'M1'),
      // Another consumer's reads are not the broadcaster's.
      at('read:webhook-events', 3_175, 'M1'),
    ];
    const split = stageSplit([message('M1', 100, 3_230, false, true)], entries);
    expect(split.slowest).toEqual([
      {
        id: 'M1',
        totalMs: 3_130,
        known: false,
        first: true,
        ingestRetries: 1,
        stages: {
          'to connector': 10,
          connector: 10,
          'inbound queue': 10,
          'ingest to stream': 3_050,
          'fan-out wait': 20,
          'fan-out': 30,
        },
      },
    ]);
    expect(split.retried).toBe(1);
    expect(split.ingest.max).toBe(3_060);
    expect(split.newCustomers.count).toBe(1);
    expect(split.others.count).toBe(0);
  });

  it('leaves out the stages a message never reached, and puts one never on screen first', () => {
    const split = stageSplit(
      [message('A', 0, 50), message('B', 0, undefined)],
      [at('call:connector', 5, 'A', 'B'), at('send:inbound', 9, 'A')],
    );
    expect(split.slowest.map((m) => m.id)).toEqual(['B', 'A']);
    expect(split.slowest[0]!.stages).toEqual({ 'to connector': 5 });
    expect(split.stages['to connector']!.count).toBe(2);
    expect(split.stages.connector!.count).toBe(1);
    expect(split.others.count).toBe(1);
    expect(stageLines(split).some((line) => line.startsWith('slow: B '))).toBe(true);
  });
});

describe('startTracing', () => {
  afterEach(() => {
    delete (globalThis as { atendeBenchTrace?: unknown }).atendeBenchTrace;
  });

  it('keeps the points whose payload names a followed id, until taken', () => {
    traceForBench('start:ingest', { body: 'STEADYX00001' });
    const tracing = startTracing('STEADYX\\d{5}');
    traceForBench('start:ingest', { Records: [{ body: '{"messageId":"STEADYX00001"}' }, { body: 'STEADYX00002 STEADYX00001' }] });
    traceForBench('send:inbound', 'nothing followed here');
    const taken = tracing.take();
    expect(taken.map((entry) => [entry.point, entry.ids])).toEqual([['start:ingest', ['STEADYX00001', 'STEADYX00002']]]);
    // Taking stops it: nothing more is kept.
    traceForBench('end:ingest', 'STEADYX00001');
    expect(tracing.take()).toEqual([]);
  });

  it('writes no payload out while tracing, and each traced object once when taken', () => {
    const tracing = startTracing('STEADYX\\d{5}');
    const event = { Records: [{ body: 'STEADYX00003' }] };
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      traceForBench('call:ingest', event);
      traceForBench('start:ingest', event);
      traceForBench('end:ingest', event);
      expect(stringify).not.toHaveBeenCalled();
      const taken = tracing.take();
      expect(taken.map((entry) => entry.point)).toEqual(['call:ingest', 'start:ingest', 'end:ingest']);
      expect(taken.every((entry) => entry.ids.join() === 'STEADYX00003')).toBe(true);
      expect(stringify).toHaveBeenCalledTimes(1);
    } finally {
      stringify.mockRestore();
    }
  });
});
