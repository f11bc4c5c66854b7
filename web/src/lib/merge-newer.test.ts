import { describe, expect, it } from 'vitest';
import { mergeNewer } from './merge-newer.ts';

describe('mergeNewer', () => {
  const shown = { id: 7, status: 'open', updatedAt: '2026-12-07T10:00:01.000Z' };

  it('keeps the shown version over one written before it', () => {
    expect(mergeNewer(shown, { id: 7, status: 'pending', updatedAt: '2026-12-07T10:00:00.500Z' })).toBe(shown);
  });

  it('merges a version written at the same time or later, and one without a time', () => {
    expect(mergeNewer(shown, { status: 'closed', updatedAt: '2026-12-07T10:00:02.000Z' }).status).toBe('closed');
    expect(mergeNewer(shown, { status: 'closed', updatedAt: shown.updatedAt }).status).toBe('closed');
    expect(mergeNewer(shown, { status: 'closed' })).toEqual({ ...shown, status: 'closed' });
    const withoutTime: { id: number; status: string; updatedAt?: string } = { id: 7, status: 'open' };
    expect(mergeNewer(withoutTime, { status: 'closed', updatedAt: shown.updatedAt }).status).toBe('closed');
  });
});
