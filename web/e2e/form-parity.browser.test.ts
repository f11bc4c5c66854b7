import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import { t } from '../src/i18n/index.ts';
import { companyFor, startApp, superUser, type ApiAnswer, type App, type Caller } from './support/app.ts';
import { openPage } from './support/browser.ts';

/**
 * Issue #27, "Every dialog validates through the shared schema": for each input of the tables
 * below, the SPA's form shows a message under the field, and the route the form posts to, given
 * the same input, answers ERR_VALIDATION with that very message for that field. Both come from
 * one schema of @atende/shared (docs/decisions.md, "Forms from the shared schemas").
 */

/** The message under a field: the Amplify error text its input is described by ('' for none). */
function messageOf(field: Locator): Promise<string> {
  return field.evaluate((input) => {
    for (const id of (input.getAttribute('aria-describedby') ?? '').split(/\s+/)) {
      const element = id ? document.getElementById(id) : null;
      if (element?.classList.contains('amplify-field__error-message')) return element.textContent ?? '';
    }
    return '';
  });
}

/** The route's message for one field of an ERR_VALIDATION answer. */
function apiMessage(answer: ApiAnswer<unknown>, path: string): string | undefined {
  const body = answer.body as { error?: string; issues?: { path: string; message: string }[] };
  expect(answer.status, JSON.stringify(body)).toBe(400);
  expect(body.error).toBe('ERR_VALIDATION');
  return body.issues?.find((issue) => issue.path === path)?.message;
}

interface Case {
  /** What is typed: field label → value. */
  typed: Record<string, string>;
  /** The field whose message is compared, by its label, and its name in the API's issues. */
  label: string;
  path: string;
  /** The spec's text both must show. */
  message: string;
}

/** Fills a form's text fields by label, saves, and waits for the field's message. */
async function spaMessage(scope: Page | Locator, save: Locator, item: Case): Promise<string> {
  for (const [label, value] of Object.entries(item.typed)) {
    await scope.getByLabel(label, { exact: true }).fill(value);
  }
  await save.click();
  const field = scope.getByLabel(item.label, { exact: true });
  await expect.poll(() => messageOf(field)).toBe(item.message);
  return messageOf(field);
}

