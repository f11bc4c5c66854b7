import { companyPk, defineEntity, fixedNumber, key, timestamps } from './electro.ts';

/**
 * A conversation with a contact on a connection. Its list keys (gsi1..3) are plain attributes
 * computed by domain/ticket-keys.ts and written with every change of status, queue, user or
 * activity (data/tickets.ts), so every list is one index query. The contactTicket claim below
 * keeps one non-closed ticket per contact and connection.
 */
export const ticketEntity = defineEntity(
  'ticket',
  {
    companyId: fixedNumber,
    id: fixedNumber,
    uuid: { type: 'string', required: true, readOnly: true },
    status: { type: ['pending', 'open', 'closed'] as const, required: true },
    contactId: { type: 'number', required: true },
    whatsappId: { type: 'number', required: true },
    queueId: { type: 'number' },
    userId: { type: 'number' },
    lastMessage: { type: 'string', default: '' },
    lastMessageAt: { type: 'string' },
    unreadMessages: { type: 'number', default: 0 },
    isGroup: { type: 'boolean', default: false },
    chatbot: { type: 'boolean', default: false },
    useIntegration: { type: 'boolean', default: false },
    promptId: { type: 'number' },
    integrationId: { type: 'number' },
    /**
     * The bot turn's provider session (modules/bot-turn: a typebot session id and the like), as
     * JSON; with useIntegration and promptId/integrationId it says which bot runs the ticket.
     */
    botState: { type: 'string' },
    /**
     * The ticket's tags (ids), written with its tag links by data/tags.ts changeTicketTags so a
     * list page needs no query per ticket; tagsRev moves with every change of them (the
     * condition two changes at once are decided by). Absent on tickets written before.
     */
    tagIds: { type: 'list', items: { type: 'number' } },
    tagsRev: { type: 'number' },
    /**
     * What the lists show of the ticket's contact (data/ticket-contact.ts contactSnapshotOf),
     * so a list page needs no read of the contacts. Written with the ticket and on every change
     * of the contact (its current tickets); absent on tickets written before, which the lists
     * join with their contact as before (modules/tickets/related.ts).
     */
    contactSnapshot: {
      type: 'map',
      properties: {
        name: { type: 'string' },
        number: { type: 'string' },
        profilePicUrl: { type: 'string' },
        isGroup: { type: 'boolean' },
        lidOnly: { type: 'boolean' },
      },
    },
    /** Last customer or agent activity: the lists' order. */
    activityAt: { type: 'string' },
    /**
     * Automation (docs/chatbot.md), written by data/ticket-automation.ts with conditions on
     * botVersion and the ticket's status, user and queue. botPendingId: the customer message
     * whose automation step has not run yet (set with the message). botStage/botOptionId: where
     * the chatbot is (queue menu sent, or inside a queue's options under an option or at its
     * root); botInvalid: answers in a row that matched nothing; botUses/botUsesSince: menu
     * sends counted against maxUseBotQueues in the timeUseBotQueues window. outOfHoursPeriod:
     * the closed period already answered. transferAt/expireAt/ratingAt: the timers' deadlines
     * (their versions). ratingUserId/ratingAsks: a resolved ticket waiting for its rating.
     */
    botVersion: { type: 'number' },
    botPendingId: { type: 'string' },
    botStage: { type: ['menu', 'options'] as const },
    botOptionId: { type: 'number' },
    botInvalid: { type: 'number' },
    botUses: { type: 'number' },
    botUsesSince: { type: 'string' },
    outOfHoursPeriod: { type: 'string' },
    transferAt: { type: 'string' },
    expireAt: { type: 'string' },
    ratingAt: { type: 'string' },
    ratingUserId: { type: 'number' },
    ratingAsks: { type: 'number' },
    gsi1pk: { type: 'string' },
    gsi1sk: { type: 'string' },
    gsi2pk: { type: 'string' },
    gsi2sk: { type: 'string' },
    gsi3pk: { type: 'string' },
    gsi3sk: { type: 'string' },
    ...timestamps,
  },
  {
    byId: { pk: companyPk, sk: key('sk', ['id'], 'TICKET#${id}') },
  },
);

/**
 * The current ticket of a contact on a connection. Created with the ticket in one conditional
 * transaction, so two messages arriving at once can never create two tickets; a closed ticket
 * stays current and is reopened as pending by the next inbound message.
 */
