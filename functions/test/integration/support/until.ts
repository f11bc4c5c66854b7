/**
 * Waits for an eventually consistent outcome (a queue hop, the stream, the connector): polls
 * `probe` every 50 ms until it answers something other than undefined.
 */
export async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
