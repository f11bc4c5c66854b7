import { isSecretSetting } from '@atende/shared/entities/setting';
import { adminsOnly, everyone, inRoom, rooms, type Audience, type LiveListener } from '#domain/live-audience';
import { getTicket, type TicketRecord } from '#data/tickets';
import type { ContactRecord } from '#data/contacts';
import { publicContact } from '../modules/contacts/serialize.ts';
import { canSeeTicket } from '#domain/ticket-visibility';
import { withRelated } from '../modules/tickets/related.ts';
import { liveDirectoryHead } from './live-directory-head.ts';
import type { MessageRecord } from '#data/messages';
import { publicMessage } from '../modules/messages/serialize.ts';
import { platformCompanyId } from '#domain/company-rules';
import { publicCompany } from '../modules/companies/serialize.ts';
import { publicUser } from '../modules/users/serialize.ts';
import type { CompanyRecord } from '#data/companies';
import type { UserRecord } from '#data/users';
import type { WhatsappRecord } from '#data/whatsapps';
import { publicWhatsapp } from '../modules/whatsapp/serialize.ts';
import { tagEventRule } from '../modules/tags/events.ts';
import { quickMessageEventRule } from '../modules/quick-messages/events.ts';
import { queueEventRule } from '../modules/queues/events.ts';
import { campaignEventRule } from '../modules/campaigns/events.ts';
import { fileListEventRule } from '../modules/files/events.ts';
import { announcementEventRule } from '../modules/announcements/events.ts';
import { chatMemberEventRule, chatMessageEventRule } from '../modules/chats/events.ts';
import { invoiceEventRule } from '../modules/subscription/events.ts';
import { contactListEventRule, contactListItemEventRule } from '../modules/contact-lists/events.ts';
import { queueIntegrationEventRule } from '../modules/queue-integrations/events.ts';
import { scheduleEventRule } from '../modules/schedules/events.ts';
import { promptEventRule } from '../modules/prompts/events.ts';
import { webhookEventRule } from '../modules/webhooks/events.ts';
import { connectionAlertEventRule } from '../modules/connection-health/events.ts';
import type { EntityChange, EventRule, LiveEvent, LiveOutput, SocketAccess } from './live-event.ts';

/**
 * Which live events a change of each entity produces. Because events come from data changes
 * (the table's stream) and not from the write paths, no write can forget to notify. Later
 * issues add a rule per entity they introduce.
 */
export const eventRules: Record<string, EventRule> = {
  user: (change) => {
    const item = change.newItem ?? change.oldItem;
    if (!item) return [];
    const companyId = Number(item.companyId);
    const userId = Number(item.id);
    const own: Audience = (listener) => listener.userId === userId;
    if (change.kind === 'delete') {
      // The deleted user's sockets close whatever session they were opened with.
      return [
        { companyId, event: 'user', data: { action: 'delete', userId: item.id }, audience: everyone },
        { companyId, control: 'close', audience: own },
      ];
    }
    // A login or refresh changes only the session record, so user events mean real changes.
    const outputs: LiveOutput[] = [
      { companyId, event: 'user', data: { action: change.kind, user: publicUser(item as UserRecord) }, audience: everyone },
    ];
    // Sockets decide who hears what from the access they hold: a change of it applies at once.
    const access = accessChange(change.oldItem, change.newItem);
    if (access) outputs.push({ companyId, control: 'setAccess', access, audience: own });
    return outputs;
  },

  /**
   * A session ended (logout, password change or reset, demotion) or a newer login replaced it:
   * the server closes its sockets itself. Before that they hear `auth` (core §4 Session): with
   * `update` the SPA says the account was accessed on another computer, with `delete` that the
   * session ended; either way it signs out. A rotated refresh token keeps the session id: no change.
   */
  session: (change) => {
    const before = change.oldItem;
    const after = change.newItem;
    if (!before || before.sessionId === after?.sessionId) return [];
    const ended = String(before.sessionId);
    const userId = Number(before.userId);
    const companyId = Number(before.companyId);
    const audience: Audience = (listener) => listener.userId === userId && listener.sessionId === ended;
    const action = after ? 'update' : 'delete';
    return [
      { companyId, event: 'auth', data: { action, user: { id: userId } }, audience },
      { companyId, control: 'close', audience },
    ];
  },

  setting: (change) => {
    const item = change.newItem ?? change.oldItem;
    // Secret settings (the payment-provider token) never travel in live events.
    if (!item || change.kind === 'delete' || isSecretSetting(String(item.key))) return [];
    return [
      {
        companyId: Number(item.companyId),
        event: 'setting',
        data: { action: 'update', setting: { key: item.key, value: item.value } },
        audience: everyone,
      },
    ];
  },

  /** Company changes reach the company's admins and the super users' administration screen. */
  company: (change) => {
    const item = change.newItem ?? change.oldItem;
    if (!item) return [];
    const data =
      change.kind === 'delete'
        ? { action: 'delete', companyId: item.id }
        : { action: change.kind, company: publicCompany(item as CompanyRecord) };
    const superUsers: Audience = (listener) => listener.isSuper;
    const events: LiveEvent[] = [{ companyId: platformCompanyId, event: 'company', data, audience: superUsers }];
    if (Number(item.id) !== platformCompanyId) {
      events.push({ companyId: Number(item.id), event: 'company', data, audience: adminsOnly });
    }
    return events;
  },
};

