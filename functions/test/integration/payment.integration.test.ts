import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recurringSchedules } from '../../src/manifest.ts';
import { AsaasFake } from '../fakes/asaas-fake.ts';
import { type ApiClient } from './support/api-client.ts';
import { listen } from './support/live.ts';
import { signUpCompany, startTestRuntime, superUser, type TestRuntime } from './support/runtime.ts';
import { until } from './support/until.ts';

let env: TestRuntime;
let root: ApiClient;

beforeAll(async () => {
  env = await startTestRuntime();
  root = env.client();
  await root.login(superUser.email, superUser.password);
});
afterAll(async () => env?.stop());

type InvoicePage = { invoices: { id: number; value: number; dueDate: string; status: string }[] };
const invoiceRun = recurringSchedules.find((schedule) => schedule.name === 'invoice-run')!;
const checkout = {
  firstName: 'Ana',
  lastName: 'Paga',
  address2: 'Rua 1',
  city: 'São Paulo',
  zipcode: '01000-000',
  country: 'BR',
};

describe('checkout and payment with the sandbox provider', () => {
  it('pays an overdue invoice: invoice paid, due date extended by the recurrence, 402 lifted at once; a replay changes nothing', async () => {
    const admin = env.client();
    const { companyId } = await signUpCompany(admin, 'Pagadora');
    expect((await root.put(`/companies/${companyId}`, { dueDate: '2020-01-31' })).status).toBe(200);
    // The company is blocked everywhere but the paying routes (and this container's cache says so).
    expect((await admin.get('/tags')).status).toBe(402);
    await env.runtime.scheduler.runNow(invoiceRun.name);
    const invoice = await until(
      async () => (await admin.get<InvoicePage>('/invoices/all')).body.invoices[0],
      'the invoice',
    );
    expect(invoice).toMatchObject({ id: 20200131, status: 'open' });

    const charge = await admin.post<{
      qrcode: { qrcode: string };
      valor: { original: string };
      provider: string;
      chargeId: string;
    }>('/subscription', {
      ...checkout,
      invoiceId: invoice.id,
      plan: JSON.stringify({ users: 3, connections: 1, price: 49 }),
    });
    expect(charge.status, JSON.stringify(charge.body)).toBe(200);
    expect(charge.body.provider).toBe('sandbox');
    expect(charge.body.valor.original).toBe(invoice.value.toFixed(2));
    expect(charge.body.qrcode.qrcode).toContain(charge.body.chargeId);

    const paid = await admin.post<{ result: string; dueDate: string }>(
      `/subscription/sandbox/${charge.body.chargeId}/pay`,
      {},
    );
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ result: 'paid', dueDate: '2020-02-29' });
    // Still past (2020), so still blocked: pay to a date ahead instead.
    expect((await admin.get('/tags')).status).toBe(402);

    const replay = await admin.post<{ result: string; dueDate: string }>(
      `/subscription/sandbox/${charge.body.chargeId}/pay`,
      {},
    );
    expect(replay.body).toEqual({ result: 'already-paid', dueDate: '2020-02-29' });
    const after = await admin.get<InvoicePage>('/invoices/all');
    expect(after.body.invoices.find((i) => i.id === 20200131)?.status).toBe('paid');
    const company = await root.get<{ dueDate: string }>(`/companies/${companyId}`);
    expect(company.body.dueDate).toBe('2020-02-29');
  });

  it('lifts the 402 at once when the payment moves the due date ahead', async () => {
    const admin = env.client();
    const { companyId } = await signUpCompany(admin, 'Desbloqueada');
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await root.put(`/companies/${companyId}`, { dueDate: yesterday })).status).toBe(200);
    expect((await admin.get('/tags')).status).toBe(402);
    await env.runtime.scheduler.runNow(invoiceRun.name);
    const invoice = await until(
      async () => (await admin.get<InvoicePage>('/invoices/all')).body.invoices[0],
      'the invoice',
    );
    const charge = await admin.post<{ chargeId: string }>('/subscription', {
      ...checkout,
      invoiceId: invoice.id,
    });
    expect(charge.status).toBe(200);
    const live = await listen(admin);
    const paid = await admin.post<{ result: string; dueDate: string }>(
      `/subscription/sandbox/${charge.body.chargeId}/pay`,
      {},
    );
    expect(paid.body.result).toBe('paid');
    expect(paid.body.dueDate > yesterday).toBe(true);
    // The company's users hear the payment, with the due date it set (checkout's success message).
    const event = await until(
      async () => live.frames.find((frame) => frame.event === 'payment'),
      'the payment event',
    );
    expect(event.data).toEqual({
      action: 'CONCLUIDA',
      invoiceId: invoice.id,
      company: { id: companyId, dueDate: paid.body.dueDate },
    });
    live.socket.close();
    // The tags module cached the blocked company a moment ago; the payment lifts it at once.
    expect((await admin.get('/tags')).status).toBe(200);
    // Paying again: the invoice is paid.
    expect((await admin.post('/subscription', { ...checkout, invoiceId: invoice.id })).status).toBe(409);
  });

  it('refuses a charge of another company and an unknown invoice', async () => {
    const admin = env.client();
    await signUpCompany(admin, 'Ajena');
    expect((await admin.post('/subscription/sandbox/1-20200131/pay', {})).status).toBe(404);
    expect((await admin.post('/subscription', { ...checkout, invoiceId: 20991231 })).status).toBe(404);
    const invalid = await admin.post<{ error: string }>('/subscription', {
      ...checkout,
      firstName: '',
      invoiceId: 20991231,
    });
    expect(invalid.status).toBe(400);
  });
});

