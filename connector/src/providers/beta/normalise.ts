/**
 * Baileys' messages, receipts and calls as the shared InboundEvent shapes. Pure: media bytes are
 * fetched by the caller, from the descriptor returned here.
 */
import {
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  isLidUser,
  isPnUser,
  jidNormalizedUser,
  normalizeMessageContent,
  proto,
  type WACallEvent,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
} from '@whiskeysockets/baileys';
import {
  callStatuses,
  isLidJid,
  isPnJid,
  type InboundAck,
  type InboundCall,
  type InboundEvent,
  type InboundLidMapping,
  type InboundMessage,
  type InboundMessageType,
} from '@atende/shared/entities/inbound-message';
import { isWhatsappMessageId } from '@atende/shared/fields';

export interface NormaliseContext {
  companyId: number;
  whatsappId: number;
  /** For messages without a timestamp. */
  nowMs: number;
  /** Turns a LID (hidden number) into the phone-number JID when Baileys knows it. */
  resolvePn?: (lid: string) => Promise<string | null>;
}

/** The media part to download and upload before the event is emitted. */
export interface MediaToFetch {
  mimetype: string;
  fileName: string | null;
}

export type Normalised = { event: InboundEvent; media?: MediaToFetch };

interface Chat {
  chatJid: string;
  isGroup: boolean;
  participant: string | null;
  /** One-to-one chats: the person's LID and phone-number JIDs, each when known. */
  lid: string | null;
  pn: string | null;
}

const defaultMimetypes: Partial<Record<InboundMessageType, string>> = {
  image: 'image/jpeg',
  sticker: 'image/webp',
  audio: 'audio/ogg; codecs=opus',
  video: 'video/mp4',
  document: 'application/octet-stream',
};

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'object' && value !== null) {
    if ('toNumber' in value && typeof value.toNumber === 'function') return Number(value.toNumber());
    if ('low' in value) return Number(value.low);
  }
  return Number(value ?? 0) || 0;
}

function isoOf(seconds: unknown, nowMs: number): string {
  const value = toNumber(seconds);
  return new Date(value > 0 ? value * 1000 : nowMs).toISOString();
}

async function preferPn(
  jid: string | undefined | null,
  alt: string | undefined | null,
  ctx: NormaliseContext,
): Promise<string | null> {
  if (!jid) return null;
  if (isLidUser(jid)) {
    if (alt && isPnUser(alt)) return jidNormalizedUser(alt);
    const resolved = await ctx.resolvePn?.(jid).catch(() => null);
    if (resolved) return jidNormalizedUser(resolved);
  }
  return jidNormalizedUser(jid);
}

/**
 * Both ids of a one-to-one chat's person, as far as the key and Baileys' LID store tell: the chat
 * addressed by LID with the number as `remoteJidAlt` (or known to the store), or by number with the
 * LID as `remoteJidAlt`. Device parts are dropped (`jidNormalizedUser`).
 */
export async function personIdsOf(
  jid: string,
  alt: string | undefined | null,
  ctx: NormaliseContext,
): Promise<{ lid: string | null; pn: string | null }> {
  // Only ids of the shape the inbound schema takes travel (anything else would drop the event).
  const shaped = (lid: string | null, pn: string | null) => ({ lid: isLidJid(lid) ? lid : null, pn: isPnJid(pn) ? pn : null });
  if (isLidUser(jid)) return shaped(jidNormalizedUser(jid), await preferPn(jid, alt, ctx));
  if (isPnUser(jid)) return shaped(alt && isLidUser(alt) ? jidNormalizedUser(alt) : null, jidNormalizedUser(jid));
  return { lid: null, pn: null };
}

/** The chat of a message key; null for status broadcasts, broadcast lists and channels. */
export async function chatOf(key: WAMessageKey, ctx: NormaliseContext): Promise<Chat | null> {
  const remote = key.remoteJid;
  if (!remote || isJidBroadcast(remote) || isJidNewsletter(remote)) return null;
  if (isJidGroup(remote)) {
    return {
      chatJid: remote,
      isGroup: true,
      participant: await preferPn(key.participant, key.participantAlt, ctx),
      lid: null,
      pn: null,
    };
  }
  const { lid, pn } = await personIdsOf(remote, key.remoteJidAlt, ctx);
  // The number's chat when known, else the LID's (the server keeps the contact marked as a LID).
  const chatJid = pn ?? lid ?? jidNormalizedUser(remote);
  return chatJid ? { chatJid, isGroup: false, participant: null, lid, pn } : null;
}

/** The text of a message (or caption of media). */
export function textOf(content: proto.IMessage | null | undefined): string {
  if (!content) return '';
  return (
    content.conversation ??
    content.extendedTextMessage?.text ??
    content.imageMessage?.caption ??
    content.videoMessage?.caption ??
    content.documentMessage?.caption ??
    content.buttonsResponseMessage?.selectedDisplayText ??
    content.listResponseMessage?.title ??
    content.templateButtonReplyMessage?.selectedDisplayText ??
    content.interactiveResponseMessage?.body?.text ??
    ''
  );
}

