import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recurringSchedules } from '../../src/manifest.ts';
import { type ApiClient } from './support/api-client.ts';
import { agentOf } from './support/people.ts';
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

type InvoicePage = {
  invoices: { id: number; detail: string; value: number; dueDate: string; status: string }[];
  hasMore: boolean;
};

const invoiceRun = recurringSchedules.find((schedule) => schedule.name === 'invoice-run')!;

/** Messages still waiting in (or being handled from) the billing queue. */
async function billingBacklog(): Promise<number> {
  return env.runtime.queue.heldCount('billing');
}

/**
 * The invoice run delivered three times at once: the recurring schedule fired twice (made due
 * now, twice) and one duplicate delivery, all held until they are queued, then consumed.
 */
async function runInvoicesThreeTimes(): Promise<void> {
  await env.runtime.queue.pauseConsumer('billing');
  expect(await env.runtime.scheduler.runNow(invoiceRun.name)).toBe(true);
  await until(async () => ((await billingBacklog()) >= 1 ? true : undefined), 'first run queued');
  expect(await env.runtime.scheduler.runNow(invoiceRun.name)).toBe(true);
  await until(async () => ((await billingBacklog()) >= 2 ? true : undefined), 'second run queued');
  await env.runtime.queue.send('billing', { body: invoiceRun.body });
  env.runtime.queue.resumeConsumer('billing');
  await until(async () => ((await billingBacklog()) === 0 ? true : undefined), 'the runs consumed', 30_000);
}

describe('invoices', () => {
  it('creates one invoice per company and period, even when the run is delivered three times', async () => {
    const admin = env.client();
    const { companyId } = await signUpCompany(admin, 'Factura');
    const farAdmin = env.client();
    const far = await signUpCompany(farAdmin, 'Lejana');
    expect((await root.put(`/companies/${far.companyId}`, { dueDate: '2099-12-31' })).status).toBe(200);
    const company = await root.get<{ dueDate: string; planId: number }>(`/companies/${companyId}`);
    const plan = await root.get<{ name: string; value: number }>(`/plans/${company.body.planId}`);

    await runInvoicesThreeTimes();

    const page = await admin.get<InvoicePage>('/invoices/all?pageNumber=1');
    expect(page.status).toBe(200);
    expect(page.body.hasMore).toBe(false);
    expect(page.body.invoices).toEqual([
      expect.objectContaining({
        id: Number(company.body.dueDate.replaceAll('-', '')),
        value: plan.body.value,
        dueDate: company.body.dueDate,
        status: 'open',
        detail: expect.stringContaining(plan.body.name),
      }),
    ]);
    // A due date far ahead is not invoiced yet.
    expect((await farAdmin.get<InvoicePage>('/invoices/all')).body.invoices).toEqual([]);
    // The schedule carries on with its period (rate(1 hour)).
    const [timer] = await env.timers(invoiceRun.name);
    expect(timer?.atMs).toBeGreaterThan(Date.now() + 50 * 60_000);

    // Search filters by the invoice's text.
    expect((await admin.get<InvoicePage>('/invoices/all?searchParam=zzz-none')).body.invoices).toEqual([]);
  });

  it('invoices a company past its due date, which may still read its invoices (not 402); agents may not', async () => {
    const admin = env.client();
    const { companyId } = await signUpCompany(admin, 'Atrasada');
    const { agent } = await agentOf(admin, companyId, `cobro${companyId}`);
    expect((await root.put(`/companies/${companyId}`, { dueDate: '2020-01-31' })).status).toBe(200);

    await runInvoicesThreeTimes();

    const page = await admin.get<InvoicePage>('/invoices/all');
    expect(page.status).toBe(200);
    expect(page.body.invoices.map((invoice) => [invoice.id, invoice.dueDate, invoice.status])).toEqual([
      [20200131, '2020-01-31', 'open'],
    ]);
    expect((await admin.get('/tags')).status).toBe(402);
    expect((await agent.get('/invoices/all')).status).toBe(403);
  });
});