/** The fields of a connection that only its status and QR touch (the connector's writes). */
const sessionFields = ['status', 'qrcode', 'retries', 'number'] as const;

eventRules.whatsapp = (change) => {
  const item = change.newItem ?? change.oldItem;
  if (!item) return [];
  const companyId = Number(item.companyId);
  if (change.kind === 'delete') {
    return [{ companyId, event: 'whatsapp', data: { action: 'delete', whatsappId: item.id }, audience: everyone }];
  }
  // The same shape the REST answers use; the token only ever goes to admins through REST.
  const whatsapp = publicWhatsapp(item as WhatsappRecord, { withToken: false });
  const events: LiveEvent[] = [{ companyId, event: 'whatsapp', data: { action: 'update', whatsapp }, audience: everyone }];
  const sessionChanged = change.kind === 'create' || sessionFields.some((f) => change.oldItem?.[f] !== change.newItem?.[f]);
  if (sessionChanged) {
    events.push({ companyId, event: 'whatsappSession', data: { action: 'update', session: whatsapp }, audience: everyone });
  }
  return events;
};

/**
 * A message reaches the sockets watching its ticket (joinChatBox checks the right to see it)
 * and the company's admins; the inbox issue widens this to everyone who may see the ticket.
 */
eventRules.message = (change) => {
  const item = change.newItem ?? change.oldItem;
  if (!item || change.kind === 'delete') return [];
  const message = publicMessage(item as MessageRecord);
  // A change nobody can see (the connector's send claim) is not news to any screen.
  if (
    change.kind === 'update' &&
    change.oldItem &&
    JSON.stringify(publicMessage(change.oldItem as MessageRecord)) === JSON.stringify(message)
  )
    return [];
  const ticketId = Number(item.ticketId);
  const watching = inRoom(rooms.chatBox(ticketId));
  const audience: Audience = (listener) => watching(listener) || adminsOnly(listener);
  return [{ companyId: Number(item.companyId), event: 'appMessage', data: { action: change.kind, ticketId, message }, audience }];
};

/**
 * A ticket change reaches whoever may see the ticket before or after it (so a transfer removes it
 * from one list and adds it to another), with its contact, connection and user like the REST lists.
 */