type Parts = Pick<InboundMessage, 'type' | 'body'> &
  Partial<Pick<InboundMessage, 'location' | 'vcards' | 'quotedMessageId' | 'selectedId'>> & { media?: MediaToFetch };

/**
 * The id of the list row or button a customer tapped (the chatbot's menus: the number the menu
 * offered): a list's singleSelectReply.selectedRowId, a button's selectedButtonId, a template
 * button's selectedId, or the `id` in a native-flow reply's paramsJson. Null for anything else.
 */
export function selectedIdOf(content: proto.IMessage): string | null {
  const direct =
    content.listResponseMessage?.singleSelectReply?.selectedRowId ??
    content.buttonsResponseMessage?.selectedButtonId ??
    content.templateButtonReplyMessage?.selectedId;
  if (direct?.trim()) return direct.trim().slice(0, 200);
  const params = content.interactiveResponseMessage?.nativeFlowResponseMessage?.paramsJson;
  if (!params) return null;
  try {
    const parsed = JSON.parse(params) as unknown;
    const id = parsed && typeof parsed === 'object' ? (parsed as { id?: unknown }).id : undefined;
    return typeof id === 'string' && id.trim() ? id.trim().slice(0, 200) : null;
  } catch {
    return null;
  }
}

/** The quoted message's id; a malformed one is left out (the message still arrives, unquoted). */
function quoted(sub: { contextInfo?: proto.IContextInfo | null } | null | undefined): string | null {
  const id = sub?.contextInfo?.stanzaId;
  return isWhatsappMessageId(id) ? id : null;
}

function mediaPart(
  type: InboundMessageType,
  sub: { mimetype?: string | null; caption?: string | null; contextInfo?: proto.IContextInfo | null },
  fileName: string | null = null,
): Parts {
  return {
    type,
    body: sub.caption ?? '',
    quotedMessageId: quoted(sub),
    media: { mimetype: sub.mimetype || defaultMimetypes[type] || 'application/octet-stream', fileName },
  };
}

/** What kind of message this is, with its body and extras; null when the product ignores it. */
function partsOf(content: proto.IMessage): Parts | null {
  if (content.conversation != null) return { type: 'text', body: content.conversation };
  if (content.extendedTextMessage) {
    return {
      type: 'text',
      body: content.extendedTextMessage.text ?? '',
      quotedMessageId: quoted(content.extendedTextMessage),
    };
  }
  if (content.imageMessage) return mediaPart('image', content.imageMessage);
  if (content.stickerMessage) return mediaPart('sticker', content.stickerMessage);
  if (content.audioMessage) return mediaPart('audio', content.audioMessage);
  if (content.videoMessage) return mediaPart('video', content.videoMessage);
  if (content.ptvMessage) return mediaPart('video', content.ptvMessage);
  if (content.documentMessage) {
    return mediaPart(
      'document',
      content.documentMessage,
      content.documentMessage.fileName || content.documentMessage.title || null,
    );
  }
  const place = content.locationMessage ?? content.liveLocationMessage;
  if (place) {
    const latitude = place.degreesLatitude ?? 0;
    const longitude = place.degreesLongitude ?? 0;
    const name = content.locationMessage?.name ?? content.liveLocationMessage?.caption ?? null;
    const address = content.locationMessage?.address ?? null;
    return {
      type: 'location',
      body: [name, address].filter(Boolean).join(' - '),
      location: { latitude, longitude, name, address },
      quotedMessageId: quoted(place),
    };
  }
  if (content.contactMessage) {
    return {
      type: 'vcard',
      body: content.contactMessage.displayName ?? '',
      vcards: content.contactMessage.vcard ? [content.contactMessage.vcard] : [],
      quotedMessageId: quoted(content.contactMessage),
    };
  }
  if (content.contactsArrayMessage) {
    const contacts = content.contactsArrayMessage.contacts ?? [];
    return {
      type: 'vcard',
      body:
        content.contactsArrayMessage.displayName ??
        contacts
          .map((c) => c.displayName)
          .filter(Boolean)
          .join(', '),
      vcards: contacts.map((c) => c.vcard).filter((v): v is string => Boolean(v)),
      quotedMessageId: quoted(content.contactsArrayMessage),
    };
  }
  const reply =
    content.buttonsResponseMessage ??
    content.listResponseMessage ??
    content.templateButtonReplyMessage ??
    content.interactiveResponseMessage;
  if (reply) {
    const selectedId = selectedIdOf(content);
    return {
      type: 'text',
      body: textOf(content) || (selectedId ?? ''),
      quotedMessageId: quoted(reply),
      ...(selectedId ? { selectedId } : {}),
    };
  }
  const poll =
    content.pollCreationMessage ??
    content.pollCreationMessageV2 ??
    content.pollCreationMessageV3 ??
    content.pollCreationMessageV5;
  if (poll) {
    const options = (poll.options ?? []).map((option) => `- ${option.optionName ?? ''}`);
    return { type: 'text', body: [`📊 ${poll.name ?? ''}`, ...options].join('\n') };
  }
  return null;
}

/**
 * A received (or phone-sent, or history-synced) message: a new message, an edit or a revoke;
 * null for what the product ignores (reactions, poll votes, protocol chatter, stubs, status).
 */
