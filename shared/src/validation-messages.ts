/**
 * The validation texts the product shows, word for word from the specs (§5 of both documents).
 * They are the zod error messages, so the API's ERR_VALIDATION issues and the SPA's form
 * errors read the same. Texts the specs do not give are marked as ours.
 */
export const validationMessages = {
  required: 'Requerido',
  tooShort: 'muy corto',
  tooLong: 'muy largo!',
  invalidEmail: 'Email no valido',
  signupInvalidEmail: 'Correo inválido',
  /** Schedules and tags. */
  mandatory: 'Obligatorio',
  messageTooShort: 'Mensaje muy corto',
  fileListNameTooShort: 'nombre muy corto',
  promptTooShort: '¡Muy corto!',
  promptTooLong: '¡Muy largo!',
  promptQueueRequired: 'Indique el sector',
  passwordsMustMatch: 'Sus contraseñas deben coincidir',
  /** Ours: the spec states the rule (8+, upper, lower, digit) without its text. */
  resetPasswordRule:
    'La contraseña debe tener al menos 8 caracteres, con una mayúscula, una minúscula y un número',
  chatTitleRequired: 'Por favor, complete el título de la conversación.',
  chatUsersRequired: 'Por favor, seleccione al menos un usuario.',
  checkoutFirstNameRequired: 'El nombre completo es requerido',
  dashboardFilterRequired: 'Parametriza el filtro',
  newTicketQueueRequired: 'Seleccione una cola',
  /** Ours: a contact number with letters, refused before the WhatsApp check. */
  numberWithLetters: 'El número solo puede tener dígitos (y espacios, +, -, paréntesis)',
  /** Ours: the external API wants digits only (country code, area code, number). */
  digitsOnly: 'Solo dígitos: código de país, código de área y número',
  /** Ours: generic texts for shapes the spec leaves unspecified. */
  invalidValue: 'Valor no válido',
  invalidDate: 'Fecha no válida',
  invalidTime: 'Hora no válida (HH:MM)',
  emptyMessage: 'El mensaje está vacío',
  /** Ours: a reference (a queue, a connection) to a record the company does not have. */
  referenceNotFound: 'No existe en esta empresa',
  /** Ours: a number field left empty or with letters (the prompt's tokens, temperature…). */
  notANumber: 'Debe ser un número',
  /** Ours: the AI temperature's range. */
  temperatureRange: 'Entre 0 y 2',
} as const;

export type ValidationMessage = (typeof validationMessages)[keyof typeof validationMessages];