describe('the SPA and the server refuse the same input with the same message', () => {
  let app: App;
  let admin: { page: Page; api: Caller };
  let root: { page: Page; api: Caller };
  const pageErrors: string[] = [];
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    app = await startApp('form-parity');
    admin = await app.signedInAdmin(companyFor('Paridad', 'paridad', stamp), pageErrors);
    const rootPage = (await app.signedInPage(superUser.email, superUser.password, pageErrors)).page;
    root = { page: rootPage, api: app.as(rootPage) };
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('prompts: lengths, numbers, the temperature range and the queue', async () => {
    const { page, api } = admin;
    const queue = await api<{ id: number }>('POST', '/queue', { name: 'Paridad', color: '#4caf50' });
    expect(queue.status).toBe(201);
    const filled = {
      name: 'Asistente',
      apiKey: 'sk-parity-0123456789',
      prompt: 'Você é o assistente de vendas da loja. Responda com uma frase curta.',
      queueId: String(queue.body.id),
      voice: 'texto',
      temperature: '1',
      maxTokens: '100',
      maxMessages: '10',
    };
    const labels = {
      name: t('prompts.modal.name'),
      prompt: t('prompts.modal.prompt'),
      temperature: t('prompts.modal.temperature'),
      maxTokens: t('prompts.modal.maxTokens'),
    };
    const cases: (Case & { body: Record<string, string> })[] = [
      { field: 'name', value: 'Abc', message: msg.promptTooShort },
      { field: 'name', value: 'x'.repeat(101), message: msg.promptTooLong },
      { field: 'prompt', value: 'corto', message: msg.promptTooShort },
      { field: 'temperature', value: '2.5', message: msg.temperatureRange },
      { field: 'maxTokens', value: '', message: msg.notANumber },
      { field: 'maxTokens', value: 'cien', message: msg.notANumber },
    ].map(({ field, value, message }) => ({
      typed: { [labels[field as keyof typeof labels]]: value },
      label: labels[field as keyof typeof labels],
      path: field,
      message,
      body: { ...filled, [field]: value },
    }));

    await page.goto(app.url('/prompts'));
    for (const item of cases) {
      await page.getByRole('button', { name: t('prompts.add') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(t('prompts.modal.queue'), { exact: true }).selectOption({ label: 'Paridad' });
      await dialog.getByLabel(t('prompts.modal.apiKey'), { exact: true }).fill(filled.apiKey);
      await dialog.getByLabel(labels.name, { exact: true }).fill(filled.name);
      await dialog.getByLabel(labels.prompt, { exact: true }).fill(filled.prompt);
      const shown = await spaMessage(dialog, dialog.getByRole('button', { name: t('common.save') }), item);
      expect(apiMessage(await api('POST', '/prompt', item.body), item.path), item.path).toBe(shown);
      await dialog.getByRole('button', { name: t('common.cancel') }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    // No queue: 'Indique el sector' on both sides.
    await page.getByRole('button', { name: t('prompts.add') }).click();
    const dialog = page.getByRole('dialog');
    const noQueue: Case = {
      typed: {
        [t('prompts.modal.apiKey')]: filled.apiKey,
        [labels.name]: filled.name,
        [labels.prompt]: filled.prompt,
      },
      label: t('prompts.modal.queue'),
      path: 'queueId',
      message: msg.promptQueueRequired,
    };
    const shown = await spaMessage(dialog, dialog.getByRole('button', { name: t('common.save') }), noQueue);
    expect(apiMessage(await api('POST', '/prompt', { ...filled, queueId: '' }), 'queueId')).toBe(shown);
    await dialog.getByRole('button', { name: t('common.cancel') }).click();
  });

  it('quick messages: a shortcode that is blank or only slashes is Requerido', async () => {
    const { page, api } = admin;
    await page.goto(app.url('/quick-messages'));
    for (const shortcode of ['', '  ', '/', '//']) {
      await page.getByRole('button', { name: t('quickMessages.add') }).click();
      const dialog = page.getByRole('dialog');
      const label = t('quickMessages.modal.shortcode');
      const shown = await spaMessage(dialog, dialog.getByRole('button', { name: t('common.save') }), {
        typed: { [label]: shortcode, [t('quickMessages.modal.message')]: 'Hola' },
        label,
        path: 'shortcode',
        message: msg.required,
      });
      const answer = await api('POST', '/quick-messages', { shortcode, message: 'Hola' });
      expect(apiMessage(answer, 'shortcode'), JSON.stringify(shortcode)).toBe(shown);
      await dialog.getByRole('button', { name: t('common.cancel') }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  });

  it('announcements: title and text are Requerido', async () => {
    const { page, api } = root;
    await page.goto(app.url('/announcements'));
    const cases = [
      { title: '', text: 'Mantenimiento', path: 'title', label: t('announcements.modal.title') },
      { title: 'Aviso', text: '   ', path: 'text', label: t('announcements.modal.text') },
    ];
    for (const item of cases) {
      await page.getByRole('button', { name: t('announcements.add') }).click();
      const dialog = page.getByRole('dialog');
      const shown = await spaMessage(dialog, dialog.getByRole('button', { name: t('common.save') }), {
        typed: { [t('announcements.modal.title')]: item.title, [t('announcements.modal.text')]: item.text },
        label: item.label,
        path: item.path,
        message: msg.required,
      });
      const answer = await api('POST', '/announcements', { title: item.title, text: item.text, priority: 3, status: true });
      expect(apiMessage(answer, item.path), item.path).toBe(shown);
      await dialog.getByRole('button', { name: t('common.cancel') }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  });

  it('companies: the name and e-mail rules of the Empresas form', async () => {
    const { page, api } = root;
    const plans = (await api<{ id: number }[]>('GET', '/plans/list')).body;
    await page.goto(app.url('/settings'));
    await page.getByRole('tab', { name: t('settings.tabs.companies') }).click();
    const form = page.getByTestId('company-form');
    await form.waitFor({ state: 'visible', timeout: 30_000 });
    const cases = [
      { name: 'A', email: '', path: 'name', label: t('companies.name'), message: msg.tooShort },
      { name: 'x'.repeat(51), email: '', path: 'name', label: t('companies.name'), message: msg.tooLong },
      { name: 'Loja', email: 'mal@', path: 'email', label: t('companies.email'), message: msg.invalidEmail },
    ];
    for (const item of cases) {
      await form.getByLabel(t('companies.plan'), { exact: true }).selectOption(String(plans[0]!.id));
      const shown = await spaMessage(form, form.getByRole('button', { name: t('common.save') }), {
        typed: { [t('companies.name')]: item.name, [t('companies.email')]: item.email },
        label: item.label,
        path: item.path,
        message: item.message,
      });
      const answer = await api('POST', '/companies', {
        name: item.name,
        email: item.email,
        phone: '',
        planId: plans[0]!.id,
        status: true,
        recurrence: 'MENSUAL',
      });
      expect(apiMessage(answer, item.path), item.path).toBe(shown);
      await form.getByRole('button', { name: t('common.clear') }).click();
    }
  });

  it('users, contacts, queues and connections: the dialogs moved last', async () => {
    const { page, api } = admin;
    const filled = {
      users: { name: 'Ana Paridad', email: `ana-${stamp}@atende.test`, password: 'segredo1' },
      contacts: { name: 'Cliente Paridad', number: '5511999990000', email: '' },
      queues: { name: 'Fila Paridad', orderQueue: '' },
      connections: { name: 'Conexión Paridad', expiresTicket: '0' },
    };
    const labels: Record<string, Record<string, string>> = {
      users: { name: t('users.modal.name'), email: t('users.modal.email'), password: t('users.modal.password') },
      contacts: { name: t('contacts.modal.name'), number: t('contacts.modal.number'), email: t('contacts.modal.email') },
      queues: { name: t('queues.modal.name'), orderQueue: t('queues.modal.order') },
      connections: { name: t('connections.modal.name'), expiresTicket: t('connections.modal.expiresTicket') },
    };
    const screens = {
      users: { path: '/users', add: t('users.add'), route: '/users', extra: { profile: 'user', allTicket: 'desabled', queueIds: [] } },
      contacts: { path: '/contacts', add: t('contacts.add'), route: '/contacts', extra: {} },
      queues: { path: '/queues', add: t('queues.add'), route: '/queue', extra: { color: '#4caf50' } },
      connections: { path: '/connections', add: t('connections.add'), route: '/whatsapp', extra: {} },
    };
    const cases = [
      { screen: 'users', field: 'name', value: 'A', message: msg.tooShort },
      { screen: 'users', field: 'email', value: 'mal', message: msg.invalidEmail },
      { screen: 'users', field: 'password', value: '123', message: msg.tooShort },
      { screen: 'contacts', field: 'number', value: '1234567', message: msg.tooShort },
      { screen: 'contacts', field: 'number', value: '11 9999 abcd', message: msg.numberWithLetters },
      { screen: 'contacts', field: 'email', value: 'nope', message: msg.invalidEmail },
      { screen: 'queues', field: 'name', value: 'A', message: msg.tooShort },
      { screen: 'queues', field: 'orderQueue', value: '-1', message: msg.invalidValue },
      { screen: 'connections', field: 'name', value: 'x'.repeat(51), message: msg.tooLong },
      { screen: 'connections', field: 'expiresTicket', value: '-1', message: msg.invalidValue },
    ] as const;
    for (const item of cases) {
      const screen = screens[item.screen];
      const fields = labels[item.screen]!;
      const body: Record<string, unknown> = { ...filled[item.screen], ...screen.extra, [item.field]: item.value };
      await page.goto(app.url(screen.path));
      await page.getByRole('button', { name: screen.add }).click();
      const dialog = page.getByRole('dialog');
      const typed = Object.fromEntries(
        Object.entries(fields).map(([field, label]) => [label, String(field === item.field ? item.value : body[field])]),
      );
      const shown = await spaMessage(dialog, dialog.getByRole('button', { name: t('common.save') }), {
        typed,
        label: fields[item.field]!,
        path: item.field,
        message: item.message,
      });
      const answer = await api('POST', screen.route, body);
      expect(apiMessage(answer, item.field), `${item.screen}.${item.field}`).toBe(shown);
      await dialog.getByRole('button', { name: t('common.cancel') }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    // Four screens' dialogs, field by field: near half the default on a quiet machine.
  }, 180_000);

  it('sign-up and forgot-password: the public forms', async () => {
    // An address of its own: the public routes are limited per address.
    const address = { 'x-test-client-address': `10.27.${Date.now() % 250}.${process.pid % 250}` };
    const visitor = (await openPage(await app.launchBrowser(), pageErrors, { extraHTTPHeaders: address }, 'visitor'))
      .page;
    const publicApi = async (method: string, path: string, body?: unknown): Promise<ApiAnswer<unknown>> => {
      const response = await fetch(app.url(`/api${path}`), {
        method,
        headers: { ...address, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    };

    const signup = { name: 'Loja Paridad', email: `paridad-${stamp}@atende.test`, phone: '11999990000', password: 'segredo1' };
    const signupLabels = {
      name: t('auth.signup.name'),
      email: t('auth.signup.email'),
      password: t('auth.signup.password'),
    };
    const signupCases = [
      { field: 'name', value: 'A', message: msg.tooShort },
      { field: 'email', value: 'mal', message: msg.signupInvalidEmail },
      { field: 'email', value: '', message: msg.required },
      { field: 'password', value: '123', message: msg.tooShort },
    ] as const;
    const plans = (await publicApi('GET', '/plans/list')).body as { id: number }[];
    for (const item of signupCases) {
      await visitor.goto(app.url('/signup'));
      const label = signupLabels[item.field];
      const shown = await spaMessage(visitor, visitor.getByRole('button', { name: t('auth.signup.submit') }), {
        typed: {
          [signupLabels.name]: signup.name,
          [signupLabels.email]: signup.email,
          [signupLabels.password]: signup.password,
          [label]: item.value,
        },
        label,
        path: item.field,
        message: item.message,
      });
      const answer = await publicApi('POST', '/companies/cadastro', {
        ...signup,
        [item.field]: item.value,
        planId: plans[0]!.id,
      });
      expect(apiMessage(answer, item.field), item.field).toBe(shown);
    }

    // Forgot password, step 1: the e-mail of the path.
    for (const email of ['mal', 'mal@dominio']) {
      await visitor.goto(app.url('/forgetpsw'));
      const label = t('auth.forgot.email');
      const shown = await spaMessage(visitor, visitor.getByRole('button', { name: t('auth.forgot.sendEmail') }), {
        typed: { [label]: email },
        label,
        path: 'email',
        message: msg.invalidEmail,
      });
      const answer = await publicApi('POST', `/forgetpassword/${encodeURIComponent(email)}`);
      expect(apiMessage(answer, 'email'), email).toBe(shown);
    }
    expect(pageErrors).toEqual([]);
  });
});
