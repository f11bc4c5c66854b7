/**
 * UI text of the inbox additions: notifications popover, task list, audio recording,
 * attachments and schedule modal (merged into the catalogue by messages.es.ts).
 */
export const inboxMessages = {
  'todo.empty': 'No hay tareas',
} as const;
