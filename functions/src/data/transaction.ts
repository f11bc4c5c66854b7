import { createWriteTransaction, type Entity, type TransactWriteEntity } from 'electrodb';
import type { ErrorCode } from '@atende/shared/errors';
import { AppError } from '#domain/app-error';

type Entities = Record<string, Entity<string, string, string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
/** What a write function receives for one entity (its `create`, `put`, `patch`… with `commit()`). */
export type TransactionWriter<E> = E extends Entity<infer A, infer F, infer C, infer S> ? TransactWriteEntity<A, F, C, S> : never;

type WriteFunction<E extends Entities> = Parameters<typeof createWriteTransaction<E, any, any>>[1]; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Runs an all-or-nothing write. `conditionErrors[i]` is the error to answer when item i's
 * condition fails (a duplicate e-mail, a reached plan limit); a transaction that lost a race
 * with another one is retried a few times before it answers a conflict.
 */
export async function writeAll<E extends Entities>(
  entities: E,
  write: WriteFunction<E>,
  conditionErrors: (ErrorCode | undefined)[],
  conflictError: ErrorCode = 'ERR_TICKET_CONFLICT',
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await createWriteTransaction(entities, write).go();
    if (!result.canceled) return;
    const reasons = result.data as unknown as { rejected: boolean; code: string }[];
    const failedCondition = reasons.findIndex((reason) => reason.rejected && reason.code === 'ConditionalCheckFailed');
    if (failedCondition >= 0) throw new AppError(conditionErrors[failedCondition] ?? conflictError);
    if (attempt >= 3) throw new AppError(conflictError);
    await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
  }
}
