/** Shared fakes for the connector's tests. */
import type { InboundEvent } from '@atende/shared/entities/inbound-message';
import { inboundEventSchema } from '@atende/shared/entities/inbound-message';
import type { Logger, MediaPort } from '../src/ports.ts';
import type { SqsEventLike } from '../src/sqs-event.ts';

export interface LogEntry {
  level: string;
  message: string;
  data?: Record<string, unknown>;
}

export function memoryLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const add = (level: string) => (message: string, data?: Record<string, unknown>) => {
    entries.push({ level, message, ...(data ? { data } : {}) });
    if (process.env.CONNECTOR_TEST_LOG === 'true') console.log(level, message, data ?? '');
  };
  return { entries, debug: add('debug'), info: add('info'), warn: add('warn'), error: add('error') };
}

export function memoryMedia(): MediaPort & {
  objects: Map<string, { bytes: Uint8Array; contentType: string }>;
} {
  const objects = new Map<string, { bytes: Uint8Array; contentType: string }>();
  return {
    objects,
    async put(key, bytes, contentType) {
      objects.set(key, { bytes, contentType });
    },
    async get(key) {
      const found = objects.get(key);
      if (!found) throw new Error(`no media ${key}`);
      return { bytes: found.bytes, contentType: found.contentType };
    },
  };
}

export interface SentInbound {
  body: string;
  groupId: string;
  deduplicationId: string;
  event: InboundEvent;
}

/** The inbound FIFO queue: keeps what was sent, validated against the shared schema; can fail on demand. */
export function memoryInbound() {
  const sent: SentInbound[] = [];
  let failures = 0;
  return {
    sent,
    /** The next `count` sends fail. */
    failNext(count: number) {
      failures = count;
    },
    events: () => sent.map((entry) => entry.event),
    async send(message: { body: string; groupId: string; deduplicationId: string }) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('SQS unavailable');
      }
      sent.push({ ...message, event: inboundEventSchema.parse(JSON.parse(message.body)) });
    },
  };
}

let sequence = 0;

/** An SQS event of connector commands, one FIFO group per connection like the REST modules send them. */
export function commandEvent(...commands: Record<string, unknown>[]): SqsEventLike {
  return {
    Records: commands.map((command) => {
      sequence += 1;
      const body = { commandId: `cmd-${sequence}`, ...command };
      return {
        messageId: `msg-${sequence}`,
        body: JSON.stringify(body),
        attributes: { MessageGroupId: String(command.whatsappId) },
      };
    }),
  };
}

/**
 * Lets queued promise chains and zero-delay timers run (with fake timers installed). Fake timers
 * give a 0 ms timer set during a tick a 1 ms delay, so this moves the clock by `rounds` ms.
 */
export async function settle(
  vi: { advanceTimersByTimeAsync(ms: number): Promise<unknown> },
  rounds = 10,
): Promise<void> {
  for (let round = 0; round < rounds; round += 1) await vi.advanceTimersByTimeAsync(1);
}
