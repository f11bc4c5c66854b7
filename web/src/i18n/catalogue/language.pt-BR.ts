import type { languageMessages } from './language.es.ts';

/** Brazilian Portuguese (pt-BR) UI text of the language choice (docs/i18n.md). */
export const languageMessagesPtBr: Record<keyof typeof languageMessages, string> = {
  'language.label': 'Idioma',
  'language.companyLabel': 'Idioma da empresa',
  'language.companyHint':
    'Os textos padrão que seus clientes recebem (menu, avaliação, transferências) usam este idioma.',
  'language.saved': 'Idioma salvo.',
  'language.es': 'Español',
  'language.pt-BR': 'Português (Brasil)',
  'language.en': 'English',
};
