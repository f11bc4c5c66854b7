import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DialogflowFake, type FakeServiceAccount } from '../../functions/test/fakes/dialogflow-fake.ts';
import { errorText, t } from '../src/i18n/index.ts';
import { companyFor, startApp, type App } from './support/app.ts';

/**
 * The Dialogflow "Probar" button (extended §2.12, §8; issue #25): the result stays in the dialog,
 * good (what the agent answered) or bad (why the test failed), at desktop and phone widths,
 * against the local Dialogflow ES fake (DIALOGFLOW_API_ENDPOINT), never the internet.
 */
describe('the Dialogflow test button', () => {
  let app: App;
  let fake: DialogflowFake;
  let account: FakeServiceAccount;
  const project = 'atende-probar';
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    fake = await new DialogflowFake().start();
    fake.setIntents([
      { displayName: 'Saludo', phrases: ['hola'], messages: ['¡Hola! Soy el bot de prueba.'] },
    ]);
    account = fake.serviceAccount(project);
    process.env.DIALOGFLOW_API_ENDPOINT = fake.url;
    app = await startApp('dialogflow-test-button');
  });

  afterAll(async () => {
    await app?.stop();
    delete process.env.DIALOGFLOW_API_ENDPOINT;
    await fake?.stop();
  });

  /** The add dialog with a Dialogflow integration's fields filled. */
  async function dialogflowDialog(page: Page, jsonContent: string) {
    await page.goto(app.url('/queue-integration'));
    await page.getByRole('button', { name: t('queueIntegrations.add') }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByLabel(t('queueIntegrations.modal.type'))
      .selectOption({ label: t('queueIntegrations.type.dialogflow') });
    await dialog.getByLabel(t('queueIntegrations.modal.name'), { exact: true }).fill('Agente de prueba');
    await dialog.getByLabel(t('queueIntegrations.modal.projectName')).fill(project);
    await dialog
      .getByLabel(t('queueIntegrations.modal.language'))
      .selectOption({ label: t('queueIntegrations.modal.language.es') });
    await dialog.getByLabel(t('queueIntegrations.modal.jsonContent')).fill(jsonContent);
    return dialog;
  }

  for (const [label, viewport] of [
    ['desktop', { width: 1366, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`shows a bad key file's error and a good test's answer in the dialog (${label})`, async () => {
      const company = companyFor(`Probar ${label}`, `probar-${label}`, stamp);
      const { page } = await app.signedInAdmin(company, pageErrors, { viewport });

      const dialog = await dialogflowDialog(page, '{"no es": "una cuenta de servicio"}');
      await dialog.getByRole('button', { name: t('queueIntegrations.modal.test') }).click();
      const result = dialog.getByTestId('queue-integration-test-result');
      await expect
        .poll(() => result.innerText())
        .toBe(t('queueIntegrations.testFailed', { error: errorText('ERR_DIALOGFLOW_CREDENTIALS')! }));
      await expect.poll(() => result.getAttribute('role')).toBe('alert');

      const calls = fake.calls.length;
      await dialog.getByLabel(t('queueIntegrations.modal.jsonContent')).fill(account.json);
      await dialog.getByRole('button', { name: t('queueIntegrations.modal.test') }).click();
      await expect.poll(() => result.getAttribute('role')).toBe('status');
      await expect.poll(() => result.innerText()).toContain(t('queueIntegrations.testSucceeded'));
      await expect
        .poll(() => result.innerText())
        .toContain(t('queueIntegrations.testAnswered', { messages: '¡Hola! Soy el bot de prueba.' }));
      expect(fake.calls.length).toBe(calls + 1);
      expect(fake.calls.at(-1)).toMatchObject({ project, text: 'Hola', languageCode: 'es' });
      // Nothing of the dialog runs off a phone's screen.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
        .toBe(true);
      expect(pageErrors).toEqual([]);
    });
  }
});
