/** Recognising DynamoDB's condition and transaction failures. */

export function errorName(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : undefined;
}

export function isConditionFailure(error: unknown): boolean {
  return errorName(error) === 'ConditionalCheckFailedException';
}

/** The per-item reason codes of a cancelled transaction ('None', 'ConditionalCheckFailed', 'TransactionConflict', …). */
export function cancellationCodes(error: unknown): string[] | undefined {
  if (errorName(error) !== 'TransactionCanceledException') return undefined;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
  if (reasons) return reasons.map((reason) => reason.Code ?? 'None');
  // Without reasons, the message lists them: "... [ConditionalCheckFailed, None]".
  const listed = /\[([^\]]*)\]/.exec(String((error as { message?: string }).message ?? ''));
  return listed ? listed[1]!.split(',').map((code) => code.trim()) : [];
}

/** This task no longer holds the connection's lease: another one runs it now. */
export class FencedError extends Error {
  override name = 'FencedError';
  constructor(companyId: number, whatsappId: number) {
    super(`lease of connection ${companyId}/${whatsappId} lost: write refused`);
  }
}
