/** The SDK's logger shape (@smithy/types Logger), kept structural so this package needs no AWS types. */
interface Logger {
  debug(...content: unknown[]): void;
  info(...content: unknown[]): void;
  warn(...content: unknown[]): void;
  error(...content: unknown[]): void;
}

/**
 * The logger every AWS SDK client of ours gets. The SDK's logger middleware builds an `info`
 * entry for every call, walking the whole input and output through the service schema to mask
 * sensitive fields, whenever the logger has an `info` method (its default no-op logger has one).
 * For a page of 40 tickets that walk cost more CPU than the call itself and most of the
 * collector's work (a profile of the local runtime under the benchmark). Without `info` the entry
 * is never built; warnings and errors still go to the log.
 */
export const sdkLogger = {
  debug: () => undefined,
  warn: (...content: unknown[]) => console.warn(...content),
  error: (...content: unknown[]) => console.error(...content),
} as unknown as Logger;
