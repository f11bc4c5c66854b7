/**
 * The correlation keys of the work in hand (docs/operations.md, "Logs"): every log line of an
 * invocation, and of each record a batch consumer handles, carries them. They live in an
 * AsyncLocalStorage rather than in the Logger's own keys, because the local runtime runs several
 * invocations of one function at once in one thread (in AWS one at a time per sandbox): keys
 * appended by one call never show on another's lines.
 *
 * Only ids travel here: never a token, a message body or a full phone number (maskPhone).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface CorrelationKeys {
  /** The request (or event) the work started from; the REST request's id, carried on what it writes and sends. */
  correlationId?: string;
  /** The API Gateway request id of a REST call. */
  requestId?: string;
  companyId?: number;
  ticketId?: number;
  messageId?: string;
  [key: string]: string | number | boolean | undefined;
}

const storage = new AsyncLocalStorage<CorrelationKeys>();

/** Runs `work` with its own keys (a copy of `keys`): what it appends stays in its scope. */
export function withCorrelation<T>(keys: CorrelationKeys, work: () => T): T {
  return storage.run({ ...storage.getStore(), ...definedOnly(keys) }, work);
}

/** Adds keys to the current scope (e.g. the company once the token is verified). */
export function appendCorrelation(keys: CorrelationKeys): void {
  const store = storage.getStore();
  if (store) Object.assign(store, definedOnly(keys));
}

export function correlationKeys(): CorrelationKeys | undefined {
  return storage.getStore();
}

/** The correlation id of the work in hand, to carry on what it writes or sends. */
export function currentCorrelationId(): string | undefined {
  return storage.getStore()?.correlationId;
}

/** What a correlation id may look like when read back from an item, a queue message or a header. */
export function validCorrelationId(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9._:-]{1,100}$/.test(value) ? value : undefined;
}

function definedOnly(keys: CorrelationKeys): CorrelationKeys {
  const out: CorrelationKeys = {};
  for (const [key, value] of Object.entries(keys)) if (value !== undefined && value !== '') out[key] = value;
  return out;
}

/** A phone number or JID for a log line: its last four digits only ("…8888"). */
export function maskPhone(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  const digits = value.split('@')[0]!.replace(/\D/g, '');
  return digits.length <= 4 ? '…' : `…${digits.slice(-4)}`;
}
