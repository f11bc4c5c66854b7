/** The SDK's logger shape (@smithy/types Logger), kept structural so this package needs no AWS types. */
interface Logger {
  debug(...content: unknown[]): void;
  info(...content: unknown[]): void;
  warn(...content: unknown[]): void;
  error(...content: unknown[]): void;
}

/**
 * The logger every AWS SDK client of ours gets: it prints nothing. The SDK's logger middleware
 * builds an `info` entry for every call, walking the whole input and output through the service
 * schema to mask sensitive fields, whenever the logger has an `info` method (its default no-op
 * logger has one). For a page of 40 tickets that walk cost more CPU than the call itself and most
 * of the collector's work (a profile of the local runtime under the benchmark). Without `info` the
 * entry is never built. Errors reach our code as exceptions, where they are handled or logged
 * (an expected ConditionalCheckFailed is not an error to log), so `error` prints nothing either,
 * as the default logger did.
 */
export const sdkLogger = {
  debug: () => undefined,
  warn: () => undefined,
  error: () => undefined,
} as unknown as Logger;