eventRules.ticket = async (change) => {
  const item = change.newItem ?? change.oldItem;
  if (!item) return [];
  const companyId = Number(item.companyId);
  const before = change.oldItem as TicketRecord | undefined;
  const after = change.newItem as TicketRecord | undefined;
  const mayHaveSeen = (listener: LiveListener, ticket: TicketRecord | undefined) =>
    ticket !== undefined &&
    canSeeTicket(
      { userId: listener.userId, isAdmin: listener.profile === 'admin' || listener.isSuper, queueIds: listener.queueIds, allTicket: listener.allTicket },
      ticket,
    );
  const audience: Audience = (listener) => mayHaveSeen(listener, before) || mayHaveSeen(listener, after);
  // A socket watching the chat that may no longer see the ticket (transferred away) leaves its
  // room, so the chat's messages stop reaching it; rejoining checks the right again.
  const room = rooms.chatBox(Number(item.id));
  const lostSightOf =
    (ticket: TicketRecord | undefined): Audience =>
    (listener) =>
      listener.rooms.includes(room) && !mayHaveSeen(listener, ticket);
  const leave: LiveOutput = {
    companyId,
    control: 'leaveRoom',
    room,
    audience: lostSightOf(after),
    recheck: async () => lostSightOf(await getTicket(companyId, Number(item.id))),
  };
  if (!after) return [{ companyId, event: 'ticket', data: { action: 'delete', ticketId: item.id }, audience }, leave];
  const [ticket] = await withRelated(companyId, [after], liveDirectoryHead(companyId));
  const outputs: LiveOutput[] = [
    { companyId, event: 'ticket', data: { action: 'update', ticket }, audience },
  ];
  // core §4 lists `updateUnread` among the ticket events: sent whenever the unread count moved
  // (a customer's message, the ticket read), to the same sockets; the update keeps the count too.
  const unreadMessages = Number(after.unreadMessages ?? 0);
  if (unreadMessages !== Number(before?.unreadMessages ?? 0)) {
    const data = { action: 'updateUnread', ticketId: Number(after.id), unreadMessages };
    outputs.push({ companyId, event: 'ticket', data, audience });
  }
  return [...outputs, leave];
};

/** The new access of a user whose profile, super flag, queues or allTicket changed. */
function accessChange(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined): SocketAccess | undefined {
  if (!before || !after) return undefined;
  const fields = ['profile', 'isSuper', 'queueIds', 'allTicket'] as const;
  const changed = fields.some((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null));
  if (!changed) return undefined;
  return {
    profile: after.profile as SocketAccess['profile'],
    isSuper: after.isSuper === true,
    queueIds: (after.queueIds as number[] | undefined) ?? [],
    allTicket: after.allTicket === 'enabled' ? 'enabled' : 'desabled',
  };
}

eventRules.contact = (change) => {
  const item = change.newItem ?? change.oldItem;
  if (!item) return [];
  const companyId = Number(item.companyId);
  if (change.kind === 'delete') return [{ companyId, event: 'contact', data: { action: 'delete', contactId: item.id }, audience: everyone }];
  return [{ companyId, event: 'contact', data: { action: change.kind, contact: publicContact(item as ContactRecord) }, audience: everyone }];
};

eventRules.tag = tagEventRule;

eventRules.quickMessage = quickMessageEventRule;

eventRules.queue = queueEventRule;

eventRules.fileList = fileListEventRule;

// Internal chat: each member's own view, and new messages to the chat's members only.
eventRules.chatMember = chatMemberEventRule;

eventRules.chatMessage = chatMessageEventRule;

eventRules.announcement = announcementEventRule;

// A paid invoice: the live `payment` event with action CONCLUIDA (checkout's success message).
eventRules.invoice = invoiceEventRule;

eventRules.contactList = contactListEventRule;

eventRules.contactListItem = contactListItemEventRule;

eventRules.campaign = campaignEventRule;

/** Queue integrations: admins only, without the signing key or service-account JSON. */
eventRules.queueIntegration = queueIntegrationEventRule;

/** Schedules: every socket of the company (the calendar is everyone's). */
eventRules.schedule = scheduleEventRule;

/** AI prompts: admins only, keys masked. */
eventRules.prompt = promptEventRule;

/** Outbound webhooks: admins only, the secret never (its hint only). */
eventRules.webhook = webhookEventRule;

/** Connection health's alerts: admins only (the banner; docs/live-events.md). */
eventRules.connectionAlert = connectionAlertEventRule;

export async function eventsFor(change: EntityChange): Promise<LiveOutput[]> {
  const rule = eventRules[change.entity];
  return rule ? rule(change) : [];
}
