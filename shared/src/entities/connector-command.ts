/**
 * Commands from the REST modules to the connector (docs/connector.md): one FIFO group per chat
 * for what concerns a chat, per connection for the rest (connectorCommandGroup), deduplicated by
 * commandId. The connector owns the WhatsApp protocol; these
 * shapes are all the rest of the product knows of it.
 */
import { disconnectReasonSchema } from './connection-health.ts';
import * as z from 'zod';
import { messageMediaTypes } from '../constants.ts';
import { idSchema, messageIdSchema } from '../fields.ts';
import { chatMenuSchema } from './chat-menu.ts';
import { inboundMediaSchema } from './inbound-message.ts';

const base = {
  commandId: z.string().min(1),
  companyId: idSchema,
  whatsappId: idSchema,
  /** The request that asked for it (docs/operations.md, "Logs"): the connector logs it on its lines. */
  correlationId: z.string().max(100).optional(),
};

/** Where an answer goes, for commands that need one (a table item the caller polls). */
const replyKey = z.string().min(1);

/** A number as digits with country and area code, or a full JID. */
const chatSchema = z.string().min(1);

/** What a sandbox customer may send: the media types a stored message can have. */
export const sandboxMediaTypes = messageMediaTypes;

export const connectorCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('startSession'), ...base }),
  z.object({ type: z.literal('newQr'), ...base }),
  z.object({ type: z.literal('stopSession'), ...base }),
  z.object({
    type: z.literal('sendMessage'),
    ...base,
    /** Our id for the message, used as the WhatsApp message id so acks find it. */
    messageId: messageIdSchema,
    ticketId: idSchema,
    to: chatSchema,
    body: z.string().default(''),
    media: inboundMediaSchema.nullable().optional(),
    quotedMessageId: messageIdSchema.nullable().optional(),
    /** A chatbot menu: sent as a list or buttons where the provider can, else the body alone. */
    menu: chatMenuSchema.nullable().optional(),
  }),
  z.object({
    type: z.literal('deleteMessage'),
    ...base,
    messageId: messageIdSchema,
    chat: chatSchema,
    fromMe: z.boolean(),
    /**
     * Where WhatsApp's answer goes: the REST route marks the message deleted only when WhatsApp
     * accepted. Optional so a command queued by an older REST function is still carried out.
     */
    replyKey: replyKey.optional(),
  }),
  z.object({
    type: z.literal('editMessage'),
    ...base,
    messageId: messageIdSchema,
    chat: chatSchema,
    /** The new text. */
    body: z.string().min(1),
    /** Where WhatsApp's answer goes: the REST route answers from it (the connector stores the edit first). */
    replyKey,
  }),
  z.object({
    type: z.literal('markRead'),
    ...base,
    chat: chatSchema,
    messageIds: z.array(messageIdSchema).min(1),
  }),
  z.object({ type: z.literal('checkNumber'), ...base, number: z.string().regex(/^\d{8,20}$/), replyKey }),
  z.object({ type: z.literal('profilePicture'), ...base, chat: chatSchema, replyKey }),
  z.object({ type: z.literal('rejectCall'), ...base, callId: z.string().min(1), from: chatSchema }),
  z.object({ type: z.literal('sandboxScan'), ...base }),
  z.object({
    type: z.literal('sandboxInbound'),
    ...base,
    from: z.string().regex(/^\d{8,20}$/),
    name: z.string().optional(),
    body: z.string().default(''),
    id: messageIdSchema.optional(),
    mediaType: z.enum(sandboxMediaTypes).optional(),
    quotedId: messageIdSchema.optional(),
    /** A tap on a list row or button of a menu the business sent: its id (the body is its title). */
    selectedId: z.string().min(1).max(20).optional(),
    /** The customer edits this earlier message of theirs: `body` is its new text. */
    editOf: messageIdSchema.optional(),
    /** The customer's LID (digits): the message carries it with the number, or alone with `hideNumber` (docs/sandbox.md). */
    lid: z.string().regex(/^\d{8,24}$/).optional(),
    hideNumber: z.boolean().optional(),
    /**
     * Posted while the sandbox's drop number `heldFor` was open (after POST …/drop, before
     * …/restore): the virtual phone holds it until that drop's restore, whatever order the
     * chat's and the connection's FIFO groups are carried out in (docs/sandbox.md).
     */
    heldFor: z.number().int().positive().optional(),
    /** Base64 bytes of the media, already validated for size by the API. */
    data: z.string().optional(),
    fileName: z.string().optional(),
  }),
  z.object({
    type: z.literal('sandboxAck'),
    ...base,
    id: messageIdSchema,
    ack: z.number().int().min(1).max(5),
  }),
  // A drop with the reason it simulates (docs/sandbox.md); `logged-out` ends the pairing.
  // `drop`: its number (recorded when posted), which the customer messages posted meanwhile carry.
  z.object({
    type: z.literal('sandboxDrop'),
    ...base,
    reason: disconnectReasonSchema.optional(),
    drop: z.number().int().positive().optional(),
  }),
  // The QR shown is never scanned: the attempt ends as TIMEOUT with reason `qr-expired`.
  z.object({ type: z.literal('sandboxExpireQr'), ...base }),
  // `drop`: the number of the drop it ends: the messages held for it (and earlier ones) arrive.
  z.object({ type: z.literal('sandboxRestore'), ...base, drop: z.number().int().positive().optional() }),
]);
export type ConnectorCommand = z.infer<typeof connectorCommandSchema>;
export type ConnectorCommandType = ConnectorCommand['type'];

