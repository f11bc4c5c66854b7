/// <reference types="vite/client" />
/**
 * The UI's current language (docs/i18n.md). Spanish is built in; Portuguese and English are
 * loaded on demand (their own chunks, so the first load does not grow), then every subscriber
 * (the LocaleBoundary, which redraws the app) hears the change.
 */
import * as z from 'zod';
import { es as zodSpanish } from 'zod/locales';
import { languageFromTags, languages, type Language } from '@atende/shared/language';
import { validationMessages } from '@atende/shared/validation-messages';
import { extraErrorTexts, messagesEs, type MessageKey } from './messages.es.ts';

export type Locale = Language;
export const locales = languages;

/** What one language brings: the contract of docs/i18n.md, checked by the types below. */
export interface LocaleCatalogue {
  messages: Readonly<Record<MessageKey, string>>;
  extraErrors: Readonly<Record<string, string>>;
  /** The shared schemas' messages in this language, by their key (undefined: Spanish, as the schemas say). */
  validation?: Readonly<Record<keyof typeof validationMessages, string>>;
}

const spanish: LocaleCatalogue = { messages: messagesEs, extraErrors: extraErrorTexts };

// The translators' modules, lazily (each a chunk of its own). A file not there yet is simply not
// in the map: that language then falls back to Spanish.
const messageModules = import.meta.glob<Record<string, unknown>>(['./messages.pt-BR.ts', './messages.en.ts']);
const errorModules = import.meta.glob<Record<string, unknown>>(['./errors.pt-BR.ts', './errors.en.ts']);
const validationModules = import.meta.glob<Record<string, unknown>>([
  './validation.pt-BR.ts',
  './validation.en.ts',
]);

/** The export names of the contract: messagesPtBr, errorTextsEn, validationMessagesPtBr… */
const suffixOf = (locale: Exclude<Locale, 'es'>) => (locale === 'pt-BR' ? 'PtBr' : 'En');

async function loadModule(modules: Record<string, () => Promise<Record<string, unknown>>>, path: string) {
  const load = modules[path];
  return load ? await load() : undefined;
}

async function loadCatalogue(locale: Exclude<Locale, 'es'>): Promise<LocaleCatalogue> {
  const suffix = suffixOf(locale);
  const [messages, errors, validation] = await Promise.all([
    loadModule(messageModules, `./messages.${locale}.ts`),
    loadModule(errorModules, `./errors.${locale}.ts`),
    loadModule(validationModules, `./validation.${locale}.ts`),
  ]);
  const translated = messages?.[`messages${suffix}`] as Readonly<Record<MessageKey, string>> | undefined;
  return {
    // A key a translation lacks (it cannot, by its type) reads in Spanish rather than as its name.
    messages: translated ? { ...messagesEs, ...translated } : messagesEs,
    extraErrors: {
      ...extraErrorTexts,
      ...((errors?.[`extraErrorTexts${suffix}`] as Readonly<Record<string, string>> | undefined) ?? {}),
    },
    ...(validation?.[`validationMessages${suffix}`]
      ? { validation: validation[`validationMessages${suffix}`] as LocaleCatalogue['validation'] }
      : {}),
  };
}

async function zodLocaleOf(locale: Locale): Promise<() => Parameters<typeof z.config>[0]> {
  if (locale === 'pt-BR') return (await import('zod/v4/locales/pt.js')).default;
  if (locale === 'en') return (await import('zod/v4/locales/en.js')).default;
  return zodSpanish;
}

let current: Locale = 'es';
let catalogue: LocaleCatalogue = spanish;
const loaded = new Map<Locale, Promise<LocaleCatalogue>>([['es', Promise.resolve(spanish)]]);
const listeners = new Set<() => void>();
let requested: Locale = 'es';

export function currentLocale(): Locale {
  return current;
}

export function activeCatalogue(): LocaleCatalogue {
  return catalogue;
}

/** Hears every change of language (useSyncExternalStore's subscribe). */
export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Switches the UI to a language once its texts are loaded; the last call wins when several
 * overlap. `document.documentElement.lang` and zod's own messages follow.
 */
export async function setLocale(locale: Locale): Promise<void> {
  requested = locale;
  let pending = loaded.get(locale);
  if (!pending) {
    pending = loadCatalogue(locale as Exclude<Locale, 'es'>);
    loaded.set(locale, pending);
    pending.catch(() => loaded.delete(locale));
  }
  const [next, zodLocale] = await Promise.all([pending, zodLocaleOf(locale)]);
  if (requested !== locale || (current === locale && catalogue === next)) return;
  current = locale;
  catalogue = next;
  z.config(zodLocale());
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

/** The browser's language (`navigator.languages`) as one of the three, else Spanish. */
export function browserLocale(
  nav: Pick<Navigator, 'languages' | 'language'> | undefined = globalThis.navigator,
): Locale {
  if (!nav) return 'es';
  return languageFromTags(nav.languages?.length ? nav.languages : [nav.language]);
}

/** The language a signed-in user sees: theirs, else the browser's. */
export function localeOfUser(user: { language?: string | null } | undefined): Locale {
  const chosen = user?.language;
  return chosen && (locales as readonly string[]).includes(chosen) ? (chosen as Locale) : browserLocale();
}

/** The BCP 47 tag the formatters use for a language (Spain's Spanish, as the product always did). */
export function intlTagOf(locale: Locale): string {
  return locale === 'es' ? 'es-ES' : locale === 'en' ? 'en-US' : 'pt-BR';
}

const validationKeys = new Map<string, keyof typeof validationMessages>(
  (Object.entries(validationMessages) as [keyof typeof validationMessages, string][]).map(([key, text]) => [
    text,
    key,
  ]),
);

/**
 * A form message of the shared schemas (a value of `validationMessages`, which the API answers
 * too) in the current language; any other text (zod's own, already in the language) as it is.
 */
export function localizeValidationMessage(message: string): string {
  const key = validationKeys.get(message);
  return key ? (catalogue.validation?.[key] ?? message) : message;
}
