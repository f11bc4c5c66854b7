/** Baileys wants a pino-like logger; this one forwards warnings and errors to ours. */
import type { Logger } from '../../ports.ts';

export interface BaileysLogger {
  level: string;
  child(bindings: Record<string, unknown>): BaileysLogger;
  trace(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export function baileysLogger(log: Logger, bindings: Record<string, unknown> = {}): BaileysLogger {
  const entry = (obj: unknown, msg?: string): [string, Record<string, unknown>] => {
    if (typeof obj === 'string') return [obj, { ...bindings }];
    const data =
      obj instanceof Error
        ? { error: obj }
        : typeof obj === 'object' && obj !== null
          ? { ...obj }
          : { value: obj };
    return [msg ?? 'baileys', { ...bindings, ...(data as Record<string, unknown>) }];
  };
  const debugOn = process.env.CONNECTOR_DEBUG === 'true';
  return {
    level: debugOn ? 'debug' : 'warn',
    child: (more) => baileysLogger(log, { ...bindings, ...more }),
    trace: () => undefined,
    debug: (obj, msg) => {
      if (debugOn) log.debug(...entry(obj, msg));
    },
    info: (obj, msg) => {
      if (debugOn) log.debug(...entry(obj, msg));
    },
    warn: (obj, msg) => log.warn(...entry(obj, msg)),
    error: (obj, msg) => log.error(...entry(obj, msg)),
  };
}
