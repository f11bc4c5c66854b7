import { describe, expect, it } from 'vitest';
import { retriedOnTransactionConflict } from '../src/data/conflict-retry.ts';

const conflict = () => Object.assign(new Error('wrapped'), { cause: { name: 'TransactionConflictException' } });

describe('retriedOnTransactionConflict', () => {
  it('writes again while a transaction holds the item, and answers what the write answered', async () => {
    let calls = 0;
    const answer = await retriedOnTransactionConflict(async () => {
      calls += 1;
      if (calls < 3) throw conflict();
      return 'written';
    });
    expect(answer).toBe('written');
    expect(calls).toBe(3);
  });

  it('gives up after its attempts, and passes any other failure at once', async () => {
    let calls = 0;
    await expect(
      retriedOnTransactionConflict(async () => {
        calls += 1;
        throw conflict();
      }, 2),
    ).rejects.toThrow('wrapped');
    expect(calls).toBe(2);
    calls = 0;
    await expect(
      retriedOnTransactionConflict(async () => {
        calls += 1;
        throw Object.assign(new Error('refused'), { name: 'ConditionalCheckFailedException' });
      }),
    ).rejects.toThrow('refused');
    expect(calls).toBe(1);
  });
});
