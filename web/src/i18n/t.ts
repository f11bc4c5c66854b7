import { isErrorCode } from '@atende/shared/errors';
import { messagesEs, type MessageKey } from './messages.es.ts';
import { activeCatalogue, currentLocale, intlTagOf, type Locale } from './locale.ts';

export type MessageVars = Record<string, string | number>;

/** Translates a catalogue key in the current language, filling `{name}` placeholders from `vars`. */
export function t(key: MessageKey, vars?: MessageVars): string {
  const template = activeCatalogue().messages[key] ?? messagesEs[key];
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in vars ? String(vars[name]) : placeholder,
  );
}

/** Keys with a singular form: `<key>One` beside `<key>`. */
export type CountKey = { [K in MessageKey]: `${K}One` extends MessageKey ? K : never }[MessageKey];

const pluralRules = new Map<Locale, Intl.PluralRules>();

function pluralRulesOf(locale: Locale): Intl.PluralRules {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(intlTagOf(locale));
    pluralRules.set(locale, rules);
  }
  return rules;
}

/**
 * Whether a count takes the singular form: Intl.PluralRules' "one", except zero, which is plural
 * in the three languages as their readers write it. CLDR gives pt-BR's 0 the "one" category
 * ("0 mensagem"), but Brazilian usage says "0 mensagens" (and a `<key>One` text may say "1" as a
 * word of its own), so zero always takes `<key>`.
 */
function isSingular(locale: Locale, count: number): boolean {
  return count !== 0 && pluralRulesOf(locale).select(count) === 'one';
}

/**
 * A text that counts something, in the form the current language asks for: `<key>One` for
 * Intl.PluralRules' "one" ("1 mensaje sin leer"), `<key>` otherwise, zero included in every
 * language ("0 mensajes sin leer", "0 mensagens não lidas", "3 messages"). `vars` default to
 * `{ count }`.
 */
export function tCount(key: CountKey, count: number, vars: MessageVars = { count }): string {
  const form = isSingular(currentLocale(), count) ? (`${key}One` as MessageKey) : key;
  return t(form, vars);
}

/** The text of an API error code in the current language, or undefined when the code is not in the catalogue. */
export function errorText(code: string): string | undefined {
  if (isErrorCode(code)) return t(`errors.${code}`);
  const extras = activeCatalogue().extraErrors;
  return Object.prototype.hasOwnProperty.call(extras, code) ? extras[code] : undefined;
}
