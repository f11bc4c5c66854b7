import type { validationMessages } from '@atende/shared/validation-messages';

/** English (en) form validation texts (the shared schemas' `validationMessages`, which the API answers in Spanish). */
export const validationMessagesEn: Record<keyof typeof validationMessages, string> = {
  required: 'Required',
  tooShort: 'too short',
  tooLong: 'too long!',
  invalidEmail: 'Invalid email',
  signupInvalidEmail: 'Invalid email',
  mandatory: 'Required',
  messageTooShort: 'Message too short',
  fileListNameTooShort: 'name too short',
  promptTooShort: 'Too short!',
  promptTooLong: 'Too long!',
  promptQueueRequired: 'Choose the queue',
  passwordsMustMatch: 'Your passwords must match',
  resetPasswordRule:
    'The password must be at least 8 characters long, with an uppercase letter, a lowercase letter and a number',
  chatTitleRequired: 'Please fill in the conversation title.',
  chatUsersRequired: 'Please select at least one user.',
  checkoutFirstNameRequired: 'Full name is required',
  dashboardFilterRequired: 'Set up the filter',
  newTicketQueueRequired: 'Select a queue',
  numberWithLetters: 'The number can only contain digits (and spaces, +, -, parentheses)',
  digitsOnly: 'Digits only: country code, area code and number',
  invalidValue: 'Invalid value',
  invalidDate: 'Invalid date',
  invalidTime: 'Invalid time (HH:MM)',
  emptyMessage: 'The message is empty',
  referenceNotFound: "Doesn't exist in this company",
  notANumber: 'Must be a number',
  temperatureRange: 'Between 0 and 2',
};
