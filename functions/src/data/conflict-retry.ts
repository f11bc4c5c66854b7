/**
 * A plain write to an item that transactions also write (a company's counters, a connection's
 * day) is refused with TransactionConflictException while one of them holds it; it goes again
 * after a short pause, a few times, rather than failing its request or its stream batch.
 */
const conflictName = 'TransactionConflictException';

function errorName(error: unknown): string | undefined {
  const failure = error as { cause?: { name?: string }; name?: string };
  return failure.cause?.name ?? failure.name;
}

export async function retriedOnTransactionConflict<T>(write: () => Promise<T>, attempts = 10): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (errorName(error) !== conflictName || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}
