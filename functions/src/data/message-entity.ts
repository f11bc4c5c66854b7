import { defineEntity, fixedNumber, key } from './electro.ts';

/**
 * A message of a ticket. Keyed by its WhatsApp message id, so storing it is idempotent (a
 * conditional put) and acks, edits, revokes and quotes find it with one read; gsi1 lists a
 * ticket's messages in time order.
 */
export const messageEntity = defineEntity(
  'message',
  {
    companyId: fixedNumber,
    id: { type: 'string', required: true, readOnly: true },
    ticketId: { type: 'number', required: true },
    contactId: { type: 'number' },
    whatsappId: { type: 'number', required: true },
    body: { type: 'string', default: '' },
    fromMe: { type: 'boolean', required: true },
    mediaType: { type: ['image', 'audio', 'video', 'application', 'locationMessage', 'vcard', 'call_log'] as const },
    /** Storage key of the media in the media bucket (served through signed URLs). */
    mediaKey: { type: 'string' },
    mediaName: { type: 'string' },
    mimetype: { type: 'string' },
    /** Bytes of the media, for the file card (absent on messages stored before it was kept). */
    mediaSize: { type: 'number' },
    /** 0 pending (not yet sent), 1 sent, 2 delivered, 3 read, 4-5 played. */
    ack: { type: 'number', default: 0 },
    read: { type: 'boolean', default: false },
    isDeleted: { type: 'boolean', default: false },
    isEdited: { type: 'boolean', default: false },
    /** When the current text was written by an edit (shared/src/message-edit.ts). */
    editedAt: { type: 'string' },
    /** The texts an edit replaced, oldest first, each with the time it was written. */
    editHistory: {
      type: 'list',
      items: {
        type: 'map',
        properties: { body: { type: 'string', required: true }, at: { type: 'string', required: true } },
      },
    },
    /** The WhatsApp ids of the edits applied: a redelivered edit changes nothing. */
    editIds: { type: 'list', items: { type: 'string' } },
    quotedMsgId: { type: 'string' },
    participant: { type: 'string' },
    /** Set when sending failed: the error code the sender sees (ERR_SENDING_WAPP_MSG). */
    error: { type: 'string' },
    userId: { type: 'number' },
    /** Sent through the external message API (POST /api/messages/send): the chat labels it. */
    fromApi: { type: 'boolean' },
    /** Sent for a scheduled message: its send result becomes the schedule's status (schedule-outcomes consumer). */
    scheduleId: { type: 'number' },
    /** A chatbot menu sent as a list or buttons: the ChatMenu as JSON (domain/chatbot/menu-message.ts). */
    menu: { type: 'string' },
    /** Sent for a campaign's recipient: a refused send marks the recipient failed (the send-outcomes consumer). */
    campaignId: { type: 'number' },
    campaignPosition: { type: 'number' },
    /** The request that wrote it (docs/operations.md, "Logs"): the stream consumers log it. */
    correlationId: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
  },
  {
    byId: { pk: key('pk', ['companyId', 'id'], 'C#${companyId}#MSG#${id}'), sk: key('sk', [], 'MSG') },
    byTicket: {
      index: 'gsi1',
      pk: key('gsi1pk', ['companyId', 'ticketId'], 'C#${companyId}#T#${ticketId}'),
      sk: key('gsi1sk', ['createdAt', 'id'], '${createdAt}#${id}'),
    },
  },
);
