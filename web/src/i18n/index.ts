export { t, tCount, errorText, type CountKey, type MessageVars } from './t.ts';
export type { MessageKey } from './messages.es.ts';
export {
  browserLocale,
  currentLocale,
  localeOfUser,
  localizeValidationMessage,
  setLocale,
  subscribeLocale,
  type Locale,
} from './locale.ts';
export * from './format.ts';
