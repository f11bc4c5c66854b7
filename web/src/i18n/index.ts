export { t, errorText, type MessageVars } from './t.ts';
export type { MessageKey } from './messages.es.ts';
