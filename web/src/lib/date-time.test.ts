import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time.ts';

describe('formatDateTime', () => {
  it('writes DD/MM/YYYY HH:mm in local time', () => {
    const local = new Date(2025, 0, 5, 9, 7).toISOString();
    expect(formatDateTime(local)).toBe('05/01/2025 09:07');
  });

  it('leaves missing and invalid dates empty', () => {
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('nope')).toBe('');
  });
});
