import { isErrorCode } from '@atende/shared/errors';
import { extraErrorTexts, messagesEs, type MessageKey } from './messages.es.ts';

export type MessageVars = Record<string, string | number>;

/** Translates a catalogue key, filling `{name}` placeholders from `vars`. */
export function t(key: MessageKey, vars?: MessageVars): string {
  const template = messagesEs[key];
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in vars ? String(vars[name]) : placeholder,
  );
}

/** Keys with a singular form: `<key>One` beside `<key>`. */
export type CountKey = { [K in MessageKey]: `${K}One` extends MessageKey ? K : never }[MessageKey];

const spanishPlurals = new Intl.PluralRules('es');

/**
 * A text that counts something, in the form the count asks for: `<key>One` for one
 * ("1 mensaje sin leer"), `<key>` otherwise ("3 mensajes sin leer", "0 mensajes sin leer").
 * `vars` default to `{ count }`.
 */
export function tCount(key: CountKey, count: number, vars: MessageVars = { count }): string {
  const form = spanishPlurals.select(count) === 'one' ? (`${key}One` as MessageKey) : key;
  return t(form, vars);
}

/** The Spanish text of an API error code, or undefined when the code is not in the catalogue. */
export function errorText(code: string): string | undefined {
  if (isErrorCode(code)) return messagesEs[`errors.${code}`];
  return Object.prototype.hasOwnProperty.call(extraErrorTexts, code) ? extraErrorTexts[code] : undefined;
}
