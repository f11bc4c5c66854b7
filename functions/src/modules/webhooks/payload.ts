import type { WebhookEvent } from '@atende/shared/entities/webhook';
import type { MessageRecord } from '#data/messages';
import type { TicketRecord } from '#data/tickets';
import { publicMessage } from '../messages/serialize.ts';

/**
 * The ticket as a webhook receives it: its own fields, ids of what it links to (a receiver that
 * wants names asks the API). Nothing secret lives on a ticket, and nothing here is read again.
 */
function webhookTicket(ticket: TicketRecord) {
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    status: ticket.status,
    contactId: ticket.contactId,
    whatsappId: ticket.whatsappId,
    queueId: ticket.queueId ?? null,
    userId: ticket.userId ?? null,
    lastMessage: ticket.lastMessage ?? '',
    lastMessageAt: ticket.lastMessageAt ?? null,
    unreadMessages: ticket.unreadMessages ?? 0,
    isGroup: ticket.isGroup ?? false,
    chatbot: ticket.chatbot ?? false,
    createdAt: ticket.createdAt,
    updatedAt: ticket.activityAt ?? ticket.updatedAt,
  };
}

/**
 * The JSON body of a delivery: the event, its id (receivers dedupe on it; also in a header), the
 * company, when it happened and the entity, serialized like the API shows it (a message's media
 * as `hasMedia`, never a signed URL). `previous` carries the status before a status change.
 */
export function webhookPayload(input: {
  event: WebhookEvent;
  eventId: string;
  companyId: number;
  occurredAt: string;
  entity: 'ticket' | 'message';
  item: Record<string, unknown>;
  oldItem: Record<string, unknown> | undefined;
}): string {
  const data =
    input.entity === 'ticket'
      ? {
          ticket: webhookTicket(input.item as TicketRecord),
          ...(input.event === 'ticket.status_changed'
            ? { previousStatus: input.oldItem?.status ?? null }
            : {}),
        }
      : {
          message: publicMessage(input.item as MessageRecord),
          ...(input.event === 'message.status_changed' ? { previousAck: input.oldItem?.ack ?? null } : {}),
        };
  return JSON.stringify({
    id: input.eventId,
    event: input.event,
    companyId: input.companyId,
    occurredAt: input.occurredAt,
    data,
  });
}