describe('an overdue company with no invoice yet', () => {
  it('gets its invoice as soon as it opens Financiero (GET /invoices/all), one even from two tabs at once', async () => {
    const admin = env.client();
    const { companyId } = await signUpCompany(admin, 'SinFactura');
    expect((await root.put(`/companies/${companyId}`, { dueDate: '2021-03-15' })).status).toBe(200);
    // No invoice run: the two tabs' first reads make the invoice.
    const [one, two] = await Promise.all([
      admin.get<InvoicePage>('/invoices/all'),
      admin.get<InvoicePage>('/invoices/all'),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.invoices).toEqual([expect.objectContaining({ id: 20210315, status: 'open' })]);
    expect(two.body.invoices).toEqual([expect.objectContaining({ id: 20210315, status: 'open' })]);
    // And it can be paid at once.
    const charge = await admin.post<{ chargeId: string }>('/subscription', {
      ...checkout,
      invoiceId: 20210315,
    });
    expect(charge.status).toBe(200);
    const after = await admin.get<InvoicePage>('/invoices/all');
    expect(after.body.invoices.map((invoice) => invoice.id)).toEqual([20210315]);
  });
});

describe('the Asaas webhook', () => {
  it('needs the configured asaas-access-token, pays the invoice of the charge once, and ignores a replay', async () => {
    const webhookToken = `whk-${Date.now()}`;
    expect((await root.put('/settings/asaasWebhookToken', { value: webhookToken })).status).toBe(200);
    const admin = env.client();
    const { companyId } = await signUpCompany(admin, 'Webhook');
    const dueDate = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await root.put(`/companies/${companyId}`, { dueDate })).status).toBe(200);
    await env.runtime.scheduler.runNow(invoiceRun.name);
    const invoice = await until(
      async () => (await admin.get<InvoicePage>('/invoices/all')).body.invoices[0],
      'the invoice',
    );
    const charge = await admin.post<{ chargeId: string }>('/subscription', {
      ...checkout,
      invoiceId: invoice.id,
    });
    expect(charge.status).toBe(200);
    const notification = {
      id: 'evt_05b708f961d739ea7eba7e4db318f621&368604920',
      event: 'PAYMENT_RECEIVED',
      payment: {
        object: 'payment',
        id: charge.body.chargeId,
        externalReference: charge.body.chargeId,
        status: 'RECEIVED',
        value: invoice.value,
      },
    };
    const post = (token?: string) =>
      fetch(`${env.runtime.url}/api/subscription/webhook/asaas`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token === undefined ? {} : { 'asaas-access-token': token }),
        },
        body: JSON.stringify(notification),
      });
    expect((await post()).status).toBe(401);
    expect((await post('wrong')).status).toBe(401);
    expect((await admin.get<InvoicePage>('/invoices/all')).body.invoices[0]?.status).toBe('open');

    expect((await post(webhookToken)).status).toBe(200);
    const extended = (await root.get<{ dueDate: string }>(`/companies/${companyId}`)).body.dueDate;
    expect(extended > dueDate).toBe(true);
    expect(
      (await admin.get<InvoicePage>('/invoices/all')).body.invoices.find((i) => i.id === invoice.id)?.status,
    ).toBe('paid');
    // The same notification again (Asaas retries): nothing moves.
    expect((await post(webhookToken)).status).toBe(200);
    expect((await root.get<{ dueDate: string }>(`/companies/${companyId}`)).body.dueDate).toBe(extended);
  });
});

