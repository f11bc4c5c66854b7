import { companyPk, defineEntity, fixedNumber, key, timestamps } from './electro.ts';

/** A member as chats keep them: the user's id and the name the server read when it was added. */
const membersAttribute = {
  type: 'list',
  items: {
    type: 'map',
    properties: { id: { type: 'number', required: true }, name: { type: 'string', required: true } },
  },
  required: true,
} as const;

/**
 * An internal chat between users of one company (extended §2.8, §3). The canonical record of its
 * title, owner and members, in the company partition (`CHAT#<id>`). Its members' own views
 * (chatMember) repeat what a list shows, so a user's chat list is one query.
 */
export const chatEntity = defineEntity(
  'chat',
  {
    companyId: fixedNumber,
    id: fixedNumber,
    uuid: { type: 'string', required: true, readOnly: true },
    title: { type: 'string', required: true },
    ownerId: fixedNumber,
    members: membersAttribute,
    lastMessage: { type: 'string', default: '' },
    ...timestamps,
  },
  {
    byId: { pk: companyPk, sk: key('sk', ['id'], 'CHAT#${id}') },
  },
);

/**
 * One member's view of a chat: what the chat list shows (title, members, last message) plus the
 * member's own unread count. Kept in the chat's partition (`C#<c>#CHAT#<id>`, `MEMBER#<userId>`),
 * so a chat's members are one query; gsi1 orders a user's chats by their last activity, so
 * GET /chats is one query of gsi1. Every change of the chat rewrites every member's view, and
 * each view's change is that member's live `chat` event.
 */
export const chatMemberEntity = defineEntity(
  'chatMember',
  {
    companyId: fixedNumber,
    chatId: fixedNumber,
    userId: fixedNumber,
    uuid: { type: 'string', required: true, readOnly: true },
    title: { type: 'string', required: true },
    ownerId: fixedNumber,
    members: membersAttribute,
    lastMessage: { type: 'string', default: '' },
    unreads: { type: 'number', default: 0 },
    /** When the chat last changed (created, edited, a message): the list's order. */
    activityAt: { type: 'string', required: true },
    ...timestamps,
  },
  {
    byChat: {
      pk: key('pk', ['companyId', 'chatId'], 'C#${companyId}#CHAT#${chatId}'),
      sk: key('sk', ['userId'], 'MEMBER#${userId}'),
    },
    byUser: {
      index: 'gsi1',
      pk: key('gsi1pk', ['companyId', 'userId'], 'C#${companyId}#U#${userId}#CHATS'),
      sk: key('gsi1sk', ['activityAt', 'chatId'], '${activityAt}#${chatId}'),
    },
  },
);

/**
 * A message of an internal chat, in the chat's partition after its members (`MSG#<createdAt>#<id>`):
 * a page of history is one query from the newest.
 */
export const chatMessageEntity = defineEntity(
  'chatMessage',
  {
    companyId: fixedNumber,
    chatId: fixedNumber,
    id: fixedNumber,
    senderId: fixedNumber,
    senderName: { type: 'string', default: '' },
    message: { type: 'string', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  {
    byChat: {
      pk: key('pk', ['companyId', 'chatId'], 'C#${companyId}#CHAT#${chatId}'),
      sk: key('sk', ['createdAt', 'id'], 'MSG#${createdAt}#${id}'),
    },
  },
);
