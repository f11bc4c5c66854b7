import { Entity } from 'electrodb';
import { entityConfig, exactCase, serviceName } from './electro.ts';

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
export const chatEntity = new Entity(
  {
    model: { entity: 'chat', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      id: { type: 'number', required: true, readOnly: true },
      uuid: { type: 'string', required: true, readOnly: true },
      title: { type: 'string', required: true },
      ownerId: { type: 'number', required: true, readOnly: true },
      members: membersAttribute,
      lastMessage: { type: 'string', default: '' },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
        sk: { field: 'sk', composite: ['id'], template: 'CHAT#${id}', casing: exactCase },
      },
    },
  },
  entityConfig,
);

/**
 * One member's view of a chat: what the chat list shows (title, members, last message) plus the
 * member's own unread count. Kept in the chat's partition (`C#<c>#CHAT#<id>`, `MEMBER#<userId>`),
 * so a chat's members are one query; gsi1 orders a user's chats by their last activity, so
 * GET /chats is one query of gsi1. Every change of the chat rewrites every member's view, and
 * each view's change is that member's live `chat` event.
 */
export const chatMemberEntity = new Entity(
  {
    model: { entity: 'chatMember', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      chatId: { type: 'number', required: true, readOnly: true },
      userId: { type: 'number', required: true, readOnly: true },
      uuid: { type: 'string', required: true, readOnly: true },
      title: { type: 'string', required: true },
      ownerId: { type: 'number', required: true, readOnly: true },
      members: membersAttribute,
      lastMessage: { type: 'string', default: '' },
      unreads: { type: 'number', default: 0 },
      /** When the chat last changed (created, edited, a message): the list's order. */
      activityAt: { type: 'string', required: true },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byChat: {
        pk: {
          field: 'pk',
          composite: ['companyId', 'chatId'],
          template: 'C#${companyId}#CHAT#${chatId}',
          casing: exactCase,
        },
        sk: { field: 'sk', composite: ['userId'], template: 'MEMBER#${userId}', casing: exactCase },
      },
      byUser: {
        index: 'gsi1',
        pk: {
          field: 'gsi1pk',
          composite: ['companyId', 'userId'],
          template: 'C#${companyId}#U#${userId}#CHATS',
          casing: exactCase,
        },
        sk: {
          field: 'gsi1sk',
          composite: ['activityAt', 'chatId'],
          template: '${activityAt}#${chatId}',
          casing: exactCase,
        },
      },
    },
  },
  entityConfig,
);

/**
 * A message of an internal chat, in the chat's partition after its members (`MSG#<createdAt>#<id>`):
 * a page of history is one query from the newest.
 */
export const chatMessageEntity = new Entity(
  {
    model: { entity: 'chatMessage', version: '1', service: serviceName },
    attributes: {
      companyId: { type: 'number', required: true, readOnly: true },
      chatId: { type: 'number', required: true, readOnly: true },
      id: { type: 'number', required: true, readOnly: true },
      senderId: { type: 'number', required: true, readOnly: true },
      senderName: { type: 'string', default: '' },
      message: { type: 'string', required: true },
      createdAt: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byChat: {
        pk: {
          field: 'pk',
          composite: ['companyId', 'chatId'],
          template: 'C#${companyId}#CHAT#${chatId}',
          casing: exactCase,
        },
        sk: {
          field: 'sk',
          composite: ['createdAt', 'id'],
          template: 'MSG#${createdAt}#${id}',
          casing: exactCase,
        },
      },
    },
  },
  entityConfig,
);
