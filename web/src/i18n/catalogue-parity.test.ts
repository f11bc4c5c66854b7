/**
 * Every language has every text (docs/i18n.md): for each Spanish catalogue, its pt-BR and en
 * counterparts (the files of the contract, found by glob so that a translator's new file is
 * checked without a change here) hold the same keys, and every `{placeholder}` of the Spanish
 * text. Once a language ships (its messages.<lang>.ts exists) a missing counterpart file fails too.
 */
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@atende/shared/errors';
import { validationMessages } from '@atende/shared/validation-messages';

type Module = Record<string, unknown>;
type Texts = Readonly<Record<string, string>>;

const spanishFiles = import.meta.glob<Module>('./**/*.es.ts', { eager: true });
const translatedFiles = {
  'pt-BR': import.meta.glob<Module>('./**/*.pt-BR.ts', { eager: true }),
  en: import.meta.glob<Module>('./**/*.en.ts', { eager: true }),
};
const suffix = { 'pt-BR': 'PtBr', en: 'En' } as const;
type Lang = keyof typeof translatedFiles;

/** The one exported object of texts whose name ends as the contract says (`…Messages`, `…MessagesPtBr`). */
function textsOf(module: Module, nameEnd: RegExp): Texts | undefined {
  const entry = Object.entries(module).find(
    ([name, value]) => nameEnd.test(name) && typeof value === 'object' && value !== null,
  );
  return entry?.[1] as Texts | undefined;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[0]);

/** Differences between a Spanish table and its translation: missing and extra keys, lost placeholders, empty texts. */
function problemsOf(spanish: Texts, translated: Texts): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(spanish)) {
    if (!(key in translated)) {
      problems.push(`missing key ${key}`);
      continue;
    }
    const text = translated[key];
    if (typeof text !== 'string' || text.trim() === '') problems.push(`empty text at ${key}`);
    else
      for (const placeholder of placeholders(spanish[key]!))
        if (!text.includes(placeholder)) problems.push(`${key} lacks ${placeholder}`);
  }
  for (const key of Object.keys(translated)) if (!(key in spanish)) problems.push(`extra key ${key}`);
  return problems;
}

const spanishErrors: Texts = Object.fromEntries(
  Object.entries(errorCatalogue).map(([code, entry]) => [code, entry.es]),
);

describe.each(Object.keys(translatedFiles) as Lang[])('the %s catalogues', (lang) => {
  const files = translatedFiles[lang];
  const ships = `./messages.${lang}.ts` in files;
  const catalogueFiles = Object.keys(spanishFiles).filter((path) => path.startsWith('./catalogue/'));

  it.each(catalogueFiles)(`has the keys and placeholders of %s`, (spanishPath) => {
    const spanish = textsOf(spanishFiles[spanishPath]!, /Messages$/);
    expect(spanish, `${spanishPath} exports its …Messages`).toBeDefined();
    const path = spanishPath.replace(/\.es\.ts$/, `.${lang}.ts`);
    const module = files[path];
    if (!module) {
      // Before the language ships its files may arrive one by one; after, every one must be there.
      expect(ships, `${path} is missing`).toBe(false);
      return;
    }
    const translated = textsOf(module, new RegExp(`Messages${suffix[lang]}$`));
    expect(translated, `${path} exports its …Messages${suffix[lang]}`).toBeDefined();
    expect(problemsOf(spanish!, translated!)).toEqual([]);
  });

  it('has every key of the whole Spanish UI (messages), the error texts and the validation texts', async () => {
    const messages = files[`./messages.${lang}.ts`];
    const errors = files[`./errors.${lang}.ts`];
    const validation = files[`./validation.${lang}.ts`];
    if (!ships) {
      expect(messages).toBeUndefined();
      return;
    }
    const { messagesEs, extraErrorTexts } = await import('./messages.es.ts');
    expect(problemsOf(messagesEs, messages![`messages${suffix[lang]}`] as Texts)).toEqual([]);
    expect(errors, `errors.${lang}.ts is missing`).toBeDefined();
    expect(problemsOf(spanishErrors, errors![`errorTexts${suffix[lang]}`] as Texts)).toEqual([]);
    expect(problemsOf(extraErrorTexts, errors![`extraErrorTexts${suffix[lang]}`] as Texts)).toEqual([]);
    expect(validation, `validation.${lang}.ts is missing`).toBeDefined();
    expect(problemsOf(validationMessages, validation![`validationMessages${suffix[lang]}`] as Texts)).toEqual(
      [],
    );
  });
});

describe('the parity check', () => {
  it('finds a missing key, an extra key and a lost placeholder', () => {
    expect(problemsOf({ a: 'Hola {name}', b: 'Adiós' }, { a: 'Olá', c: 'x' })).toEqual([
      'a lacks {name}',
      'missing key b',
      'extra key c',
    ]);
  });
});
