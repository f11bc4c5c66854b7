import type { formValidationMessages } from './validation.es.ts';

/** English (en) UI text of the chat's length counter (merged by messages.en.ts). */
export const formValidationMessagesEn: Record<keyof typeof formValidationMessages, string> = {
  'tickets.input.counter': '{count} / {max} characters',
  'tickets.input.tooLong': 'The message exceeds the {max}-character limit: shorten it or send it in parts.',
};
