/**
 * Queues of bounded, idempotent steps (company purge, contact-list work) have a long visibility
 * timeout (it must exceed the consumer's), so leaving a passing failure to the queue's redelivery
 * would stall the work for minutes. A failed step is sent again sooner, this many times at the
 * most; then the queue's own retries and dead-letter queue take over.
 */
export const maxStepAttempts = 5;

/**
 * What becomes of a step that threw: the same step again (`attempt` counted in its body) after a
 * short, growing pause (2, 4, 8, 16 s), or nothing (undefined) once it has failed
 * `maxStepAttempts` times, when the message is left to the queue.
 */
export function retryOfFailedStep<B extends { attempt?: number }>(
  body: B,
): { body: B & { attempt: number }; delaySeconds: number } | undefined {
  const attempt = (body.attempt ?? 0) + 1;
  if (attempt >= maxStepAttempts) return undefined;
  return { body: { ...body, attempt }, delaySeconds: 2 ** attempt };
}
