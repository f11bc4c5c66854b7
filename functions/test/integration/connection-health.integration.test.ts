/**
 * Connections that tell you (issue #30; docs/decisions.md, "Connections that tell you"), through
 * the sandbox: a simulated drop stores its reason, a history event and one alert with exactly one
 * e-mail per admin (even when the stream delivers the change again); reconnecting closes it and
 * the history shows the disconnect's duration; a QR expiry raises `qr-required`; the silence
 * watch raises `silent` (a "minute" of the setting lasts 300 ms here: ATENDE_SILENCE_MINUTE_MS).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionAlert, ConnectionHistory } from '@atende/shared/entities/connection-health';
import type * as FollowModule from '../../src/modules/connection-health/follow.ts';
import { ConnectionDayTally } from '../../src/domain/connection-day-tally.ts';
import type * as WhatsappsModule from '../../src/data/whatsapps.ts';
import type { ApiClient } from './support/api-client.ts';
import { listen } from './support/live.ts';
import { agentOf } from './support/people.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { connectSandbox, customerWrites, outboxOf, pendingTicketsOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

let env: TestRuntime;
let follow: typeof FollowModule;
let whatsapps: typeof WhatsappsModule;

beforeAll(async () => {
  env = await startTestRuntime();
  follow = await import('../../src/modules/connection-health/follow.ts');
  whatsapps = await import('../../src/data/whatsapps.ts');
});
afterAll(async () => {
  delete process.env.ATENDE_SILENCE_MINUTE_MS;
  await env?.stop();
});

type Connection = { status: string; lastDisconnectAt: string | null; lastDisconnectReason: string | null; silenceMinutes: number };
const connectionOf = async (admin: ApiClient, id: number) => (await admin.get<Connection>(`/whatsapp/${id}`)).body;
const alertsOf = async (admin: ApiClient) => (await admin.get<ConnectionAlert[]>('/whatsapp/health/alerts')).body;
const alertMails = (address: string, name: string) =>
  env.mailsTo(address).filter((mail) => mail.includes(`Subject: Conexión ${name}:`));

describe('connection health through the sandbox', () => {
  it('a drop: reason stored, one alert, one e-mail per admin even when delivered twice; reconnect closes it with a duration', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Salud');
    const name = `Caida ${company.companyId}`;
    const whatsappId = await connectSandbox(admin, { name });
    await agentOf(admin, company.companyId, 'segundo-admin-salud', { profile: 'admin' });
    const secondEmail = `segundo-admin-salud-${company.companyId}@example.com`;
    const agent = await agentOf(admin, company.companyId, 'agente-salud');
    const agentEmail = `agente-salud-${company.companyId}@example.com`;
    const adminLive = await listen(admin);
    const agentLive = await listen(agent.agent);
    // A plain user may not read the alerts nor the history.
    expect((await agent.agent.get('/whatsapp/health/alerts')).status).toBe(403);
    expect((await agent.agent.get(`/whatsapp/${whatsappId}/history`)).status).toBe(403);

    expect((await admin.post(`/sandbox/${whatsappId}/drop`, { reason: 'replaced' })).status).toBe(202);
    const dropped = await until(async () => {
      const current = await connectionOf(admin, whatsappId);
      return current.lastDisconnectReason ? current : undefined;
    }, 'the disconnect recorded');
    expect(dropped).toMatchObject({ status: 'OPENING', lastDisconnectReason: 'replaced' });
    const [alert] = await until(async () => {
      const open = await alertsOf(admin);
      return open.length > 0 ? open : undefined;
    }, 'the alert');
    expect(alert).toEqual({ whatsappId, name, kind: 'drop', reason: 'replaced', openedAt: dropped.lastDisconnectAt });
    await until(async () => (alertMails(secondEmail, name).length > 0 ? true : undefined), 'the second admin mailed');
    await until(
      async () => (adminLive.frames.some((f) => f.event === 'connectionAlert' && f.data.action === 'create') ? true : undefined),
      'the live event',
    );

    // The stream delivers the same change again (twice): no second incident, no second e-mail.
    const item = (await whatsapps.getWhatsapp(company.companyId, whatsappId))!;
    const redelivered = {
      entity: 'whatsapp',
      kind: 'update' as const,
      oldItem: { ...item, status: 'CONNECTED', lastDisconnectAt: undefined, lastDisconnectReason: undefined },
      newItem: { ...item },
    };
    await follow.followConnectionHealth(redelivered, new ConnectionDayTally());
    await follow.followConnectionHealth(redelivered, new ConnectionDayTally());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(alertMails(company.admin.email, name)).toHaveLength(1);
    expect(alertMails(secondEmail, name)).toHaveLength(1);
    expect(alertMails(agentEmail, name)).toHaveLength(0);
    const mail = alertMails(company.admin.email, name)[0]!;
    expect(mail).toContain('se desconectó');
    expect(mail).toContain('la sesión se abrió en otro lugar');
    const token = (await admin.get<{ token: string }>(`/whatsapp/${whatsappId}`)).body.token;
    expect(mail).not.toContain(token);
    expect(await alertsOf(admin)).toHaveLength(1);
    expect(agentLive.frames.some((f) => f.event === 'connectionAlert')).toBe(false);

    // Back: the alert closes, the history holds the disconnect with its duration.
    expect((await admin.post(`/sandbox/${whatsappId}/restore`)).status).toBe(202);
    await until(async () => ((await alertsOf(admin)).length === 0 ? true : undefined), 'the alert closed');
    await until(
      async () => (adminLive.frames.some((f) => f.event === 'connectionAlert' && f.data.action === 'delete') ? true : undefined),
      'the closing live event',
    );
    const history = (await admin.get<ConnectionHistory>(`/whatsapp/${whatsappId}/history`)).body;
    expect(history.days).toHaveLength(30);
    expect(history.disconnects).toHaveLength(1);
    expect(history.disconnects[0]).toMatchObject({ at: dropped.lastDisconnectAt, kind: 'disconnected', reason: 'replaced' });
    expect(history.disconnects[0]!.durationMs).toBeGreaterThan(0);
    expect(history.uptimePercent).toBeGreaterThan(0);
    expect(history.uptimePercent).toBeLessThan(100);
    // Another company's admin does not reach it.
    const other = env.client();
    await signUpCompany(other, 'Otra salud');
    expect((await other.get(`/whatsapp/${whatsappId}/history`)).status).toBe(404);
    expect(await alertsOf(other)).toEqual([]);
    adminLive.socket.close();
    agentLive.socket.close();
  });

  it('a QR that expires unscanned raises qr-required', async () => {
    const admin = env.client();
    const company = await signUpCompany(admin, 'Salud QR');
    const name = `QR ${company.companyId}`;
    const created = await admin.post<{ id: number }>('/whatsapp', { name, provider: 'sandbox', isDefault: true });
    const id = created.body.id;
    await until(async () => ((await connectionOf(admin, id)).status === 'qrcode' ? true : undefined), 'the QR');
    expect((await admin.post(`/sandbox/${id}/expire-qr`)).status).toBe(202);
    const [alert] = await until(async () => {
      const open = await alertsOf(admin);
      return open.length > 0 ? open : undefined;
    }, 'the alert');
    expect(alert).toMatchObject({ whatsappId: id, kind: 'qr-required', reason: 'qr-expired' });
    expect((await connectionOf(admin, id)).status).toBe('TIMEOUT');
    await until(async () => (alertMails(company.admin.email, name).length === 1 ? true : undefined), 'the e-mail');
    expect(alertMails(company.admin.email, name)[0]).toContain('necesita un nuevo código QR');
  });

  it('the silence watch raises silent when nothing comes in, and a customer message ends it; messages counted per day', async () => {
    process.env.ATENDE_SILENCE_MINUTE_MS = '300';
    const admin = env.client();
    const company = await signUpCompany(admin, 'Salud silencio');
    const name = `Silencio ${company.companyId}`;
    // 4 "minutes" of 300 ms: silent after 1.2 s without inbound.
    const whatsappId = await connectSandbox(admin, { name, silenceMinutes: 4 });
    expect((await connectionOf(admin, whatsappId)).silenceMinutes).toBe(4);
    const [alert] = await until(async () => {
      const open = await alertsOf(admin);
      return open.length > 0 ? open : undefined;
    }, 'the silent alert');
    expect(alert).toMatchObject({ whatsappId, kind: 'silent', reason: null });
    await until(async () => (alertMails(company.admin.email, name).length === 1 ? true : undefined), 'the e-mail');
    expect(alertMails(company.admin.email, name)[0]).toContain('no recibe mensajes');

    await customerWrites(admin, whatsappId, { from: '5511955550001', id: `SIL-${company.companyId}-1`, body: 'hola' });
    await until(async () => ((await alertsOf(admin)).length === 0 ? true : undefined), 'the silence ended');
    const history = (await admin.get<ConnectionHistory>(`/whatsapp/${whatsappId}/history`)).body;
    expect(history.days.at(-1)!.in).toBe(1);
    // A reply counts out once, in the connector's mark of the send (not again by the stream).
    const today = async () => (await admin.get<ConnectionHistory>(`/whatsapp/${whatsappId}/history`)).body.days.at(-1)!;
    const [ticket] = await pendingTicketsOf<{ id: number }>(admin, ['5511955550001']);
    expect((await admin.put(`/tickets/${ticket!.id}`, { status: 'open' })).status).toBe(200);
    // Whatever the accept set off (nothing, by the company's defaults) is counted before we look.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = (await today()).out;
    expect((await admin.post(`/messages/${ticket!.id}`, { body: 'respuesta contada' })).status).toBe(201);
    await until(
      async () => ((await outboxOf(admin, whatsappId, '5511955550001')).some((item) => item.body === 'respuesta contada') ? true : undefined),
      'the reply sent',
    );
    await until(async () => ((await today()).out === before + 1 ? true : undefined), 'the reply counted out');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await today()).out).toBe(before + 1);
    // Silent again later: a new incident, a second e-mail.
    await until(async () => ((await alertsOf(admin)).length === 1 ? true : undefined), 'silent again');
    await until(async () => (alertMails(company.admin.email, name).length === 2 ? true : undefined), 'the second incident mailed');
    // Turned off: the open alert goes and none comes back.
    expect((await admin.put(`/whatsapp/${whatsappId}`, { silenceMinutes: 0 })).status).toBe(200);
    await until(async () => ((await alertsOf(admin)).length === 0 ? true : undefined), 'the watch off');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await alertsOf(admin)).toEqual([]);
    delete process.env.ATENDE_SILENCE_MINUTE_MS;
  });
});