describe('checkout with Asaas (the local fake speaking API v3)', () => {
  const asaasToken = `$aact_it_${Date.now()}`;
  const asaas = new AsaasFake(asaasToken);
  const webhookToken = `whk-charges-${Date.now()}`;
  let before: { key: string; value: string }[] = [];

  beforeAll(async () => {
    process.env.ASAAS_BASE_URL = await asaas.start();
    before = (await root.get<{ key: string; value: string }[]>('/settings')).body;
    expect((await root.put('/settings/asaas', { value: asaasToken })).status).toBe(200);
    expect((await root.put('/settings/paymentProvider', { value: 'asaas' })).status).toBe(200);
    expect((await root.put('/settings/asaasWebhookToken', { value: webhookToken })).status).toBe(200);
  });
  afterAll(async () => {
    // The platform's settings are global to the runtime: put them back.
    expect((await root.put('/settings/asaas', { value: '' })).status).toBe(200);
    const provider = before.find((setting) => setting.key === 'paymentProvider')?.value ?? 'sandbox';
    expect((await root.put('/settings/paymentProvider', { value: provider })).status).toBe(200);
    delete process.env.ASAAS_BASE_URL;
    await asaas.stop();
  });

  async function overdueInvoice(label: string) {
    const admin = env.client();
    const { companyId } = await signUpCompany(admin, label);
    const dueDate = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await root.put(`/companies/${companyId}`, { dueDate })).status).toBe(200);
    await env.runtime.scheduler.runNow(invoiceRun.name);
    const invoice = await until(
      async () => (await admin.get<InvoicePage>('/invoices/all')).body.invoices[0],
      'the invoice',
    );
    return { admin, companyId, invoice };
  }
  const pagar = async (admin: ApiClient, invoiceId: number) => {
    const answer = await admin.post<{ chargeId: string; provider: string; qrcode: { qrcode: string } }>(
      '/subscription',
      { ...checkout, invoiceId },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const notify = (chargeId: string, externalReference: string, value: number) =>
    fetch(`${env.runtime.url}/api/subscription/webhook/asaas`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'asaas-access-token': webhookToken },
      body: JSON.stringify({
        id: `evt_${chargeId}`,
        event: 'PAYMENT_RECEIVED',
        payment: { object: 'payment', id: chargeId, externalReference, status: 'RECEIVED', value },
      }),
    });

  it('stores the Asaas token and its webhook token sealed, answers them by the stored mask, and still uses them', async () => {
    // The data layer is imported after the runtime started, as the bundles would be.
    const { settingEntity } = await import('../../src/data/setting-entity.ts');
    const { platformCompanyId } = await import('../../src/domain/company-rules.ts');
    for (const [key, secret] of [
      ['asaas', asaasToken],
      ['asaasWebhookToken', webhookToken],
    ] as const) {
      const stored = (await settingEntity.get({ companyId: platformCompanyId, key }).go({ consistent: true }))
        .data!;
      expect(stored.value, key).toMatch(/^local:v/);
      expect(stored.value, key).not.toContain(secret.slice(-8));
      expect(stored.mask, key).toBe(`••••${secret.slice(-4)}`);
    }
    const listed = (await root.get<{ key: string; value: string }[]>('/settings')).body;
    expect(listed).toContainEqual({ key: 'asaas', value: `••••${asaasToken.slice(-4)}` });
    // Opened where used: the fake Asaas refuses any other access_token, so a charge proves it.
    const { invoice, admin } = await overdueInvoice('Sellado Asaas');
    expect((await pagar(admin, invoice.id)).provider).toBe('asaas');
    const refused = await fetch(`${env.runtime.url}/api/subscription/webhook/asaas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'asaas-access-token': 'otro' },
      body: JSON.stringify({ event: 'PAYMENT_RECEIVED', payment: { id: 'x' } }),
    });
    expect(refused.status).toBe(401);
  });

  it('reuses the open charge across PAGAR clicks: one Asaas payment, the same QR', async () => {
    const { admin, invoice } = await overdueInvoice('Reusa');
    const created = asaas.paymentsCreated();
    const first = await pagar(admin, invoice.id);
    const second = await pagar(admin, invoice.id);
    const third = await pagar(admin, invoice.id);
    expect(first.provider).toBe('asaas');
    expect([second.chargeId, third.chargeId]).toEqual([first.chargeId, first.chargeId]);
    expect(third.qrcode.qrcode).toBe(first.qrcode.qrcode);
    expect(asaas.paymentsCreated() - created).toBe(1);
  });

  it('pays the invoice with an older charge (its QR expired, a new one issued), exactly once', async () => {
    const { admin, companyId, invoice } = await overdueInvoice('Antigua');
    asaas.qrExpiresAt = '2020-01-01 00:00:00';
    const older = await pagar(admin, invoice.id);
    asaas.qrExpiresAt = '2099-12-31 23:59:59';
    const newer = await pagar(admin, invoice.id);
    expect(newer.chargeId).not.toBe(older.chargeId);
    const reference = `${companyId}-${invoice.id}`;

    // A charge for less than the invoice pays nothing; nor does one not issued for it.
    expect((await notify(older.chargeId, reference, invoice.value - 1)).status).toBe(200);
    expect((await notify('pay_stranger', reference, invoice.value)).status).toBe(200);
    const open = await admin.get<InvoicePage>('/invoices/all');
    expect(open.body.invoices.find((i) => i.id === invoice.id)?.status).toBe('open');
    const dueBefore = (await root.get<{ dueDate: string }>(`/companies/${companyId}`)).body.dueDate;

    // The payer scanned the older QR: the invoice is paid.
    expect((await notify(older.chargeId, reference, invoice.value)).status).toBe(200);
    const paid = await admin.get<InvoicePage>('/invoices/all');
    expect(paid.body.invoices.find((i) => i.id === invoice.id)?.status).toBe('paid');
    const extended = (await root.get<{ dueDate: string }>(`/companies/${companyId}`)).body.dueDate;
    expect(extended > dueBefore).toBe(true);
    // The newer charge paid too (or the older notified again): the due date moves once only.
    expect((await notify(newer.chargeId, reference, invoice.value)).status).toBe(200);
    expect((await notify(older.chargeId, reference, invoice.value)).status).toBe(200);
    expect((await root.get<{ dueDate: string }>(`/companies/${companyId}`)).body.dueDate).toBe(extended);
  });
  it('the super user switches back to the sandbox (PAGAR works without Asaas) and removes the token; an admin may do neither', async () => {
    const { admin, invoice } = await overdueInvoice('Vuelve');
    expect((await admin.put('/settings/paymentProvider', { value: 'sandbox' })).status).toBe(403);
    expect((await admin.put('/settings/asaas', { value: '' })).status).toBe(403);
    try {
      expect((await root.put('/settings/paymentProvider', { value: 'sandbox' })).status).toBe(200);
      // The token is still saved, yet the sandbox answers: no call reaches Asaas.
      const created = asaas.paymentsCreated();
      const charge = await pagar(admin, invoice.id);
      expect(charge.provider).toBe('sandbox');
      expect(asaas.paymentsCreated()).toBe(created);
      const removed = await root.put<{ key: string; value: string }>('/settings/asaas', { value: '' });
      expect(removed.body).toEqual({ key: 'asaas', value: '' });
      const settings = await root.get<{ key: string; value: string }[]>('/settings');
      expect(settings.body.find((setting) => setting.key === 'asaas')).toBeUndefined();
      expect(settings.body).toContainEqual({ key: 'paymentProvider', value: 'sandbox' });
    } finally {
      expect((await root.put('/settings/asaas', { value: asaasToken })).status).toBe(200);
      expect((await root.put('/settings/paymentProvider', { value: 'asaas' })).status).toBe(200);
    }
  });
});
