/**
 * UI text of form validation and the chat's length counter (merged into the catalogue by
 * messages.es.ts). The spec's short texts (muy corto, muy largo!…) keep their words; the SPA adds
 * the limit they leave out.
 */
export const formValidationMessages = {
  'validation.withMin': '{message} (mínimo {min} caracteres)',
  'validation.withMax': '{message} (máximo {max} caracteres)',

  'tickets.input.counter': '{count} / {max} caracteres',
  'tickets.input.tooLong': 'El mensaje supera el máximo de {max} caracteres: acórtelo o envíelo en partes.',
} as const;
