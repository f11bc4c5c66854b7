/**
 * A webhook whose receiver fails for days is disabled, once, with a notice to the admins
 * (docs/decisions.md, "A webhook failing for days is disabled"). A fake failing receiver; the
 * local runtime's clock is moved three days on (ATENDE_CLOCK_OFFSET_MS, ports/clock.ts) rather
 * than waited for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import type { ApiClient } from './support/api-client.ts';
import { listen } from './support/live.ts';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { connectSandbox, customerWrites } from './support/sandbox.ts';
import { until } from './support/until.ts';

let env: TestRuntime;
let receiver: WebhookReceiver;

type Webhook = {
  id: number;
  enabled: boolean;
  failingSince: string | null;
  disabledAt: string | null;
  disabledReason: string | null;
  secret?: string;
};
type Delivery = { id: string; status: string; error: string | null };

const threeDaysAndAMinute = 3 * 86_400_000 + 60_000;

beforeAll(async () => {
  process.env.WEBHOOK_RETRY_BASE_SECONDS = '1';
  receiver = await startWebhookReceiver();
  env = await startTestRuntime();
});
afterAll(async () => {
  delete process.env.ATENDE_CLOCK_OFFSET_MS;
  delete process.env.WEBHOOK_RETRY_BASE_SECONDS;
  await env?.stop();
  await receiver?.close();
});

const webhookOf = async (admin: ApiClient, id: number) => (await admin.get<Webhook>(`/webhooks/${id}`)).body;
const deliveriesOf = async (admin: ApiClient, id: number) =>
  (await admin.get<{ deliveries: Delivery[] }>(`/webhooks/${id}/deliveries`)).body.deliveries;
const disabledNotices = (address: string) =>
  env.mailsTo(address).filter((mail) => mail.includes('Subject: Webhook desactivado'));

describe('a webhook failing for days', () => {
  it('is disabled once by concurrent failing deliveries, the admins told once each; re-enabled, a success ends a new streak', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Receptor caido');
    const whatsappId = await connectSandbox(admin);
    const second = await agentOf(admin, company.companyId, 'segundo-admin', { profile: 'admin' });
    const secondEmail = `segundo-admin-${company.companyId}@example.com`;
    const agent = await agentOf(admin, company.companyId, 'agente-webhook');
    const agentEmail = `agente-webhook-${company.companyId}@example.com`;
    const adminLive = await listen(admin);
    const agentLive = await listen(agent.agent);

    const path = `/dying-${company.companyId}`;
    receiver.answer(path, 503);
    const created = await admin.post<Webhook>('/webhooks', {
      name: 'CRM caido',
      url: `${receiver.origin}${path}`,
      events: ['message.created'],
    });
    expect(created.status).toBe(201);
    const hook = created.body;
    expect(hook).toMatchObject({ enabled: true, failingSince: null, disabledAt: null, disabledReason: null });

    // The first failure starts the streak; the webhook stays enabled.
    await customerWrites(admin, whatsappId, { from: '5511966660001', id: `WD-${company.companyId}-1`, body: 'uno' });
    const failing = await until(async () => {
      const current = await webhookOf(admin, hook.id);
      return current.failingSince ? current : undefined;
    }, 'the streak recorded');
    expect(failing.enabled).toBe(true);
    expect(Math.abs(Date.parse(failing.failingSince!) - Date.now())).toBeLessThan(60_000);

    // More deliveries fail and wait for their retries; three days later (the clock moved) their
    // retries fail about at once, and one of them disables the webhook.
    await Promise.all(
      [2, 3, 4].map((n) =>
        customerWrites(admin, whatsappId, {
          from: `551196666000${n}`,
          id: `WD-${company.companyId}-${n}`,
          body: `mensaje ${n}`,
        }),
      ),
    );
    await until(async () => {
      const list = await deliveriesOf(admin, hook.id);
      return list.length >= 4 && list.every((delivery) => delivery.status !== 'pending') ? list : undefined;
    }, 'four deliveries tried and failed once at least');
    expect((await webhookOf(admin, hook.id)).enabled).toBe(true);
    process.env.ATENDE_CLOCK_OFFSET_MS = String(threeDaysAndAMinute);
    try {
      const disabled = await until(async () => {
        const current = await webhookOf(admin, hook.id);
        return current.disabledAt ? current : undefined;
      }, 'the webhook disabled', 30_000);
      expect(disabled).toMatchObject({ enabled: false, disabledReason: 'failing', failingSince: failing.failingSince });
      expect(Date.parse(disabled.disabledAt!) - Date.parse(failing.failingSince!)).toBeGreaterThanOrEqual(3 * 86_400_000);

      // Every delivery ends (the attempts after the disabling are not made), and then the count of notices is final.
      await until(async () => {
        const list = await deliveriesOf(admin, hook.id);
        return list.length >= 4 && list.every((delivery) => delivery.status === 'failed') ? list : undefined;
      }, 'every delivery ended', 40_000);
      expect((await deliveriesOf(admin, hook.id)).some((delivery) => delivery.error === 'disabled')).toBe(true);
    } finally {
      delete process.env.ATENDE_CLOCK_OFFSET_MS;
    }
    expect(disabledNotices(company.admin.email)).toHaveLength(1);
    expect(disabledNotices(secondEmail)).toHaveLength(1);
    expect(disabledNotices(agentEmail)).toHaveLength(0);
    const mail = disabledNotices(company.admin.email)[0]!;
    expect(mail).toContain('"CRM caido"');
    expect(mail).not.toContain(receiver.origin);
    expect(second.user).toBeTruthy();

    // The admins' screens hear it live; agents do not, and no frame carries the secret.
    await until(
      async () =>
        adminLive.frames.find(
          (frame) =>
            frame.event === 'webhook' &&
            (frame.data.webhook as Webhook | undefined)?.disabledReason === 'failing',
        ),
      "the admin's live webhook event",
    );
    expect(agentLive.frames.some((frame) => frame.event === 'webhook')).toBe(false);
    const secret = (await admin.post<{ secret: string }>(`/webhooks/${hook.id}/secret`)).body.secret;
    expect(JSON.stringify(adminLive.frames)).not.toContain(secret);
    adminLive.socket.close();
    agentLive.socket.close();

    // Re-enabled: a fresh start (no streak, no notice shown).
    const reenabled = await admin.put<Webhook>(`/webhooks/${hook.id}`, { enabled: true });
    expect(reenabled.body).toMatchObject({ enabled: true, failingSince: null, disabledAt: null, disabledReason: null });

    // A new failure starts a new streak; a delivered attempt ends it.
    await customerWrites(admin, whatsappId, { from: '5511966660005', id: `WD-${company.companyId}-5`, body: 'cinco' });
    await until(async () => ((await webhookOf(admin, hook.id)).failingSince ? true : undefined), 'a new streak');
    receiver.answer(path, 200);
    await customerWrites(admin, whatsappId, { from: '5511966660006', id: `WD-${company.companyId}-6`, body: 'seis' });
    const healthy = await until(async () => {
      const current = await webhookOf(admin, hook.id);
      return current.failingSince === null ? current : undefined;
    }, 'the streak ended by a success', 30_000);
    expect(healthy).toMatchObject({ enabled: true, disabledAt: null });
    // No second notice came of any of it.
    expect(disabledNotices(company.admin.email)).toHaveLength(1);
  }, 120_000);
});
