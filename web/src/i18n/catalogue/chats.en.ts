import type { chatsMessages } from './chats.es.ts';

/** English (en) UI text of the internal chat screens and the top-bar chat popover (merged by messages.en.ts). */
export const chatsMessagesEn: Record<keyof typeof chatsMessages, string> = {
  'chats.tabChats': 'Chats',
  'chats.tabMessages': 'Messages',
  'chats.new': 'New conversation',
  'chats.empty': "You don't have any conversations yet.",
  'chats.choose': 'Choose a conversation or start a new one.',
  'chats.noMessages': 'No messages yet',
  'chats.loadingOlder': 'Loading earlier messages…',
  'chats.inputPlaceholder': 'Type a message',
  'chats.send': 'Send',
  'chats.edit': 'Edit conversation',
  'chats.delete': 'Delete conversation',
  'chats.unread': '{count} unread messages',
  'chats.unreadOne': '1 unread message',
  'chats.dialog.addTitle': 'New conversation',
  'chats.dialog.editTitle': 'Edit conversation',
  'chats.dialog.title': 'Title',
  'chats.dialog.users': 'Users',
  'chats.dialog.close': 'Close',
  'chats.dialog.save': 'Save',
  'chats.popover.label': 'Internal chat',
  'chats.popover.labelCount': 'Internal chat: {count} unread messages',
  'chats.popover.labelCountOne': 'Internal chat: 1 unread message',
  'chats.popover.empty': 'No conversations',
  'chats.noPermission': "This company doesn't have permission to access this page! Redirecting you.",
};
