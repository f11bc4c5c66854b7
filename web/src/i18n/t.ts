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

/** The Spanish text of an API error code, or undefined when the code is not in the catalogue. */
export function errorText(code: string): string | undefined {
  if (isErrorCode(code)) return messagesEs[`errors.${code}`];
  return Object.prototype.hasOwnProperty.call(extraErrorTexts, code) ? extraErrorTexts[code] : undefined;
}