export async function normaliseMessage(
  message: WAMessage,
  ctx: NormaliseContext,
): Promise<Normalised | null> {
  const key = message.key;
  // Ids become S3 and table keys: only WhatsApp-shaped ones go on (shared/src/fields.ts).
  if (!isWhatsappMessageId(key?.id)) return null;
  const content = normalizeMessageContent(message.message);
  if (!content) return null;
  const chat = await chatOf(key, ctx);
  if (!chat) return null;
  const base = {
    whatsappId: ctx.whatsappId,
    companyId: ctx.companyId,
    chatJid: chat.chatJid,
    isGroup: chat.isGroup,
    timestamp: isoOf(message.messageTimestamp, ctx.nowMs),
  };

  const protocol = content.protocolMessage;
  if (protocol) {
    const target = protocol.key?.id;
    if (!isWhatsappMessageId(target)) return null;
    if (protocol.type === proto.Message.ProtocolMessage.Type.REVOKE) {
      return { event: { kind: 'revoke', ...base, messageId: target } };
    }
    if (protocol.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
      const edited = normalizeMessageContent(protocol.editedMessage);
      // The edit's own id (the protocol message's key): the ingest applies an edit once by it.
      return { event: { kind: 'edit', ...base, messageId: target, body: textOf(edited), editId: key.id } };
    }
    return null;
  }
  if (content.reactionMessage || content.pollUpdateMessage) return null;

  const parts = partsOf(content);
  if (!parts) return null;
  const { media, ...rest } = parts;
  const event: InboundMessage = {
    kind: 'message',
    ...base,
    messageId: key.id,
    fromMe: Boolean(key.fromMe),
    ...rest,
    quotedMessageId: rest.quotedMessageId ?? null,
    media: null,
    participant: chat.participant,
    pushName: message.pushName ?? null,
    // Both ids travel when the chat's person has a LID (a number alone is the chat already).
    ...(chat.lid ? { lid: chat.lid, ...(chat.pn ? { pn: chat.pn } : {}) } : {}),
  };
  return media ? { event, media } : { event };
}

/** Baileys' message status (SERVER_ACK 2 … PLAYED 5) is the product's ack; ERROR and PENDING say nothing. */
export async function normaliseUpdate(
  update: WAMessageUpdate,
  ctx: NormaliseContext,
): Promise<InboundAck | null> {
  const status = update.update.status;
  if (typeof status !== 'number' || status < 2 || status > 5 || !isWhatsappMessageId(update.key.id))
    return null;
  const chat = await chatOf(update.key, ctx);
  if (!chat) return null;
  return {
    kind: 'ack',
    whatsappId: ctx.whatsappId,
    companyId: ctx.companyId,
    chatJid: chat.chatJid,
    isGroup: chat.isGroup,
    timestamp: isoOf(update.update.messageTimestamp, ctx.nowMs),
    messageId: update.key.id,
    ack: status as InboundAck['ack'],
  };
}

const knownCallStatuses: readonly string[] = callStatuses;

export async function normaliseCall(call: WACallEvent, ctx: NormaliseContext): Promise<InboundCall | null> {
  if (!knownCallStatuses.includes(call.status) || !isWhatsappMessageId(call.id) || !call.from) return null;
  const from = (await preferPn(call.from, call.callerPn, ctx)) ?? call.from;
  const isGroup = Boolean(call.isGroup && call.groupJid);
  const ids = isGroup ? { lid: null, pn: null } : await personIdsOf(call.from, call.callerPn, ctx);
  const date =
    call.date instanceof Date && !Number.isNaN(call.date.getTime()) ? call.date : new Date(ctx.nowMs);
  return {
    kind: 'call',
    whatsappId: ctx.whatsappId,
    companyId: ctx.companyId,
    chatJid: isGroup ? call.groupJid! : from,
    isGroup,
    timestamp: date.toISOString(),
    callId: call.id,
    from,
    status: call.status as InboundCall['status'],
    isVideo: Boolean(call.isVideo),
    ...(ids.lid ? { lid: ids.lid, ...(ids.pn ? { pn: ids.pn } : {}) } : {}),
  };
}

/**
 * Baileys' `lid-mapping.update` (a LID and a number are one person) as the event the server merges
 * contacts on; null when either side is not a user JID of its kind.
 */
export function normaliseLidMapping(
  mapping: { lid?: string | null; pn?: string | null },
  ctx: NormaliseContext,
): InboundLidMapping | null {
  const { lid, pn } = mapping;
  if (!lid || !pn || !isLidUser(lid) || !isPnUser(pn)) return null;
  const pnJid = jidNormalizedUser(pn);
  const lidJid = jidNormalizedUser(lid);
  if (!isLidJid(lidJid) || !isPnJid(pnJid)) return null;
  return {
    kind: 'lidMapping',
    whatsappId: ctx.whatsappId,
    companyId: ctx.companyId,
    chatJid: pnJid,
    isGroup: false,
    timestamp: new Date(ctx.nowMs).toISOString(),
    lid: lidJid,
    pn: pnJid,
  };
}
