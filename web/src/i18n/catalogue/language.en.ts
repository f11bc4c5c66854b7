import type { languageMessages } from './language.es.ts';

/** English (en) UI text of the language choice (docs/i18n.md). */
export const languageMessagesEn: Record<keyof typeof languageMessages, string> = {
  'language.label': 'Language',
  'language.companyLabel': 'Company language',
  'language.companyHint': 'The default texts your customers get (menu, rating, transfers) use this language.',
  'language.saved': 'Language saved.',
  'language.es': 'Español',
  'language.pt-BR': 'Português (Brasil)',
  'language.en': 'English',
};
