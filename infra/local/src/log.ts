/**
 * The runtime's console output. `quiet` (tests) silences progress and warnings; errors always
 * print, because a handler that throws is something the person running the tests must see.
 */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, cause?: unknown): void;
}

export function createLogger(quiet: boolean): Logger {
  return {
    info: (message) => {
      if (!quiet) console.log(message);
    },
    warn: (message) => {
      if (!quiet) console.warn(message);
    },
    error: (message, cause) => {
      if (cause === undefined) console.error(message);
      else console.error(message, cause);
    },
  };
}
