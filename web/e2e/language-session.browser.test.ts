import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { messagesEs } from '../src/i18n/messages.es.ts';
import { messagesEn } from '../src/i18n/messages.en.ts';
import { messagesPtBr } from '../src/i18n/messages.pt-BR.ts';
import { openPage } from './support/browser.ts';
import { companyFor, startApp, type App } from './support/app.ts';

type Lang = 'es' | 'pt-BR' | 'en';
const catalogues = { es: messagesEs, 'pt-BR': messagesPtBr, en: messagesEn } as const;

/**
 * A language switch keeps the session and what is on the screen (docs/i18n.md): switching the
 * profile's language back and forth, also right after signing in, neither ends the session (no
 * 401 from the refresh route, no trip to /login) nor closes the profile or forgets what was typed
 * in it; a Portuguese browser sees the login in Portuguese from its first paint, and what is typed
 * at once stays typed.
 */
describe('language switches and the session', () => {
  let app: App;
  const stamp = Date.now().toString(36);
  const company = companyFor('Idiomas sesión', 'idiomas-sesion', stamp);
  const pageErrors: string[] = [];

  /** Every answer of the API with a 401, and every refresh the page made, as "status path". */
  function watchSession(page: Page) {
    const unauthorized: string[] = [];
    const refreshes: string[] = [];
    page.on('response', (response: Response) => {
      const path = new URL(response.url()).pathname;
      if (!path.startsWith('/api/')) return;
      if (response.status() === 401) unauthorized.push(`${response.status()} ${path}`);
      if (path === '/api/auth/refresh_token') refreshes.push(`${response.status()} ${path}`);
    });
    return { unauthorized, refreshes };
  }

  async function openProfile(page: Page, lang: Lang) {
    const texts = catalogues[lang];
    await page.getByRole('button', { name: texts['layout.userMenu'] }).click();
    await page.getByRole('menuitem', { name: texts['layout.profile'] }).click();
    await page.getByRole('dialog').locator('select[name="language"]').waitFor({ state: 'visible' });
  }

  /** Picks a language in the open profile and waits until the page speaks it. */
  async function switchTo(page: Page, lang: Lang) {
    const select = page.getByRole('dialog').locator('select[name="language"]');
    await expect.poll(() => select.isEnabled()).toBe(true);
    await select.selectOption(lang);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
    await page
      .getByRole('dialog')
      .getByText(catalogues[lang]['users.modal.profileTitle'], { exact: true })
      .waitFor({ state: 'visible' });
  }

  beforeAll(async () => {
    app = await startApp('language-session');
    await app.signUpCompany(company);
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
  });

  it('switches es → pt-BR → en → es right after signing in and stays signed in, the profile open and its typed name kept', async () => {
    const { page } = await openPage(await app.launchBrowser(), pageErrors, {}, company.email);
    const session = watchSession(page);
    await app.signInThroughForm(page, company.email, company.password);
    // At once, while the first screen still loads.
    await openProfile(page, 'es');
    const name = page.getByRole('dialog').locator('input[name="name"]');
    await name.fill(`Nombre a medias ${stamp}`);
    for (const lang of ['pt-BR', 'en', 'es', 'pt-BR', 'en', 'es'] as const) {
      await switchTo(page, lang);
      // Redrawn in place: the dialog is the same one, with what was typed in it.
      await expect.poll(() => name.inputValue()).toBe(`Nombre a medias ${stamp}`);
    }
    // Still signed in: the screens answer, and a reload restores the same session.
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('button', { name: messagesEs['layout.userMenu'] }).waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).not.toBe('/login');
    expect(session.unauthorized).toEqual([]);
    expect(session.refreshes.every((entry) => entry.startsWith('200 '))).toBe(true);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it('shows a Portuguese browser the login in Portuguese from its first paint and keeps what is typed at once', async () => {
    const { page } = await openPage(await app.launchBrowser(), pageErrors, { locale: 'pt-BR' }, 'pt-BR');
    // Every text the app paints, from the first one on, before anything can redraw it.
    await page.addInitScript(() => {
      const painted: string[] = [];
      (window as unknown as { painted: string[] }).painted = painted;
      new MutationObserver(() => {
        const text = document.getElementById('root')?.innerText.trim();
        if (text && painted.at(-1) !== text) painted.push(text);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    // A slow network for the Portuguese texts: the login would have time to paint in Spanish first.
    await page.route(/\/assets\/messages\.pt-BR-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto(app.url('/login'));
    const email = page.locator('input[name="email"]');
    const password = page.locator('input[name="password"]');
    // Typed as soon as the fields exist (whatever their language).
    await email.fill(company.email);
    await password.fill(company.password);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    await page.getByLabel(messagesPtBr['auth.login.email'], { exact: true }).waitFor({ state: 'visible' });
    const painted = await page.evaluate(() => (window as unknown as { painted: string[] }).painted);
    // The login in Portuguese from its first paint: no Spanish text of it ever drawn.
    const loginPaints = painted.filter((text) => text.includes(messagesPtBr['auth.login.subtitle']));
    expect(loginPaints.length).toBeGreaterThan(0);
    const spanishLogin = (['auth.login.subtitle', 'auth.login.toSignup', 'auth.login.toForgotPassword'] as const).map(
      (key) => messagesEs[key],
    );
    expect(painted.filter((text) => spanishLogin.some((spanish) => text.includes(spanish)))).toEqual([]);
    await expect.poll(() => email.inputValue()).toBe(company.email);
    await expect.poll(() => password.inputValue()).toBe(company.password);
    await page.getByRole('button', { name: messagesPtBr['auth.login.submit'] }).click();
    await page.waitForURL((address) => address.pathname !== '/login', { timeout: 15_000 });
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
