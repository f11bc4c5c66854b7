/**
 * A sandbox customer's message (the `sandboxInbound` command) as the same InboundEvent a real
 * phone would produce: media uploaded first, location and contact cards parsed from the body,
 * `call_log` as a call.
 */
import type { ConnectorCommand } from '@atende/shared/entities/connector-command';
import type {
  InboundEvent,
  InboundMessage,
  InboundMessageType,
} from '@atende/shared/entities/inbound-message';
import { storeInboundMedia } from '../../inbound/media-store.ts';
import type { MediaPort } from '../../ports.ts';
import { mediaKeyOf } from '../provider.ts';
import { detectMimetype, placeholderPng } from './media-type.ts';

export type SandboxInbound = Extract<ConnectorCommand, { type: 'sandboxInbound' }>;

const typeOf: Record<string, InboundMessageType> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  application: 'document',
  locationMessage: 'location',
  vcard: 'vcard',
};

const fallbackMimetypes: Partial<Record<InboundMessageType, string>> = {
  image: 'image/jpeg',
  audio: 'audio/ogg',
  video: 'video/mp4',
  document: 'application/octet-stream',
};

/** `-23.55,-46.63` or `-23.55,-46.63|Name` (also `;`); anything else is a name at São Paulo's centre. */
export function parseLocation(body: string): NonNullable<InboundMessage['location']> {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*(?:[|;]\s*(.*))?$/s.exec(body);
  if (match) {
    const latitude = Number(match[1]);
    const longitude = Number(match[2]);
    if (Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180) {
      return { latitude, longitude, name: match[3]?.trim() || null, address: null };
    }
  }
  return { latitude: -23.5505, longitude: -46.6333, name: body.trim() || null, address: null };
}

/** The body if it is a vCard already; otherwise a card named after it with the sender's number. */
export function vcardOf(body: string, name: string | undefined, from: string): string {
  if (/^BEGIN:VCARD/i.test(body.trim())) return body.trim();
  const fullName = body.trim() || name || from;
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `FN:${fullName}`,
    `TEL;type=CELL;waid=${from}:+${from}`,
    'END:VCARD',
  ].join('\n');
}

/**
 * WhatsApp group ids are long numbers starting 1203 (120363…@g.us); a sandbox `from` shaped like
 * one stands for a group chat, so group handling can be tried without a phone.
 */
export function isSandboxGroup(from: string): boolean {
  return from.startsWith('1203') && from.length >= 15;
}

export async function sandboxInboundEvent(
  command: SandboxInbound,
  context: {
    companyId: number;
    whatsappId: number;
    nowMs: number;
    media: MediaPort;
    newMessageId: () => string;
  },
): Promise<InboundEvent> {
  const messageId = command.id ?? context.newMessageId();
  const isGroup = isSandboxGroup(command.from);
  const pn = `${command.from}@s.whatsapp.net`;
  // A customer with a LID: under the number with both ids, or under the LID alone (number hidden).
  const lid = !isGroup && command.lid ? `${command.lid}@lid` : null;
  const hidden = Boolean(lid && command.hideNumber);
  const chatJid = isGroup ? `${command.from}@g.us` : hidden ? lid! : pn;
  const personIds = lid ? { lid, ...(hidden ? {} : { pn }) } : {};
  const base = {
    whatsappId: context.whatsappId,
    companyId: context.companyId,
    chatJid,
    isGroup,
    timestamp: new Date(context.nowMs).toISOString(),
  };
  // The customer edits an earlier message of theirs: `id` is the edit's own id (WhatsApp's
  // protocol message), so the same id again is a redelivery of the same edit.
  if (command.editOf) {
    return { kind: 'edit', ...base, messageId: command.editOf, body: command.body, editId: messageId };
  }
  if (command.mediaType === 'call_log') {
    return {
      kind: 'call',
      ...base,
      callId: messageId,
      from: chatJid,
      status: 'offer',
      isVideo: false,
      pushName: command.name ?? null,
      ...personIds,
    };
  }
  const type: InboundMessageType = command.mediaType ? typeOf[command.mediaType]! : 'text';
  const message: InboundMessage = {
    kind: 'message',
    ...base,
    messageId,
    fromMe: false,
    type,
    body: command.body,
    media: null,
    quotedMessageId: command.quotedId ?? null,
    // A tap on a menu's row or button (text only): its id, the body being the row's title.
    ...(command.selectedId && !command.mediaType ? { selectedId: command.selectedId } : {}),
    participant: null,
    pushName: command.name ?? null,
    ...personIds,
  };
  if (type === 'location') return { ...message, body: '', location: parseLocation(command.body) };
  if (type === 'vcard') return { ...message, vcards: [vcardOf(command.body, command.name, command.from)] };

  const fallback = fallbackMimetypes[type];
  if (!fallback) return message;
  let bytes: Uint8Array | null = command.data ? Uint8Array.from(Buffer.from(command.data, 'base64')) : null;
  let fileName = command.fileName ?? null;
  if (!bytes && type === 'image') bytes = placeholderPng;
  if (!bytes && type === 'document') {
    bytes = Uint8Array.from(Buffer.from(`Sandbox document sent by ${command.from}\n`));
    fileName ??= 'document.txt';
  }
  if (!bytes) return message;
  // What a phone would claim (from the name or the bytes); the stored type is decided from the
  // bytes like any inbound medium's.
  const claimed = detectMimetype(bytes, fileName ?? undefined, fallback);
  const key = mediaKeyOf(context.companyId, context.whatsappId, messageId);
  const { mimetype } = await storeInboundMedia(context.media, key, bytes, { mimetype: claimed, fileName });
  return { ...message, media: { key, mimetype, fileName, sizeBytes: bytes.byteLength } };
}
