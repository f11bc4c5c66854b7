import type { inboxMessages } from './inbox.es.ts';

/**
 * English (en) UI text of the inbox additions: notifications popover, task list, audio recording,
 * attachments and conversation markers (merged by messages.en.ts).
 */
export const inboxMessagesEn: Record<keyof typeof inboxMessages, string> = {
  'todo.empty': 'No tasks',
  'todo.newTask': 'New task',
  'todo.editTask': 'Edit task',
  'todo.add': 'Add',
  'todo.save': 'Save',
  'todo.cancelEdit': 'Cancel editing',
  'todo.edit': 'Edit the task “{text}”',
  'todo.delete': 'Delete the task “{text}”',
  'todo.created': 'Created on {date}',
  'todo.updated': 'Edited on {date}',
  'todo.storageHint': 'Tasks are saved in this browser only.',

  'tickets.audio.record': 'Record audio',
  'tickets.audio.recording': 'Recording audio',
  'tickets.audio.cancel': 'Discard recording',
  'tickets.audio.send': 'Send audio',
  'tickets.audio.encoding': 'Preparing the audio…',
  'tickets.audio.tooShort': 'The recording was too short and was discarded.',
  'tickets.audio.noMicrophone': "Couldn't access the microphone. Check the browser's permissions.",
  'tickets.audio.unsupported': "This browser can't record audio.",
  'tickets.audio.failed': "Couldn't process the recording.",

  'tickets.attach.choose': 'Attach file',
  'tickets.attach.remove': 'Remove {name}',
  'tickets.attach.tooLarge': 'The file “{name}” is {size}; the maximum is {max}.',
  'tickets.attach.unsupported':
    'The file type of “{name}” cannot be sent. Send images, audio, video or documents.',
  'tickets.attach.empty': 'The file “{name}” is empty.',
  'tickets.attach.captionPlaceholder': 'Add a caption (optional)',
  'tickets.attach.sending': 'Sending {current} of {total}…',
  'tickets.attach.list': 'Files to send',

  'tickets.conversation.start': 'Start of the conversation',
  'tickets.conversation.end': 'End of the conversation',

  'notifications.label': 'Notifications',
  'notifications.labelCount': 'Notifications: {count} unread conversations',
  'notifications.labelCountOne': 'Notifications: 1 unread conversation',
  'notifications.empty': 'You have no notifications',
  'notifications.title': 'Unread conversations',
  'notifications.unread': '{count} unread',
  'notifications.newMessage': 'New message from {name}',
  'notifications.enable': 'Turn on browser notifications',
};