/** One line of a ticket's timeline: who moved it, when, from where to where (dashboard input). */
export const ticketEventEntity = defineEntity(
  'ticketEvent',
  {
    companyId: fixedNumber,
    ticketId: fixedNumber,
    at: { type: 'string', required: true, readOnly: true },
    seq: { type: 'string', required: true, readOnly: true },
    /**
     * create, accept, return, resolve, reopen and transfer come from agents (actorId set);
     * inbound-reopen, chatbot-queue (the menu chose a queue), auto-transfer (timeToTransfer),
     * expire (inactivity close), rating and bot-handoff (a queue's bot handed the ticket to
     * the agents, with its note) come from the system (no actorId).
     */
    action: {
      type: ['create', 'accept', 'return', 'resolve', 'reopen', 'transfer', 'inbound-reopen', 'chatbot-queue', 'auto-transfer', 'expire', 'rating', 'bot-handoff', 'contact-merged'] as const,
      required: true,
    },
    actorId: { type: 'number' },
    /** rating entries: the contact's answer, 1 to 3, and the agent it rates. */
    rating: { type: 'number' },
    ratedUserId: { type: 'number' },
    /** contact-merged entries: the LID contact folded into this ticket's contact, and its ticket folded into this one (if any). */
    mergedContactId: { type: 'number' },
    mergedTicketId: { type: 'number' },
    fromStatus: { type: 'string' },
    toStatus: { type: 'string', required: true },
    fromUserId: { type: 'number' },
    toUserId: { type: 'number' },
    fromQueueId: { type: 'number' },
    toQueueId: { type: 'number' },
  },
  {
    byTicket: {
      pk: key('pk', ['companyId', 'ticketId'], 'C#${companyId}#T#${ticketId}'),
      sk: key('sk', ['at', 'seq'], 'EV#${at}#${seq}'),
    },
  },
);

/**
 * One word of a ticket's messages (folded), so searching message text is a query on these items,
 * never a scan of messages. Written with the message, idempotent per word and ticket. The id in
 * the sort key is zero-padded (`ticketKey`, domain/ticket-search-keys.ts), so within a token the
 * items are in id order and a newest-first read stops after a page (docs/decisions.md, "Search:
 * one token partition, padded ids").
 */
export const ticketTokenEntity = defineEntity(
  'ticketToken',
  {
    companyId: fixedNumber,
    token: { type: 'string', required: true, readOnly: true },
    ticketKey: { type: 'string', required: true, readOnly: true },
    ticketId: fixedNumber,
    /** The newest message with the word, around it (snippetAround): what the search shows. */
    snippet: { type: 'string' },
  },
  {
    byToken: {
      pk: key('pk', ['companyId'], 'C#${companyId}#TSEARCH'),
      sk: key('sk', ['token', 'ticketKey'], '${token}#${ticketKey}'),
    },
  },
);

/**
 * One search token of a ticket's contact (a word of its name, a tail of its number), in the same
 * partition as the message words, so one query finds tickets by message text and by contact. Its
 * own sort key (`#c` after the id) keeps it apart from a message word that is the same token: a
 * rename deletes only these. Written with the ticket; a rename rewrites them (bounded).
 */
export const ticketContactTokenEntity = defineEntity(
  'ticketContactToken',
  {
    companyId: fixedNumber,
    token: { type: 'string', required: true, readOnly: true },
    ticketKey: { type: 'string', required: true, readOnly: true },
    ticketId: fixedNumber,
    contactId: fixedNumber,
  },
  {
    byToken: {
      pk: key('pk', ['companyId'], 'C#${companyId}#TSEARCH'),
      sk: key('sk', ['token', 'ticketKey'], '${token}#${ticketKey}#c'),
    },
  },
);

/**
 * A contact's ticket, in the token partition (upper case: a folded search word never reaches it):
 * what a rename reads to rewrite the contact tokens of its tickets, newest first.
 */
export const contactTicketLinkEntity = defineEntity(
  'contactTicketLink',
  {
    companyId: fixedNumber,
    contactId: fixedNumber,
    ticketKey: { type: 'string', required: true, readOnly: true },
    ticketId: fixedNumber,
  },
  {
    byContact: {
      pk: key('pk', ['companyId'], 'C#${companyId}#TSEARCH'),
      sk: key('sk', ['contactId', 'ticketKey'], 'CONTACT#${contactId}#${ticketKey}'),
    },
  },
);

/** A ticket's uuid (links after creating a ticket use it), written with the ticket. */
export const ticketUuidEntity = defineEntity(
  'ticketUuid',
  {
    companyId: fixedNumber,
    uuid: { type: 'string', required: true, readOnly: true },
    ticketId: { type: 'number', required: true },
  },
  {
    byUuid: { pk: companyPk, sk: key('sk', ['uuid'], 'TICKETUUID#${uuid}') },
  },
);

export const contactTicketEntity = defineEntity(
  'contactTicket',
  {
    companyId: fixedNumber,
    whatsappId: fixedNumber,
    contactId: fixedNumber,
    ticketId: { type: 'number', required: true },
  },
  {
    byContact: {
      pk: companyPk,
      sk: key('sk', ['whatsappId', 'contactId'], 'CONTACTTICKET#${whatsappId}#${contactId}'),
    },
  },
);
