import type { validationMessages } from '@atende/shared/validation-messages';

/**
 * Brazilian Portuguese text of the shared validation messages (the server answers them in Spanish;
 * the SPA shows these when the language is pt-BR).
 */
export const validationMessagesPtBr: Record<keyof typeof validationMessages, string> = {
  required: 'Obrigatório',
  tooShort: 'muito curto',
  tooLong: 'muito longo!',
  invalidEmail: 'E-mail inválido',
  signupInvalidEmail: 'E-mail inválido',
  mandatory: 'Obrigatório',
  messageTooShort: 'Mensagem muito curta',
  fileListNameTooShort: 'nome muito curto',
  promptTooShort: 'Muito curto!',
  promptTooLong: 'Muito longo!',
  promptQueueRequired: 'Informe a fila',
  passwordsMustMatch: 'As senhas devem ser iguais',
  resetPasswordRule:
    'A senha deve ter pelo menos 8 caracteres, com uma letra maiúscula, uma minúscula e um número',
  chatTitleRequired: 'Por favor, preencha o título da conversa.',
  chatUsersRequired: 'Por favor, selecione pelo menos um usuário.',
  checkoutFirstNameRequired: 'O nome completo é obrigatório',
  dashboardFilterRequired: 'Defina o filtro',
  newTicketQueueRequired: 'Selecione uma fila',
  numberWithLetters: 'O número só pode ter dígitos (e espaços, +, -, parênteses)',
  digitsOnly: 'Somente dígitos: código do país, DDD e número',
  invalidValue: 'Valor inválido',
  invalidDate: 'Data inválida',
  invalidTime: 'Hora inválida (HH:MM)',
  emptyMessage: 'A mensagem está vazia',
  referenceNotFound: 'Não existe nesta empresa',
  notANumber: 'Deve ser um número',
  temperatureRange: 'Entre 0 e 2',
};
