/**
 * The product's languages (docs/i18n.md): a user's UI language and a company's language (the
 * defaults of the texts its customers get). Absent on records older than the languages: Spanish.
 */
export const languages = ['es', 'pt-BR', 'en'] as const;
export type Language = (typeof languages)[number];

export const defaultLanguage: Language = 'es';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** A stored language, or Spanish when there is none (records older than the languages). */
export function languageOf(value: unknown): Language {
  return isLanguage(value) ? value : defaultLanguage;
}

/**
 * The first of a browser's preferred languages (`navigator.languages`, BCP 47 tags) that the
 * product speaks: any Portuguese reads as pt-BR, any English as en, any Spanish as es; Spanish
 * when none matches.
 */
export function languageFromTags(tags: readonly (string | null | undefined)[]): Language {
  for (const tag of tags) {
    const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
    if (primary === 'es') return 'es';
    if (primary === 'pt') return 'pt-BR';
    if (primary === 'en') return 'en';
  }
  return defaultLanguage;
}
