import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messagesEs } from '../src/i18n/messages.es.ts';
import { companyFor, startApp, type App } from './support/app.ts';
import { journeySteps } from './support/journey.ts';

/**
 * The UI in Brazilian Portuguese and in English (docs/i18n.md): an admin whose language is pt-BR
 * signs in on a Spanish browser and walks the inbox, the connections and the dashboard, which
 * show no catalogue key and no Spanish-only text; then picks English in their profile and walks
 * them again. Needs the translators' catalogues (messages.pt-BR.ts, messages.en.ts).
 */
describe('languages', () => {
  journeySteps();
  let app: App;
  let page: Page;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const company = companyFor('Idiomas', 'idiomas', stamp);

  type Texts = Readonly<Record<string, string>>;
  /** The translators' catalogue of a language (loaded by path: it is not this file's to type). */
  async function catalogueOf(lang: 'pt-BR' | 'en'): Promise<Texts> {
    const name = lang === 'pt-BR' ? 'messagesPtBr' : 'messagesEn';
    const module = (await import(/* @vite-ignore */ `../src/i18n/messages.${lang}.ts`)) as Record<
      string,
      Texts
    >;
    return module[name]!;
  }

  // Key-looking text: a catalogue key's first part ("tickets", "menu"…) and a dotted rest.
  const prefixes = [...new Set(Object.keys(messagesEs).map((key) => key.split('.')[0]!))];
  const keyLike = new RegExp(`\\b(${prefixes.join('|')})\\.[a-zA-Z0-9]+(\\.[a-zA-Z0-9]+)*\\b`);

  /** Spanish texts another language writes otherwise (so seeing one means a text was not translated). */
  function spanishOnly(translated: Texts): Set<string> {
    const theirs = new Set(Object.values(translated).map((text) => text.trim()));
    return new Set(
      Object.entries(messagesEs)
        .map(([key, text]) => [key, text.trim()] as const)
        .filter(([, text]) => text.length >= 4 && /\p{L}/u.test(text) && !text.includes('{'))
        .filter(([key, text]) => translated[key]?.trim() !== text && !theirs.has(text))
        .map(([, text]) => text),
    );
  }

  /** Every visible text node of the page, trimmed, and the placeholders and labels screens show. */
  const shownTexts = () =>
    page.evaluate(() => {
      const texts: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim();
        const parent = node.parentElement;
        if (text && parent && parent.offsetParent !== null && !['SCRIPT', 'STYLE'].includes(parent.tagName))
          texts.push(text);
      }
      for (const element of Array.from(document.querySelectorAll('[placeholder], [aria-label], [title]'))) {
        for (const attribute of ['placeholder', 'aria-label', 'title']) {
          const value = element.getAttribute(attribute)?.trim();
          if (value) texts.push(value);
        }
      }
      return texts;
    });

  /** Visits a screen, waits for a word of the language, and finds no key and no Spanish-only text there. */
  async function walk(path: string, lang: 'pt-BR' | 'en', expected: string[]) {
    const translated = await catalogueOf(lang);
    const spanish = spanishOnly(translated);
    await page.goto(app.url(path));
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
    for (const word of expected)
      await page.getByText(word, { exact: true }).first().waitFor({ state: 'visible' });
    // The screen's lists and figures load after its frame: wait for the loaders to go.
    await expect.poll(() => page.locator('.amplify-loader').count()).toBe(0);
    const texts = await shownTexts();
    expect(
      texts.filter((text) => keyLike.test(text)),
      `${path}: key names shown`,
    ).toEqual([]);
    expect(
      texts.filter((text) => spanish.has(text)),
      `${path}: Spanish text shown`,
    ).toEqual([]);
    expect(texts.filter((text) => ['Conexiones', 'Guardar', 'Cargando…'].includes(text))).toEqual([]);
  }

  beforeAll(async () => {
    app = await startApp('languages');
    await app.signUpCompany(company);
    // The admin's own language, set before they sign in (a token for the API only).
    const login = await app.api<{ token: string; user: { id: number } }>(undefined, 'POST', '/auth/login', {
      email: company.email,
      password: company.password,
    });
    expect(login.status).toBe(200);
    const saved = await app.api(login.body.token, 'PUT', `/users/${login.body.user.id}`, {
      language: 'pt-BR',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
  });

  it('signs in on a Spanish browser and shows the inbox in Brazilian Portuguese', async () => {
    // signedInPage's browser is Spanish (es-ES), and so is the login form it fills.
    ({ page } = await app.signedInPage(company.email, company.password, pageErrors));
    await walk('/tickets', 'pt-BR', ['Atendimentos']);
  });

  it('shows the connections and the dashboard in Brazilian Portuguese', async () => {
    await walk('/connections', 'pt-BR', ['Conexões']);
    await walk('/', 'pt-BR', ['Painel']);
  });

  it('switches to English from the profile, and the screens follow', async () => {
    const portuguese = await catalogueOf('pt-BR');
    await page.getByRole('button', { name: portuguese['layout.userMenu'] }).click();
    await page.getByRole('menuitem', { name: portuguese['layout.profile'] }).click();
    await page.getByLabel(portuguese['language.label']!, { exact: true }).selectOption('en');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await walk('/tickets', 'en', ['Connections']);
    await walk('/connections', 'en', ['Connections']);
    await walk('/', 'en', ['Dashboard']);
    expect(pageErrors).toEqual([]);
  });
});
