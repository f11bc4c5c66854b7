import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { AppError } from '#domain/app-error';
import { ticketIndexKeys } from '#domain/ticket-keys';
import { messageEntity } from './message-entity.ts';
import { ticketNoteEntity, ticketNoteRefEntity } from './ticket-note-entity.ts';
import { ticketEntity, ticketEventEntity } from './ticket-entity.ts';
import type { TicketRecord } from './tickets.ts';
import { writeAll } from './transaction.ts';

/**
 * Writes of the automation (chatbot, out-of-hours answers, timers, rating; docs/chatbot.md).
 * Every write is one transaction guarded by the ticket as it was read: its status, user, queue
 * and `botVersion` (bumped by each automation write). An agent's accept, transfer or resolve in
 * between fails the guard, and the caller reads again and decides again: no lost update either
 * way (agents' writes guard status and user, and the automation changes neither without a
 * guard of its own). The timeline entries and the bot's messages go in the same transaction.
 */

type MessageItem = EntityItem<typeof messageEntity>;
type EventItem = EntityItem<typeof ticketEventEntity>;

/** The automation's own ticket attributes. */
export const automationFields = [
  'chatbot',
  'botPendingId',
  'botStage',
  'botOptionId',
  'botInvalid',
  'botUses',
  'botUsesSince',
  'outOfHoursPeriod',
  'transferAt',
  'expireAt',
  'ratingAt',
  'ratingUserId',
  'ratingAsks',
  // The bot turn (modules/bot-turn): which provider runs the ticket, and its session.
  'useIntegration',
  'promptId',
  'integrationId',
  'botState',
] as const;
export type AutomationField = (typeof automationFields)[number];
export type AutomationValues = Partial<Pick<TicketRecord, AutomationField>>;

/** A message the system sends, stored like an agent's (fromMe, ack 0 until the connector sends it). */
export type SystemMessageItem = Pick<
  MessageItem,
  'companyId' | 'id' | 'ticketId' | 'contactId' | 'whatsappId' | 'createdAt'
> & {
  body: string;
  userId?: number;
} & Partial<Pick<MessageItem, 'mediaType' | 'mediaKey' | 'mediaName' | 'mimetype' | 'mediaSize' | 'menu'>>;

export type TimelineEntry = Pick<EventItem, 'action'> &
  Partial<
    Pick<
      EventItem,
      | 'fromStatus'
      | 'toStatus'
      | 'fromUserId'
      | 'toUserId'
      | 'fromQueueId'
      | 'toQueueId'
      | 'rating'
      | 'ratedUserId'
      | 'actorId'
    >
  >;

export interface AutomationWrite {
  /** A move of the ticket itself (the list keys follow); null clears queue or user. */
  move?: { status?: TicketRecord['status']; queueId?: number | null; userId?: number | null };
  /** Automation attributes to set (undefined values are removed). */
  values?: { [K in AutomationField]?: TicketRecord[K] | undefined };
  events?: TimelineEntry[];
  messages?: SystemMessageItem[];
  /** Only if the ticket still waits for this message's automation step (it is cleared). */
  pendingId?: string;
  /** A ticket note for the agents (its id taken beforehand), written only with the step (AP-TN-1's items). */
  note?: { id: number; userId: number; note: string; author?: 'bot' };
}

export type AutomationWriteResult = 'written' | 'conflict' | 'duplicate';

const seq = () => randomUUID().slice(0, 8);

/** AP-TA-1: one automation step on a ticket, all or nothing, guarded by the ticket as read. */
export async function writeAutomation(
  current: TicketRecord,
  write: AutomationWrite,
): Promise<AutomationWriteResult> {
  const { companyId, id } = current;
  const now = new Date().toISOString();
  const status = write.move?.status ?? current.status;
  const queueId = write.move?.queueId === undefined ? current.queueId : (write.move.queueId ?? undefined);
  const userId = write.move?.userId === undefined ? current.userId : (write.move.userId ?? undefined);
  const messages = write.messages ?? [];
  const last = messages.at(-1);
  const activityAt = last ? last.createdAt : (current.activityAt ?? now);

  const set: Record<string, unknown> = { botVersion: (current.botVersion ?? 0) + 1 };
  const remove = new Set<string>();
  for (const [key, value] of Object.entries(write.values ?? {})) {
    if (value === undefined) remove.add(key);
    else set[key] = value;
  }
  if (write.pendingId !== undefined) remove.add('botPendingId');
  const moved = status !== current.status || queueId !== current.queueId || userId !== current.userId;
  if (write.move) {
    set.status = status;
    if (queueId !== undefined) set.queueId = queueId;
    else remove.add('queueId');
    if (userId !== undefined) set.userId = userId;
    else remove.add('userId');
  }
  if (last) {
    set.lastMessage = last.body.slice(0, 255);
    set.lastMessageAt = last.createdAt;
  }
  if (moved || last)
    Object.assign(set, {
      activityAt,
      ...ticketIndexKeys({ companyId, id, status, queueId, userId, activityAt }),
    });
  for (const key of remove) delete set[key];
  // A key removed that the ticket does not have is harmless; never set and remove one key.
  const removeList = [...remove] as never[];

  try {
    await writeAll(
      {
        ticket: ticketEntity,
        event: ticketEventEntity,
        message: messageEntity,
        note: ticketNoteEntity,
        noteRef: ticketNoteRefEntity,
      },
      ({ ticket, event, message, note, noteRef }) => {
        const patch = ticket.patch({ companyId, id }).set(set as never);
        const withRemove = removeList.length > 0 ? patch.remove(removeList) : patch;
        const guarded = withRemove.where((attributes, { eq, notExists }) =>
          [
            eq(attributes.status, current.status),
            current.userId === undefined
              ? notExists(attributes.userId)
              : eq(attributes.userId, current.userId),
            current.queueId === undefined
              ? notExists(attributes.queueId)
              : eq(attributes.queueId, current.queueId),
            current.botVersion === undefined
              ? notExists(attributes.botVersion)
              : eq(attributes.botVersion, current.botVersion),
            ...(write.pendingId !== undefined ? [eq(attributes.botPendingId, write.pendingId)] : []),
          ].join(' AND '),
        );
        return [
          guarded.commit(),
          ...(write.events ?? []).map((entry) =>
            event
              .put({
                companyId,
                ticketId: id,
                at: now,
                seq: seq(),
                toStatus: status,
                ...entry,
              })
              .commit(),
          ),
          ...messages.map((item) => message.create({ ...item, fromMe: true, ack: 0, read: true }).commit()),
          ...(write.note
            ? [
                note
                  .create({
                    companyId,
                    ticketId: id,
                    contactId: current.contactId,
                    ...write.note,
                    createdAt: now,
                  })
                  .commit(),
                noteRef.create({ companyId, id: write.note.id, ticketId: id }).commit(),
              ]
            : []),
        ];
      },
      [
        'ERR_TICKET_CONFLICT',
        ...(write.events ?? []).map(() => undefined),
        ...messages.map(() => 'ERR_CREATING_MESSAGE' as const),
        ...(write.note ? [undefined, undefined] : []),
      ],
    );
    return 'written';
  } catch (error) {
    if (error instanceof AppError && error.code === 'ERR_TICKET_CONFLICT') return 'conflict';
    if (error instanceof AppError && error.code === 'ERR_CREATING_MESSAGE') return 'duplicate';
    throw error;
  }
}
