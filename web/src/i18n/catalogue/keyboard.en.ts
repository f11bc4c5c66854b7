import type { keyboardMessages } from './keyboard.es.ts';

/** English (en) UI text of the inbox's keyboard shortcuts (merged by messages.en.ts). */
export const keyboardMessagesEn: Record<keyof typeof keyboardMessages, string> = {
  'keyboard.help.title': 'Keyboard shortcuts',
  'keyboard.help.open': 'Keyboard shortcuts (?)',
  'keyboard.help.intro':
    "Shortcuts don't work while you type in a field, except those with Ctrl. Esc leaves the reply box.",
  'keyboard.help.or': 'or',

  'keyboard.group.navigation': 'Navigation',
  'keyboard.group.ticket': 'Conversation',
  'keyboard.group.reply': 'Reply',
  'keyboard.group.general': 'General',

  'keyboard.action.next': 'Next conversation in the list',
  'keyboard.action.previous': 'Previous conversation in the list',
  'keyboard.action.tabAssigned': '“{tab}” tab',
  'keyboard.action.tabPending': '“{tab}” tab',
  'keyboard.action.tabClosed': '“{tab}” tab',
  'keyboard.action.tabSearch': '“{tab}” tab',
  'keyboard.action.search': 'Search conversations',
  'keyboard.action.accept': 'Accept the selected waiting conversation',
  'keyboard.action.resolve': 'Resolve the open conversation',
  'keyboard.action.transfer': 'Transfer the open conversation',
  'keyboard.action.return': 'Return the conversation to waiting',
  'keyboard.action.reply': 'Write a reply',
  'keyboard.action.quickReplies': 'Quick replies (type the shortcut after “/”)',
  'keyboard.action.attach': 'Attach file',
  'keyboard.action.send': 'Send the reply',
  'keyboard.action.newLine': 'New line in the reply',
  'keyboard.action.leaveReply': 'Leave the reply box',
  'keyboard.action.help': 'Show this help',

  'keyboard.key.mod': 'Ctrl',
  'keyboard.key.alt': 'Alt',
  'keyboard.key.shift': 'Shift',
  'keyboard.key.enter': 'Enter',
  'keyboard.key.escape': 'Esc',
  'keyboard.key.arrowDown': '↓',
  'keyboard.key.arrowUp': '↑',

  'keyboard.noTicket': 'Open a conversation first.',
  'keyboard.nothingToAccept': 'Use j or k to select a waiting conversation to accept.',
  'keyboard.notAvailable': '“{action}” is not available for this conversation.',
  'keyboard.noReplyBox': "This conversation can't be replied to: accept or reopen it first.",
};
