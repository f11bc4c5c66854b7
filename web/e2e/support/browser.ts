/**
 * Debian's Chromium as every browser test drives it (playwright-core, no bundled browser), and
 * pages whose uncaught errors are collected so that a test can assert there were none.
 */
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { recordPageEvents } from './page-events.ts';

/** The flags Chromium needs in this container (no sandbox, no GPU, a small /dev/shm). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
];

/** A fake microphone (a beeping tone), allowed without asking, and sound without a user gesture. */
export const fakeMediaArgs = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: [...chromiumArgs, ...extraArgs] });
}

/** Collects the page's uncaught errors into `errors`, prefixed with `label` when one is given. */
export function collectPageErrors(page: Page, errors: string[], label?: string): Page {
  page.on('pageerror', (error) => errors.push(label ? `${label}: ${error.message}` : error.message));
  return page;
}

/**
 * A page of a browser context of its own (its own storage, so its own session), light and
 * 1366×820 and Spanish unless `options` say otherwise, its uncaught errors collected into `errors`.
 */
export async function openPage(
  browser: Browser,
  errors: string[],
  options: BrowserContextOptions = {},
  label?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    colorScheme: 'light',
    // A Spanish browser, so a user without a language of their own sees Spanish (docs/i18n.md).
    locale: 'es-ES',
    viewport: { width: 1366, height: 820 },
    ...options,
  });
  recordPageEvents(context, label);
  const page = collectPageErrors(await context.newPage(), errors, label);
  return { context, page };
}

/**
 * An access token for a signed-in page's session (null when signed out). The SPA keeps its token
 * in memory only, so this asks the API for one with the page's own refresh cookie, as the SPA
 * does after a reload: same session, nothing the page holds is replaced.
 */
export function tokenOf(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const response = await fetch('/api/auth/refresh_token', { method: 'POST', credentials: 'same-origin' });
    if (!response.ok) return null;
    const body = (await response.json()) as { token?: unknown };
    return typeof body.token === 'string' ? body.token : null;
  });
}
