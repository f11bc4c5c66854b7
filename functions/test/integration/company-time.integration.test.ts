import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallClockAt } from '@atende/shared/wall-clock';
import type { ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime, type TestRuntime } from './support/runtime.ts';
import { connectSandbox, customerWrites, outboxOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

/**
 * The company's time (docs/decisions.md, "Company time zone"): a send time in the past is
 * refused with ERR_TIME_IN_PAST (after a two-minute grace), and opening hours run on the zone
 * the company chose.
 */
let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const inPast = { status: 400, body: { error: 'ERR_TIME_IN_PAST' } };

async function contactOf(admin: ApiClient, name: string, number: string): Promise<number> {
  const created = await admin.post<{ id: number }>('/contacts', { name, number });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

describe('a send time in the past', () => {
  it('is refused for a scheduled message, created or moved; an unchanged or barely past one is not', async () => {
    const admin = env.client();
    await signUpCompany(admin, 'Hora pasada');
    const contactId = await contactOf(admin, 'Ana Pasado', '5511970001001');

    const past = await admin.post('/schedules', {
      body: 'Llega tarde',
      contactId,
      sendAt: minutesFromNow(-60),
    });
    expect({ status: past.status, body: past.body }).toEqual(inPast);
    // The case: a time meant for the company's evening, read three hours early.
    const shifted = await admin.post('/schedules', {
      body: 'Llega tarde',
      contactId,
      sendAt: minutesFromNow(-180),
    });
    expect({ status: shifted.status, body: shifted.body }).toEqual(inPast);
    expect((await admin.get<{ schedules: unknown[] }>('/schedules')).body.schedules).toEqual([]);

    // "This minute" from a picker without seconds, or a browser clock a little behind: accepted.
    const thisMinute = await admin.post('/schedules', {
      body: 'Ahora mismo',
      contactId,
      sendAt: minutesFromNow(-1),
    });
    expect(thisMinute.status, JSON.stringify(thisMinute.body)).toBe(201);

    const sendAt = minutesFromNow(120);
    const planned = await admin.post<{ id: number }>('/schedules', {
      body: 'Recordatorio',
      contactId,
      sendAt,
    });
    expect(planned.status).toBe(201);
    const moved = await admin.put(`/schedules/${planned.body.id}`, { sendAt: minutesFromNow(-30) });
    expect({ status: moved.status, body: moved.body }).toEqual(inPast);
    const kept = await admin.put<{ sendAt: string; body: string }>(`/schedules/${planned.body.id}`, {
      body: 'Recordatorio corregido',
      sendAt,
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ sendAt, body: 'Recordatorio corregido' });
  });

  it('is refused for a campaign, created or moved, and nothing is stored or started', async () => {
    const admin = env.client();
    await signUpCompany(admin, 'Campaña pasada');

    const past = await admin.post('/campaigns', { name: 'Promo tarde', scheduledAt: minutesFromNow(-180) });
    expect({ status: past.status, body: past.body }).toEqual(inPast);
    expect((await admin.get<{ records: unknown[] }>('/campaigns')).body.records).toEqual([]);

    const draft = await admin.post<{ id: number; status: string }>('/campaigns', { name: 'Promo borrador' });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const moved = await admin.put(`/campaigns/${draft.body.id}`, { scheduledAt: minutesFromNow(-60) });
    expect({ status: moved.status, body: moved.body }).toEqual(inPast);
    const stored = await admin.get<{ status: string; scheduledAt: string | null }>(
      `/campaigns/${draft.body.id}`,
    );
    expect(stored.body).toMatchObject({ status: 'INATIVA', scheduledAt: null });
  });
});

const weekdays = [
  ['sunday', 'Domingo'],
  ['monday', 'Segunda-feira'],
  ['tuesday', 'Terça-feira'],
  ['wednesday', 'Quarta-feira'],
  ['thursday', 'Quinta-feira'],
  ['friday', 'Sexta-feira'],
  ['saturday', 'Sábado'],
] as const;

/** Zones without summer time, spread around the clock. */
const zones = [
  'Pacific/Kiritimati',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Africa/Nairobi',
  'Africa/Abidjan',
  'America/Sao_Paulo',
  'America/Bogota',
  'Pacific/Honolulu',
];
const hourIn = (zone: string) => wallClockAt(Date.now(), zone).hour;

describe('opening hours in the zone the company chose', () => {
  it('open on the chosen zone’s clock, closed once the zone is changed to one where it is night', async () => {
    // A zone where it is day now and São Paulo's hour (the old fixed zone) falls outside the hours.
    const open = zones.find((zone) => {
      const hour = hourIn(zone);
      const paulo = hourIn('America/Sao_Paulo');
      return hour >= 6 && hour <= 17 && (paulo < hour - 2 || paulo >= hour + 3);
    })!;
    const from = hourIn(open) - 2;
    const to = hourIn(open) + 3;
    const closed = zones.find((zone) => hourIn(zone) < from || hourIn(zone) >= to)!;
    expect(open, 'a zone where it is day').toBeDefined();
    expect(closed, 'a zone where it is night').toBeDefined();
    const pad = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
    const hours = weekdays.map(([weekdayEn, weekday]) => ({
      weekday,
      weekdayEn,
      startTime: pad(from),
      endTime: pad(to),
    }));

    const admin = env.client();
    const { companyId } = await signUpCompany(admin, 'Horario zona');
    const queue = await admin.post<{ id: number }>('/queue', {
      name: 'Ventas',
      color: '#f44336',
      greetingMessage: 'Bienvenido a Ventas',
    });
    expect(queue.status).toBe(201);
    for (const [key, value] of [
      ['scheduleType', 'company'],
      ['timezone', open],
    ])
      expect((await admin.put(`/settings/${key}`, { value })).status).toBe(200);
    expect((await admin.put(`/companies/${companyId}/schedules`, { schedules: hours })).status).toBe(200);
    const wid = await connectSandbox(admin, {
      queueIds: [queue.body.id],
      outOfHoursMessage: 'Estamos fuera de horario',
    });

    const firstReply = async (number: string) => {
      await customerWrites(admin, wid, { from: number, name: 'Cliente', body: 'hola', id: `${number}-1` });
      return until(async () => (await outboxOf(admin, wid, number))[0]?.body, `the answer to ${number}`);
    };
    expect(await firstReply('5511970002001'), `${open} at ${hourIn(open)}h, hours ${from}-${to}`).toBe(
      'Bienvenido a Ventas',
    );

    expect((await admin.put('/settings/timezone', { value: closed })).status).toBe(200);
    expect(await firstReply('5511970002002'), `${closed} at ${hourIn(closed)}h, hours ${from}-${to}`).toBe(
      'Estamos fuera de horario',
    );
  });
});
