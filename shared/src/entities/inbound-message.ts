/**
 * The normalised WhatsApp events the connector sends to the backend: new messages, ack
 * updates, edits, revokes and call logs. The connector owns the WhatsApp protocol; the
 * backend sees only these shapes. Media bytes are uploaded by the connector first and
 * referenced by storage key.
 */
import * as z from 'zod';
import { ackValues } from '../constants.ts';
import { idSchema, isoDateTimeSchema, whatsappMessageIdSchema } from '../fields.ts';
import type { MessageMediaType } from './message.ts';

export const inboundMessageTypes = [
  'text',
  'image',
  'sticker',
  'audio',
  'video',
  'document',
  'location',
  'vcard',
] as const;
export const inboundMessageTypeSchema = z.enum(inboundMessageTypes);
export type InboundMessageType = z.infer<typeof inboundMessageTypeSchema>;

/** The stored mediaType of an inbound type; null for plain text. */
export function mediaTypeOfInbound(type: InboundMessageType): MessageMediaType | null {
  switch (type) {
    case 'text':
      return null;
    case 'image':
    case 'sticker':
      return 'image';
    case 'audio':
      return 'audio';
    case 'video':
      return 'video';
    case 'document':
      return 'application';
    case 'location':
      return 'locationMessage';
    case 'vcard':
      return 'vcard';
  }
}

/**
 * Both ids of the person of a one-to-one chat, when WhatsApp (Baileys) gave or knows them
 * (docs/connector.md, "LID contacts"): `lid` its privacy id (`<digits>@lid`), `pn` its phone
 * number's JID (`<digits>@s.whatsapp.net`). The chat is the number's when known, else the LID's.
 * An event carrying both is how the server learns that a LID and a number are one person.
 */
const lidJidPattern = /^\d{1,24}@lid$/;
const pnJidPattern = /^\d{1,24}@s\.whatsapp\.net$/;
export const isLidJid = (jid: string | null | undefined): jid is string => typeof jid === 'string' && lidJidPattern.test(jid);
export const isPnJid = (jid: string | null | undefined): jid is string => typeof jid === 'string' && pnJidPattern.test(jid);
const personIds = {
  lid: z.string().regex(lidJidPattern).nullable().optional(),
  pn: z.string().regex(pnJidPattern).nullable().optional(),
};

/** What every event carries: which connection, which company, which chat, when. */
const eventBase = {
  whatsappId: idSchema,
  companyId: idSchema,
  /** The chat's JID: 5511999999999@s.whatsapp.net or 1203…@g.us. */
  chatJid: z.string().min(1),
  isGroup: z.boolean(),
  timestamp: isoDateTimeSchema,
};

export const inboundMediaSchema = z.object({
  /** Storage key of the uploaded bytes. */
  key: z.string().min(1),
  mimetype: z.string().min(1),
  fileName: z.string().nullable().optional(),
  sizeBytes: z.number().int().nonnegative().optional(),
});
export type InboundMedia = z.infer<typeof inboundMediaSchema>;

export const inboundLocationSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  name: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
});
export type InboundLocation = z.infer<typeof inboundLocationSchema>;

export const inboundMessageSchema = z.object({
  kind: z.literal('message'),
  ...eventBase,
  messageId: whatsappMessageIdSchema,
  fromMe: z.boolean(),
  type: inboundMessageTypeSchema,
  /** Text, or the caption of media. */
  body: z.string().default(''),
  media: inboundMediaSchema.nullable().optional(),
  quotedMessageId: whatsappMessageIdSchema.nullable().optional(),
  location: inboundLocationSchema.nullable().optional(),
  /** vCard texts of shared contacts. */
  vcards: z.array(z.string()).optional(),
  /** In groups, the JID of the member who sent it. */
  participant: z.string().nullable().optional(),
  /**
   * A tap on a list row or a button of a menu the business sent (listResponseMessage,
   * buttonsResponseMessage, templateButtonReplyMessage, interactiveResponseMessage): the row's
   * or button's id. The body is what the customer's phone shows (the row's title).
   */
  selectedId: z.string().min(1).max(200).nullable().optional(),
  /** The sender's WhatsApp display name. */
  pushName: z.string().nullable().optional(),
  ...personIds,
});
export type InboundMessage = z.infer<typeof inboundMessageSchema>;

/** Delivery progress of a message: 1 sent, 2 delivered, 3 read, 4-5 played/read. */
export const inboundAckSchema = z.object({
  kind: z.literal('ack'),
  ...eventBase,
  messageId: whatsappMessageIdSchema,
  ack: z.literal(ackValues),
});
export type InboundAck = z.infer<typeof inboundAckSchema>;

export const inboundEditSchema = z.object({
  kind: z.literal('edit'),
  ...eventBase,
  /** The edited message. */
  messageId: whatsappMessageIdSchema,
  body: z.string(),
  /**
   * The edit's own WhatsApp id (the protocol message's key): an edit is applied once whatever the
   * redeliveries. Absent on events queued by an older connector (then the new text is the key).
   */
  editId: whatsappMessageIdSchema.optional(),
});
export type InboundEdit = z.infer<typeof inboundEditSchema>;

/** "Deleted for everyone". */
export const inboundRevokeSchema = z.object({
  kind: z.literal('revoke'),
  ...eventBase,
  messageId: whatsappMessageIdSchema,
});
export type InboundRevoke = z.infer<typeof inboundRevokeSchema>;

export const callStatuses = ['offer', 'ringing', 'accept', 'reject', 'timeout', 'terminate'] as const;

/** A call log; the company's "call" setting decides whether calls are answered with a message. */
export const inboundCallSchema = z.object({
  kind: z.literal('call'),
  ...eventBase,
  callId: whatsappMessageIdSchema,
  /** The caller's JID. */
  from: z.string().min(1),
  status: z.enum(callStatuses),
  isVideo: z.boolean().default(false),
  pushName: z.string().nullable().optional(),
  ...personIds,
});
export type InboundCall = z.infer<typeof inboundCallSchema>;

/**
 * Baileys learned that a LID and a phone number are the same person (`lid-mapping.update`, or a
 * message that carried both): the server merges the LID's contact into the number's. `chatJid`
 * is the number's chat, so the event is queued in order with that chat's messages.
 */
export const inboundLidMappingSchema = z.object({
  kind: z.literal('lidMapping'),
  ...eventBase,
  lid: z.string().regex(lidJidPattern),
  pn: z.string().regex(pnJidPattern),
});
export type InboundLidMapping = z.infer<typeof inboundLidMappingSchema>;

export const inboundEventSchema = z.discriminatedUnion('kind', [
  inboundMessageSchema,
  inboundAckSchema,
  inboundEditSchema,
  inboundRevokeSchema,
  inboundCallSchema,
  inboundLidMappingSchema,
]);
export type InboundEvent = z.infer<typeof inboundEventSchema>;
export type InboundEventKind = InboundEvent['kind'];
