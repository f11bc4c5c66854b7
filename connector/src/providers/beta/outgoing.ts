/** What the business sends, as Baileys message content. */
import { proto, type AnyMessageContent, type WAMessage } from '@whiskeysockets/baileys';
import type { ChatMenu } from '@atende/shared/entities/chat-menu';
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

/**
 * A chatbot menu as WhatsApp's list or buttons message (docs/chatbot.md, "Menus as lists and
 * buttons"). Baileys 7 no longer builds these in sendMessage, so the provider relays the proto
 * itself. The numbered text rides along as the list's description / the buttons' content, so a
 * client that does not draw them still shows the whole menu and the customer can type the number.
 */
export function menuContent(body: string, menu: ChatMenu): proto.IMessage {
  if (menu.type === 'buttons') {
    return {
      buttonsMessage: {
        contentText: body,
        ...(menu.title ? { headerType: proto.Message.ButtonsMessage.HeaderType.TEXT, text: menu.title } : { headerType: proto.Message.ButtonsMessage.HeaderType.EMPTY }),
        buttons: menu.rows.map((row) => ({
          buttonId: row.id,
          buttonText: { displayText: row.title },
          type: proto.Message.ButtonsMessage.Button.Type.RESPONSE,
        })),
      },
    };
  }
  return {
    listMessage: {
      ...(menu.title ? { title: menu.title } : {}),
      description: body,
      buttonText: menu.buttonText ?? 'Ver opciones',
      listType: proto.Message.ListMessage.ListType.SINGLE_SELECT,
      sections: [{ rows: menu.rows.map((row) => ({ rowId: row.id, title: row.title })) }],
    },
  };
}
