import { silenceMinutesDefault } from '@atende/shared/entities/connection-health';
import type { WhatsappRecord } from '#data/whatsapps';

/** A connection as the API returns it; only admins see the external-API token. */
export function publicWhatsapp(whatsapp: WhatsappRecord, options: { withToken: boolean }) {
  return {
    id: whatsapp.id,
    name: whatsapp.name,
    status: whatsapp.status ?? 'DISCONNECTED',
    isDefault: whatsapp.isDefault ?? false,
    qrcode: whatsapp.qrcode ?? '',
    retries: whatsapp.retries ?? 0,
    provider: whatsapp.provider ?? 'beta',
    number: whatsapp.number ?? null,
    greetingMessage: whatsapp.greetingMessage ?? '',
    complationMessage: whatsapp.complationMessage ?? '',
    outOfHoursMessage: whatsapp.outOfHoursMessage ?? '',
    ratingMessage: whatsapp.ratingMessage ?? '',
    expiresInactiveMessage: whatsapp.expiresInactiveMessage ?? '',
    expiresTicket: whatsapp.expiresTicket ?? 0,
    timeUseBotQueues: whatsapp.timeUseBotQueues ?? 0,
    maxUseBotQueues: whatsapp.maxUseBotQueues ?? 3,
    timeToTransfer: whatsapp.timeToTransfer ?? null,
    transferQueueId: whatsapp.transferQueueId ?? null,
    promptId: whatsapp.promptId ?? null,
    integrationId: whatsapp.integrationId ?? null,
    queueIds: whatsapp.queueIds ?? [],
    queues: (whatsapp.queueIds ?? []).map((id) => ({ id })),
    ...(options.withToken ? { token: whatsapp.token } : {}),
    lastDisconnectAt: whatsapp.lastDisconnectAt ?? null,
    lastDisconnectReason: whatsapp.lastDisconnectReason ?? null,
    silenceMinutes: whatsapp.silenceMinutes ?? silenceMinutesDefault,
    createdAt: whatsapp.createdAt,
    updatedAt: whatsapp.updatedAt,
  };
}
