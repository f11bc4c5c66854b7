import { liveEventsOfFrame } from '@atende/shared/live-events';
import { describe, expect, it } from 'vitest';
import { packFrames } from '../src/domain/live-frames.ts';

const event = (n: number, filler = '') =>
  JSON.stringify({ event: 'ticket', data: { action: 'update', n, filler } });

describe('live frames', () => {
  it('sends a lone event as the plain object', () => {
    expect(packFrames([event(1)])).toEqual([event(1)]);
    expect(packFrames([])).toEqual([]);
  });

  it('packs several events of one socket into one array frame, in order', () => {
    const frames = packFrames([event(1), event(2), event(3)]);
    expect(frames).toHaveLength(1);
    expect(liveEventsOfFrame(frames[0]!).map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3]);
  });

  it('splits a long run over frames under the size limit, keeping the order', () => {
    const payloads = Array.from({ length: 10 }, (_, n) => event(n, 'x'.repeat(300)));
    const limit = 1000;
    const frames = packFrames(payloads, limit);
    expect(frames.length).toBeGreaterThan(1);
    for (const frame of frames) expect(Buffer.byteLength(frame)).toBeLessThanOrEqual(limit);
    const order = frames.flatMap((frame) => liveEventsOfFrame(frame).map((e) => (e.data as { n: number }).n));
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('sends an event larger than the limit on its own', () => {
    const big = event(2, 'y'.repeat(2000));
    const frames = packFrames([event(1), big, event(3)], 1000);
    expect(frames).toEqual([event(1), big, event(3)]);
  });

  it('reads single events, arrays, and ignores what is not an event', () => {
    expect(liveEventsOfFrame('{"event":"tag","data":{"action":"delete","tagId":1}}')).toEqual([
      { event: 'tag', data: { action: 'delete', tagId: 1 } },
    ]);
    expect(
      liveEventsOfFrame('[{"event":"a","data":1},{"nope":true},{"event":"b","data":2}]').map((e) => e.event),
    ).toEqual(['a', 'b']);
    expect(liveEventsOfFrame('not json')).toEqual([]);
    expect(liveEventsOfFrame('{"error":"ERR_VALIDATION"}')).toEqual([]);
  });
});
