/**
 * UI text of form validation and the chat's length counter (merged into the catalogue by
 * messages.es.ts). The form messages themselves are the shared schemas' texts, shown as the API
 * answers them (docs/decisions.md, "Forms from the shared schemas").
 */
export const formValidationMessages = {
  'tickets.input.counter': '{count} / {max} caracteres',
  'tickets.input.tooLong': 'El mensaje supera el máximo de {max} caracteres: acórtelo o envíelo en partes.',
} as const;
