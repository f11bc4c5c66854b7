import { describe, expect, it } from 'vitest';
import { threadYoungGenerationMb } from '../src/function-threads.ts';

describe('the function threads’ young generation', () => {
  it('is 12 MB unless ATENDE_THREAD_YOUNG_MB asks for another size', () => {
    expect(threadYoungGenerationMb({})).toBe(12);
    expect(threadYoungGenerationMb({ ATENDE_THREAD_YOUNG_MB: '32' })).toBe(32);
  });

  it('keeps 12 MB when the variable is not a size', () => {
    expect(threadYoungGenerationMb({ ATENDE_THREAD_YOUNG_MB: 'big' })).toBe(12);
    expect(threadYoungGenerationMb({ ATENDE_THREAD_YOUNG_MB: '0' })).toBe(12);
  });
});
