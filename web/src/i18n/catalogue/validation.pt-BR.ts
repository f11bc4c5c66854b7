import type { formValidationMessages } from './validation.es.ts';

/** Brazilian Portuguese text of form validation and the chat's length counter. */
export const formValidationMessagesPtBr: Record<keyof typeof formValidationMessages, string> = {
  'tickets.input.counter': '{count} / {max} caracteres',
  'tickets.input.tooLong': 'A mensagem excede o máximo de {max} caracteres: encurte-a ou envie em partes.',
};
