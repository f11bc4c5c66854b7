/**
 * The ports the connector is built from: everything that touches the outside world or time is
 * injected, so tests run it against fakes and the local runtime and the Fargate task against
 * their own clients.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface Logger {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

/** Epoch milliseconds. */
export interface Clock {
  now(): number;
}

export type TimerHandle = unknown;

export interface Timers {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** The inbound FIFO queue (SQS SendMessage with MessageGroupId and MessageDeduplicationId). */
export interface InboundQueuePort {
  send(message: { body: string; groupId: string; deduplicationId: string }): Promise<void>;
}

/** The media bucket. */
export interface MediaPort {
  /** `contentDisposition`: inline only for allow-listed media (inbound/media-store.ts). */
  put(key: string, bytes: Uint8Array, contentType: string, contentDisposition?: string): Promise<void>;
  get(key: string): Promise<{ bytes: Uint8Array; contentType?: string }>;
}

/** The one table, written with a plain DocumentClient (not ElectroDB). */
export interface TableRef {
  documents: DynamoDBDocumentClient;
  tableName: string;
}

export const systemClock: Clock = { now: () => Date.now() };

export const systemTimers: Timers = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // A pending retry or renewal never keeps the process alive on its own.
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** One JSON line per entry, like the Lambdas. */
export const jsonLogger: Logger = {
  debug: (message, data) => {
    if (process.env.CONNECTOR_DEBUG === 'true') console.debug(line('debug', message, data));
  },
  info: (message, data) => console.info(line('info', message, data)),
  warn: (message, data) => console.warn(line('warn', message, data)),
  error: (message, data) => console.error(line('error', message, data)),
};

/**
 * One log line in the functions' shape (Powertools Logger: level, message, timestamp, service,
 * then the keys), so one CloudWatch Logs Insights query reads both, and a request's
 * correlationId, companyId, ticketId and messageId read the same on both sides
 * (docs/operations.md, "Logs"). Never a token, a message body or a full phone number.
 */
export function jsonLine(level: string, message: string, data?: Record<string, unknown>): string {
  return JSON.stringify(
    {
      level: level.toUpperCase(),
      message,
      timestamp: new Date().toISOString(),
      service: process.env.POWERTOOLS_SERVICE_NAME ?? 'connector',
      ...data,
    },
    (_key, value: unknown) => (value instanceof Error ? { name: value.name, message: value.message } : value),
  );
}

const line = jsonLine;

/** A phone number or JID for a log line: its last four digits only. */
export function maskPhone(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  const digits = value.split('@')[0]!.replace(/\D/g, '');
  return digits.length <= 4 ? '…' : `…${digits.slice(-4)}`;
}

/**
 * A count in CloudWatch's embedded metric format on stdout: the Fargate task's log driver sends
 * it to CloudWatch Logs, which makes it a metric (namespace POWERTOOLS_METRICS_NAMESPACE, as the
 * functions'). Written only where that namespace is set (the task; the local runtime's env).
 */
export function emitCount(name: string, value = 1): void {
  const namespace = process.env.POWERTOOLS_METRICS_NAMESPACE;
  if (!namespace) return;
  const service = process.env.POWERTOOLS_SERVICE_NAME ?? 'connector';
  console.log(
    JSON.stringify({
      _aws: {
        Timestamp: Date.now(),
        CloudWatchMetrics: [{ Namespace: namespace, Dimensions: [['service']], Metrics: [{ Name: name, Unit: 'Count' }] }],
      },
      service,
      [name]: value,
    }),
  );
}

/** A logger whose entries all carry `context`. */
export function childLogger(log: Logger, context: Record<string, unknown>): Logger {
  return {
    debug: (message, data) => log.debug(message, { ...context, ...data }),
    info: (message, data) => log.info(message, { ...context, ...data }),
    warn: (message, data) => log.warn(message, { ...context, ...data }),
    error: (message, data) => log.error(message, { ...context, ...data }),
  };
}

/** Waits `ms` on the injected timers. */
export function sleep(timers: Timers, ms: number): Promise<void> {
  return new Promise((resolve) => timers.setTimeout(resolve, ms));
}
