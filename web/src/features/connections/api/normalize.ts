import { connectionDefaults, connectionStatuses, silenceMinutesDefault } from '@atende/shared/constants';
import type { ConnectionStatus, Whatsapp } from './types.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const count = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const optionalId = (value: unknown) => (typeof value === 'number' && value > 0 ? value : null);

/** The product also writes "connected"; anything unknown reads as the server's default. */
export function statusOf(value: unknown): ConnectionStatus {
  if (value === 'connected') return 'CONNECTED';
  return (connectionStatuses as readonly unknown[]).includes(value)
    ? (value as ConnectionStatus)
    : 'DISCONNECTED';
}

/**
 * A connection with every field filled in, from an API answer or a live event. Live events carry
 * the stored record, where an empty QR or number is simply absent: reading them as '' and null
 * matters, or a merge would keep the old QR after the phone connects. The token is kept only
 * when present, so a live event never wipes the one an admin's list holds.
 */
export function normalizeWhatsapp(raw: Record<string, unknown>): Whatsapp {
  const queueIds = Array.isArray(raw.queueIds)
    ? raw.queueIds.map(Number).filter((id) => Number.isInteger(id) && id > 0)
    : Array.isArray(raw.queues)
      ? (raw.queues as { id?: unknown }[])
          .map((queue) => Number(queue?.id))
          .filter((id) => Number.isInteger(id) && id > 0)
      : [];
  const whatsapp: Whatsapp = {
    id: Number(raw.id),
    name: text(raw.name),
    status: statusOf(raw.status),
    isDefault: raw.isDefault === true,
    qrcode: text(raw.qrcode),
    retries: count(raw.retries, 0),
    provider: text(raw.provider) || connectionDefaults.provider,
    number: typeof raw.number === 'string' && raw.number ? raw.number : null,
    greetingMessage: text(raw.greetingMessage),
    complationMessage: text(raw.complationMessage),
    outOfHoursMessage: text(raw.outOfHoursMessage),
    ratingMessage: text(raw.ratingMessage),
    expiresInactiveMessage: text(raw.expiresInactiveMessage),
    expiresTicket: count(raw.expiresTicket, connectionDefaults.expiresTicket),
    timeUseBotQueues: count(raw.timeUseBotQueues, connectionDefaults.timeUseBotQueues),
    maxUseBotQueues: count(raw.maxUseBotQueues, connectionDefaults.maxUseBotQueues),
    timeToTransfer: typeof raw.timeToTransfer === 'number' ? raw.timeToTransfer : null,
    transferQueueId: optionalId(raw.transferQueueId),
    promptId: optionalId(raw.promptId),
    ...('integrationId' in raw ? { integrationId: optionalId(raw.integrationId) } : {}),
    queueIds,
    updatedAt: text(raw.updatedAt),
    lastDisconnectAt: text(raw.lastDisconnectAt) || null,
    lastDisconnectReason: text(raw.lastDisconnectReason) || null,
    silenceMinutes: count(raw.silenceMinutes, silenceMinutesDefault),
  };
  if (typeof raw.token === 'string') whatsapp.token = raw.token;
  if (typeof raw.createdAt === 'string') whatsapp.createdAt = raw.createdAt;
  return whatsapp;
}
