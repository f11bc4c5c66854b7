/** What the business sends, as Baileys message content. */
import type { AnyMessageContent, WAMessage } from '@whiskeysockets/baileys';
import type { InboundMedia } from '@atende/shared/entities/inbound-message';
import type { QuotedMessage } from '../provider.ts';

export function messageContent(
  body: string,
  media: InboundMedia | null,
  bytes: Buffer | null,
): AnyMessageContent {
  if (!media || !bytes) return { text: body };
  const caption = body || undefined;
  const mimetype = media.mimetype;
  if (mimetype.startsWith('image/') && mimetype !== 'image/webp') return { image: bytes, caption, mimetype };
  if (mimetype === 'image/webp') return { sticker: bytes, mimetype };
  if (mimetype.startsWith('video/')) return { video: bytes, caption, mimetype };
  if (mimetype.startsWith('audio/')) {
    // Voice notes are ogg/opus; anything else is sent as an audio file.
    return { audio: bytes, mimetype, ptt: /ogg|opus/.test(mimetype) };
  }
  return { document: bytes, mimetype, fileName: media.fileName ?? 'file', caption };
}

/** A quote needs the quoted message's key and content; the table gives us its text. */
export function quotedMessage(jid: string, quoted: QuotedMessage): WAMessage {
  return {
    key: {
      remoteJid: jid,
      id: quoted.id,
      fromMe: quoted.fromMe,
      ...(quoted.participant ? { participant: quoted.participant } : {}),
    },
    message: { conversation: quoted.body },
  };
}
