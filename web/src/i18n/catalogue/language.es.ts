/** UI text of the language choice (merged into the catalogue by messages.es.ts; docs/i18n.md). */
export const languageMessages = {
  'language.label': 'Idioma',
  'language.companyLabel': 'Idioma de la empresa',
  'language.companyHint':
    'Los textos predeterminados que reciben sus clientes (menú, calificación, transferencias) usan este idioma.',
  'language.saved': 'Idioma guardado.',
  // Each language is named in its own words, in every catalogue.
  'language.es': 'Español',
  'language.pt-BR': 'Português (Brasil)',
  'language.en': 'English',
} as const;
