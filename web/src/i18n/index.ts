export { t, tCount, errorText, type CountKey, type MessageVars } from './t.ts';
export type { MessageKey } from './messages.es.ts';
