import type { SQSEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { alertMailRetryDelayMs } from '#domain/connection-health';

/**
 * An alert e-mail that fails is tried again from the timers queue (never by failing the stream
 * record that raised the alert), while its incident is open, sending only the missing mails.
 */
const state = vi.hoisted(() => ({
  failMail: 0,
  mailed: [] as string[],
  claimed: new Set<string>(),
  alertOpen: true,
  scheduled: [] as { name: string; at: Date; queueName: string; body: string }[],
}));
const alert = { companyId: 3, whatsappId: 5, kind: 'drop' as const, name: 'Ventas', reason: 'replaced' as const, openedAt: '2026-12-05T08:00:00.000Z' };

vi.mock('#data/connection-health', () => ({
  openConnectionAlert: vi.fn(async () => ({ alert, opened: true })),
  getConnectionAlert: vi.fn(async () => (state.alertOpen ? alert : null)),
  closeConnectionAlert: vi.fn(async () => true),
  claimAlertMail: vi.fn(async (_alert: unknown, userId: number) => {
    if (state.claimed.has(String(userId))) return false;
    state.claimed.add(String(userId));
    return true;
  }),
  releaseAlertMail: vi.fn(async (_alert: unknown, userId: number) => state.claimed.delete(String(userId))),
}));
vi.mock('#data/users', () => ({
  listCompanyUsers: vi.fn(async () => [
    { id: 1, profile: 'admin', email: 'ana@example.test' },
    { id: 2, profile: 'admin', email: 'beto@example.test' },
    { id: 3, profile: 'user', email: 'agente@example.test' },
  ]),
}));
vi.mock('#homes/adapters', () => ({
  mailPort: vi.fn(async () => ({
    send: async (mail: { to: string }) => {
      if (state.failMail > 0) {
        state.failMail -= 1;
        throw new Error('mail server down');
      }
      state.mailed.push(mail.to);
    },
  })),
  schedulerPort: vi.fn(async () => ({
    schedule: async (timer: { name: string; at: Date; queueName: string; body: string }) => state.scheduled.push(timer),
    cancel: async () => undefined,
  })),
}));

const { raiseConnectionAlert } = await import('../src/modules/connection-health/alerts.ts');
const { handler } = await import('../src/modules/timers/handler.ts');

const timerEvent = (body: string): SQSEvent => ({ Records: [{ messageId: 't-1', body }] }) as unknown as SQSEvent;

beforeEach(() => {
  Object.assign(state, { failMail: 0, mailed: [], claimed: new Set(), alertOpen: true, scheduled: [] });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('alert e-mails tried again', () => {
  it('waits 1, 2, 4 … 64 minutes, then gives up', () => {
    expect([1, 2, 3, 7].map(alertMailRetryDelayMs)).toEqual([60_000, 120_000, 240_000, 3_840_000]);
    expect(alertMailRetryDelayMs(8)).toBeNull();
  });

  it('a failed mail does not fail the alert: a retry is scheduled, and it sends only the missing mail', async () => {
    state.failMail = 1;
    await expect(raiseConnectionAlert({ ...alert })).resolves.toMatchObject({ kind: 'drop' });
    expect(state.mailed).toHaveLength(1);
    expect(state.scheduled).toHaveLength(1);
    const [retry] = state.scheduled;
    expect(retry).toMatchObject({ queueName: 'timers', name: 'c3-w5-alertmail-drop-1' });
    expect(JSON.parse(retry!.body)).toMatchObject({ type: 'connectionAlertMail', attempt: 1, openedAt: alert.openedAt });

    expect(await handler(timerEvent(retry!.body))).toEqual({ batchItemFailures: [] });
    expect(state.mailed.sort()).toEqual(['ana@example.test', 'beto@example.test']);
    expect(state.scheduled).toHaveLength(1);
  });

  it('a retry that fails again is scheduled once more; an incident already over mails nothing', async () => {
    state.failMail = 3;
    await raiseConnectionAlert({ ...alert });
    expect(state.mailed).toEqual([]);
    await handler(timerEvent(state.scheduled[0]!.body));
    expect(state.scheduled.map((timer) => JSON.parse(timer.body).attempt)).toEqual([1, 2]);

    expect(state.mailed).toHaveLength(1);
    state.alertOpen = false;
    await handler(timerEvent(state.scheduled[1]!.body));
    expect(state.mailed).toHaveLength(1);
    expect(state.scheduled).toHaveLength(2);
  });
});
