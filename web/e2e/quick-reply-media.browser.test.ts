import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App } from './support/app.ts';
import { simplePdf } from './fixtures/media-files.ts';
import { connectSandbox, customerWrites, outboxOf, pendingTicketOf } from './support/sandbox.ts';

/**
 * A quick reply with a file (core §3 quick message `mediaPath`; issue #25): made in the quick
 * messages screen with a PDF, chosen in the chat with `/catalogo`, sent: the PDF goes to the
 * customer with the quick reply's text as its caption, and shows in the chat. At desktop and
 * phone widths.
 */
describe('a quick reply with a file', () => {
  let app: App;
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);
  const text = 'Le enviamos nuestro catálogo';

  beforeAll(async () => {
    app = await startApp('quick-reply-media');
  });

  afterAll(async () => {
    await app?.stop();
  });

  for (const [label, viewport, number] of [
    ['desktop', { width: 1366, height: 800 }, '5511990007701'],
    ['phone', { width: 390, height: 844 }, '5511990007702'],
  ] as const) {
    it(`sends its PDF with the text as caption (${label})`, async () => {
      const company = companyFor(`Catálogo ${label}`, `catalogo-${label}`, stamp);
      const { page, api } = await app.signedInAdmin(company, pageErrors, { viewport });
      const whatsappId = await connectSandbox(api, { name: `Ventas ${stamp}` });
      const file = join(await mkdtemp(join(tmpdir(), 'quick-reply-')), 'catalogo.pdf');
      await writeFile(file, simplePdf(`Catálogo ${stamp}`));

      // The quick reply, with its PDF, as a person makes it in the screen.
      await page.goto(app.url('/quick-messages'));
      await page.getByText(t('quickMessages.empty')).waitFor({ state: 'visible', timeout: 15_000 });
      await page.getByRole('button', { name: t('quickMessages.add') }).click();
      const modal = page.getByRole('dialog');
      await modal.getByLabel(t('quickMessages.modal.shortcode')).fill('catalogo');
      await modal.getByLabel(t('quickMessages.modal.message')).fill(text);
      await modal.getByTestId('quick-message-file').setInputFiles(file);
      await modal.getByText('catalogo.pdf').waitFor({ state: 'visible' });
      await modal.getByRole('button', { name: t('common.save') }).click();
      await modal.waitFor({ state: 'detached', timeout: 15_000 });

      // A customer's open conversation.
      const name = `Cliente ${label} ${stamp}`;
      await customerWrites(api, whatsappId, { from: number, name, body: 'hola', id: `QR-${label}-${stamp}` });
      const ticket = await pendingTicketOf<{ id: number; uuid: string; contact?: { name?: string } | null }>(
        api,
        name,
      );
      expect((await api('PUT', `/tickets/${ticket.id}`, { status: 'open' })).status).toBeLessThan(300);
      await page.goto(app.url(`/tickets/${ticket.uuid}`));
      const chat = page.locator('.ticket-chat[data-status="open"]');
      await chat.getByTestId('messages-list').getByText('hola', { exact: true }).waitFor({ timeout: 15_000 });

      // Type /catalogo, choose it, send.
      const input = chat.getByRole('textbox', { name: t('tickets.input.label') });
      await input.fill('/catalogo');
      await chat
        .getByTestId('quick-replies')
        .getByRole('option', { name: /\/catalogo/ })
        .click();
      await expect.poll(() => input.inputValue()).toBe(text);
      await expect.poll(() => chat.getByTestId('quick-reply-file').innerText()).toContain('catalogo.pdf');
      await input.press('Enter');

      // The PDF in the chat, with the caption, and at the customer's phone.
      const sent = chat.locator('.msg-row--me', { hasText: 'catalogo.pdf' });
      await sent.waitFor({ state: 'visible', timeout: 15_000 });
      await expect.poll(() => sent.innerText()).toContain(text);
      await expect
        .poll(
          async () =>
            (await outboxOf<{ body: string; mediaType?: string | null }>(api, whatsappId, number)).at(-1),
          {
            timeout: 30_000,
          },
        )
        .toMatchObject({ mediaType: 'application', body: expect.stringContaining(text) });
      await chat.getByTestId('quick-reply-file').waitFor({ state: 'detached' });
      expect(pageErrors).toEqual([]);
    });
  }
});