/** The queue of the connector's lookups (checkNumber, profilePicture); the rest go to connector-commands. */
export const connectorLookupsQueue = 'connector-lookups';
export const connectorCommandsQueue = 'connector-commands';

/** Lookups: a caller waits for their answer (8 s) and nothing is ordered after them. */
const lookupTypes: ReadonlySet<ConnectorCommandType> = new Set(['checkNumber', 'profilePicture']);

/**
 * The queue a command travels on. A lookup (is this number on WhatsApp? its picture?) answers a
 * request that waits for it, so it has a queue of its own that the connector polls side by side
 * with the commands: a backlog of sends (a campaign, a burst of schedules, replies) never holds
 * a contact's creation behind it. A FIFO receive hands out the oldest messages first whatever
 * their group, so a group of its own on the commands queue would not be enough.
 */
export function connectorCommandQueue(type: ConnectorCommandType): string {
  return lookupTypes.has(type) ? connectorLookupsQueue : connectorCommandsQueue;
}

/**
 * The chat a sandbox customer message comes from: its number, or its LID when it hides the
 * number (the chat is then `<lid>@lid`, docs/sandbox.md).
 */
export function sandboxInboundChat(command: { from: string; lid?: string; hideNumber?: boolean }): string {
  return command.hideNumber && command.lid ? command.lid : command.from;
}

/** The FIFO group of a sandbox customer's messages: one per chat, apart from the business's sends to it. */
const sandboxInboundGroup = (connection: string, chat: string) => `${connection}:in:${chat}`;

/**
 * The FIFO group of a command. What concerns one chat (a send, a delete, a read receipt) is
 * ordered within that chat only, so a connection's chats are served side by side: one slow
 * recipient or a burst of schedules no longer queues every other chat of the connection behind
 * it. A lookup is grouped by the number or chat it asks about (on the lookups queue), so lookups
 * run side by side too. A sandbox customer's message is grouped by its chat too (apart from the
 * business's sends to that chat, as a real phone's messages arrive whatever is being sent), so
 * the sandbox's customers are served side by side, each one's messages in order; a drop posted
 * before them still holds them through their `heldFor` stamp (docs/sandbox.md). Session
 * commands (start, stop, QR, the sandbox's drop, restore, scan and acks) stay in the
 * connection's group. The chat is its JID's user part, so a number and its JID share a group.
 * Bulk sends keep their pace where they are planned (the campaign dispatcher), not here.
 */
export function connectorCommandGroup(command: {
  type: ConnectorCommandType;
  companyId: number;
  whatsappId: number;
  to?: string;
  chat?: string;
  number?: string;
  from?: string;
  lid?: string;
  hideNumber?: boolean;
}): string {
  const connection = `${command.companyId}:${command.whatsappId}`;
  if (command.type === 'sandboxInbound' && command.from)
    return sandboxInboundGroup(connection, sandboxInboundChat({ ...command, from: command.from }));
  const chat =
    command.type === 'sendMessage'
      ? command.to
      : command.type === 'checkNumber'
        ? command.number
        : command.type === 'deleteMessage' ||
            command.type === 'editMessage' ||
            command.type === 'markRead' ||
            command.type === 'profilePicture'
          ? command.chat
          : undefined;
  return chat ? `${connection}:${chat.split('@')[0]!.split(':')[0]}` : connection;
}

/** The answer to checkNumber / profilePicture / deleteMessage / editMessage, written by the connector under the replyKey. */
export const connectorReplySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('deleteMessage'), deleted: z.literal(true) }),
  z.object({ type: z.literal('editMessage'), edited: z.literal(true) }),
  z.object({ type: z.literal('checkNumber'), exists: z.boolean(), jid: z.string().nullable() }),
  z.object({ type: z.literal('profilePicture'), url: z.string().nullable() }),
  z.object({ type: z.literal('error'), error: z.string() }),
]);
export type ConnectorReply = z.infer<typeof connectorReplySchema>;
