import { describe, expect, it } from 'vitest';
import { lambdaDefaults } from '../../lib/lambda-defaults.ts';
import { threadYoungGenerationMb } from '../src/function-threads.ts';
import { lambdaNodeFlags } from '../src/lambda-node-flags.ts';

describe('the Lambdas’ Node options in the function threads', () => {
  it('gives the threads every option of the Lambdas that this Node knows', () => {
    const known = new Set(['--enable-source-maps', '--experimental-async-context-frame', '--inspect']);
    expect(lambdaNodeFlags(known)).toEqual(lambdaDefaults.nodeOptions.split(' '));
  });

  it('leaves out the options an older Node would refuse (Node 20 has no async context frame)', () => {
    expect(lambdaNodeFlags(new Set(['--enable-source-maps']))).toEqual(['--enable-source-maps']);
    expect(lambdaNodeFlags(new Set())).toEqual([]);
  });
});

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
