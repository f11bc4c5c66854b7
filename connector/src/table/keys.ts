/** The table items the connector reads and writes; every company key starts with `C#<companyId>`. */

export type ItemKey = { pk: string; sk: string };

export const companyPk = (companyId: number): string => `C#${companyId}`;

/** The connection (an ElectroDB item owned by the REST module; we only update a few fields). */
export const connectionKey = (companyId: number, whatsappId: number): ItemKey => ({
  pk: companyPk(companyId),
  sk: `WAPP#${whatsappId}`,
});

/** The sparse index listing the connections that should run. */
export const runningIndex = 'gsi2';
export const runningPk = 'WAPPS#RUN';
export const runningValue = 'RUN';
export const runningSk = (companyId: number, whatsappId: number): string => `C#${companyId}#W#${whatsappId}`;

export function parseRunningSk(sk: string): { companyId: number; whatsappId: number } | null {
  const match = /^C#(\d+)#W#(\d+)$/.exec(sk);
  return match ? { companyId: Number(match[1]), whatsappId: Number(match[2]) } : null;
}

export const leaseKey = (companyId: number, whatsappId: number): ItemKey => ({
  pk: companyPk(companyId),
  sk: `WLEASE#${whatsappId}`,
});

/** Session credentials and signal keys: one item per key. */
export const sessionPrefix = (whatsappId: number): string => `WSESS#${whatsappId}#`;
export const credsKey = (companyId: number, whatsappId: number): ItemKey => ({
  pk: companyPk(companyId),
  sk: `${sessionPrefix(whatsappId)}creds`,
});
export const signalKey = (companyId: number, whatsappId: number, type: string, id: string): ItemKey => ({
  pk: companyPk(companyId),
  sk: `${sessionPrefix(whatsappId)}${type}#${id}`,
});

export const messageKey = (companyId: number, messageId: string): ItemKey => ({
  pk: `C#${companyId}#MSG#${messageId}`,
  sk: 'MSG',
});

export const replyKey = (companyId: number, key: string): ItemKey => ({
  pk: companyPk(companyId),
  sk: `REPLY#${key}`,
});

/** Inbound events that could not be queued yet, replayed in order (sort key is time-ordered). */
export const spoolPrefix = (whatsappId: number): string => `WSPOOL#${whatsappId}#`;

/**
 * What the business sent to a sandbox customer (read by GET /api/sandbox/{id}/outbox, which
 * orders it by `sentAt`). Keyed by the message id: like a phone, the sandbox shows a message id
 * once, so a send repeated after a crash between WhatsApp and the recorded result is dropped by
 * the put's condition on this very item.
 */
export const sandboxOutboxPrefix = (whatsappId: number): string => `SANDBOX#${whatsappId}#OUT#`;
export const sandboxOutboxKey = (companyId: number, whatsappId: number, to: string, messageId: string): ItemKey => ({
  pk: companyPk(companyId),
  sk: `${sandboxOutboxPrefix(whatsappId)}${to}#${messageId}`,
});

/**
 * A command relayed to the task holding the connection's lease (docs/connector.md, "Sharding"):
 * in the connection's partition, so it moves with the session; the sort key orders the relays
 * of one connection (a counter on the lease item).
 */
export const relayPrefix = (whatsappId: number): string => `WRELAY#${whatsappId}#`;
export const relayKey = (companyId: number, whatsappId: number, sequence: number): ItemKey => ({
  pk: companyPk(companyId),
  sk: `${relayPrefix(whatsappId)}${String(sequence).padStart(16, '0')}`,
});
/** A task's doorbell: the connections that have relayed commands waiting for it. */
export const doorbellKey = (holder: string): ItemKey => ({ pk: `WDOORBELL#${holder}`, sk: 'DOORBELL' });
/** The live connector tasks, one item each, renewed with their leases (how many sessions each holds). */
export const tasksPk = 'WTASKS';
