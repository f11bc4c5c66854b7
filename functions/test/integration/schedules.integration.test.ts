import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client.ts';
import { signUpCompany, startTestRuntime, superUser, type TestRuntime } from './support/runtime.ts';
import { agentOf } from './support/people.ts';
import { listen, type LiveFrame } from './support/live.ts';
import { connectSandbox, customerWrites, outboxOf, pendingTicketsOf } from './support/sandbox.ts';
import { until } from './support/until.ts';

/**
 * Scheduled messages (docs/decisions.md, "Scheduled messages"): the routes, their timers, and
 * sending exactly once through the sandbox.
 */
let env: TestRuntime;

beforeAll(async () => {
  env = await startTestRuntime();
});
afterAll(async () => env?.stop());

type Schedule = {
  id: number;
  body: string;
  contactId: number;
  contact: { id: number; name: string; number: string } | null;
  sendAt: string;
  sentAt: string | null;
  status: string;
  errorReason: string | null;
  mediaPath: string | null;
  mediaName: string | null;
  userId: number | null;
  ticketId: number | null;
};

const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const hoursAhead = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

async function contactOf(admin: ApiClient, name: string, number: string): Promise<number> {
  const created = await admin.post<{ id: number }>('/contacts', { name, number });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

async function createSchedule(admin: ApiClient, fields: Record<string, unknown>): Promise<Schedule> {
  const created = await admin.post<Schedule>('/schedules', fields);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function uploadTo(admin: ApiClient, path: string, file: Blob, name: string) {
  const form = new FormData();
  form.append('file', file, name);
  const answer = await fetch(`${env.runtime.url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token!}` },
    body: form,
  });
  return { status: answer.status, body: (await answer.json()) as Schedule & { error?: string } };
}

const timerOf = async (companyId: number, id: number) => env.timers(`c${companyId}-schedule-${id}`);

/**
 * Fires a schedule's timer now, as if its time had come, plus `extra` firings of the same body
 * under other timer names (a timer fired twice) and a redelivery of the queue message, all at once.
 */
async function fireManyTimes(companyId: number, id: number, extra: number): Promise<void> {
  const [timer] = await timerOf(companyId, id);
  expect(timer, 'the schedule timer').toBeDefined();
  const { name, queueName, body } = timer!;
  await Promise.all([
    env.runtime.scheduler.schedule({ name, at: new Date(), queueName, body }),
    ...Array.from({ length: extra }, (_, i) =>
      env.runtime.scheduler.schedule({ name: `${name}-again${i}`, at: new Date(), queueName, body }),
    ),
    env.runtime.queue.send(queueName, { body }),
  ]);
}

describe('schedules', () => {
  it('creates, lists, moves, attaches and deletes, each with its timer, and validates as core §5', async () => {
    const admin = env.client();
    const { companyId, user } = await signUpCompany(admin, 'Agenda');
    const ana = await contactOf(admin, 'Ana Agenda', '5511970000001');
    const bruno = await contactOf(admin, 'Bruno Agenda', '5511970000002');

    const short = await admin.post<{ error: string; issues: { path: string; message: string }[] }>(
      '/schedules',
      { body: 'hola', contactId: ana, sendAt: hoursAhead(1) },
    );
    expect(short.status).toBe(400);
    expect(short.body.issues).toContainEqual({ path: 'body', message: 'Mensaje muy corto' });
    const missing = await admin.post<{ issues: { path: string; message: string }[] }>('/schedules', {
      body: 'hola mundo',
      sendAt: '',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'contactId', message: 'Obligatorio' },
        { path: 'sendAt', message: 'Obligatorio' },
      ]),
    );
    expect(
      (await admin.post('/schedules', { body: 'hola mundo', contactId: 999_999, sendAt: hoursAhead(1) }))
        .body,
    ).toEqual({ error: 'ERR_NO_CONTACT_FOUND' });

    const sendAt = hoursAhead(24);
    const schedule = await createSchedule(admin, { body: 'Recordatorio de la cita', contactId: ana, sendAt });
    expect(schedule).toMatchObject({
      status: 'PENDENTE',
      contactId: ana,
      contact: { name: 'Ana Agenda' },
      sentAt: null,
      userId: user.id,
      sendAt,
    });
    const [timer] = await timerOf(companyId, schedule.id);
    expect(timer).toMatchObject({
      name: `c${companyId}-schedule-${schedule.id}`,
      atMs: Date.parse(sendAt),
      queueName: 'scheduled-messages',
    });
    const other = await createSchedule(admin, {
      body: 'Otro recordatorio',
      contactId: bruno,
      sendAt: hoursAhead(2),
    });

    const all = await admin.get<{ schedules: Schedule[]; hasMore: boolean }>('/schedules');
    expect(all.body.hasMore).toBe(false);
    // In send order.
    expect(all.body.schedules.map((s) => s.id)).toEqual([other.id, schedule.id]);
    const forAna = await admin.get<{ schedules: Schedule[] }>(`/schedules?contactId=${ana}`);
    expect(forAna.body.schedules.map((s) => s.id)).toEqual([schedule.id]);

    const movedAt = hoursAhead(48);
    const moved = await admin.put<Schedule>(`/schedules/${schedule.id}`, {
      sendAt: movedAt,
      body: 'Recordatorio movido',
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ sendAt: movedAt, body: 'Recordatorio movido', status: 'PENDENTE' });
    expect((await timerOf(companyId, schedule.id)).map((t) => t.atMs)).toEqual([Date.parse(movedAt)]);
    expect((await admin.put(`/schedules/${schedule.id}`, { body: 'abc' })).status).toBe(400);

    const text = await uploadTo(
      admin,
      `/schedules/${schedule.id}/media-upload`,
      new Blob(['no es imagen'], { type: 'image/png' }),
      'falsa.png',
    );
    expect(text.status).toBe(415);
    const image = await uploadTo(
      admin,
      `/schedules/${schedule.id}/media-upload`,
      new Blob([onePixelPng], { type: 'image/png' }),
      'foto.png',
    );
    expect(image.status).toBe(200);
    expect(image.body).toMatchObject({ mediaName: 'foto.png' });
    expect(image.body.mediaPath).toMatch(/^http/);
    const removed = await admin.delete<Schedule>(`/schedules/${schedule.id}/media-upload`);
    expect(removed.body).toMatchObject({ mediaName: null, mediaPath: null });

    expect((await admin.delete(`/schedules/${schedule.id}`)).status).toBe(204);
    expect((await admin.get(`/schedules/${schedule.id}`)).status).toBe(404);
    expect(await timerOf(companyId, schedule.id)).toEqual([]);
  });

  it("sends a schedule fired twice and redelivered once, on the contact's open ticket, and refuses to edit it after", async () => {
    const admin = env.client();
    const { companyId } = await signUpCompany(admin, 'Una vez');
    const whatsappId = await connectSandbox(admin);
    const number = '5511970000011';
    await customerWrites(admin, whatsappId, { from: number, name: 'Carla', body: 'hola', id: 'ONCE-IN-1' });
    const [ticket] = await pendingTicketsOf<{ id: number; contactId: number }>(admin, [number]);
    const schedule = await createSchedule(admin, {
      body: 'Su pedido está listo',
      contactId: ticket!.contactId,
      sendAt: hoursAhead(1),
    });
    // Its own timer made due now, two more firings and a redelivery of the queue message.
    await fireManyTimes(companyId, schedule.id, 2);

    await until(
      async () => ((await outboxOf(admin, whatsappId, number)).length > 0 ? true : undefined),
      'the scheduled message sent',
    );
    const sent = await until(async () => {
      const read = await admin.get<Schedule>(`/schedules/${schedule.id}`);
      return read.body.status === 'ENVIADA' ? read.body : undefined;
    }, 'ENVIADA');
    expect(sent.ticketId).toBe(ticket!.id);
    expect(sent.sentAt).not.toBeNull();
    // Every delivery had its chance to act (they run within a second of each other).
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await outboxOf(admin, whatsappId, number)).map((m) => m.body)).toEqual(['Su pedido está listo']);
    const messages = await admin.get<{ messages: { body: string; fromMe: boolean }[] }>(
      `/messages/${ticket!.id}`,
    );
    expect(messages.body.messages.filter((m) => m.fromMe).map((m) => m.body)).toEqual([
      'Su pedido está listo',
    ]);

    const edit = await admin.put(`/schedules/${schedule.id}`, { body: 'Cambio tardío' });
    expect(edit.status).toBe(409);
    expect(edit.body).toEqual({ error: 'ERR_SCHEDULE_ALREADY_SENT' });
  });

  it('opens a ticket on the default connection for a contact without one', async () => {
    const admin = env.client();
    const { companyId } = await signUpCompany(admin, 'Nuevo ticket');
    const whatsappId = await connectSandbox(admin);
    const number = '5511970000021';
    const contactId = await contactOf(admin, 'Diego', number);
    const schedule = await createSchedule(admin, {
      body: 'Bienvenido a la tienda',
      contactId,
      sendAt: hoursAhead(1),
    });
    await env.fireTimersNow(`c${companyId}-schedule-${schedule.id}`);
    const sent = await until(async () => {
      const read = await admin.get<Schedule>(`/schedules/${schedule.id}`);
      return read.body.status === 'ENVIADA' ? read.body : undefined;
    }, 'ENVIADA');
    const opened = await admin.get<{ id: number; contactId: number; whatsappId: number; status: string }>(
      `/tickets/${sent.ticketId}`,
    );
    expect(opened.body).toMatchObject({ contactId, whatsappId, status: 'open' });
    await until(
      async () => ((await outboxOf(admin, whatsappId, number)).length > 0 ? true : undefined),
      'the message sent',
    );
  });

  it('goes to the contact it names when fired, when the contact was changed after its timer was set', async () => {
    const admin = env.client();
    const { companyId } = await signUpCompany(admin, 'Contacto cambiado');
    const whatsappId = await connectSandbox(admin);
    const first = '5511970000031';
    const second = '5511970000032';
    const firstId = await contactOf(admin, 'Elena', first);
    const secondId = await contactOf(admin, 'Fabio', second);
    const schedule = await createSchedule(admin, {
      body: 'Para quien corresponda',
      contactId: firstId,
      sendAt: hoursAhead(1),
    });
    // The send time stays: the timer keeps the first contact; the fire reads the schedule's.
    const changed = await admin.put<Schedule>(`/schedules/${schedule.id}`, { contactId: secondId });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.contactId).toBe(secondId);
    await env.fireTimersNow(`c${companyId}-schedule-${schedule.id}`);
    const sent = await until(async () => {
      const read = await admin.get<Schedule>(`/schedules/${schedule.id}`);
      return read.body.status === 'ENVIADA' ? read.body : undefined;
    }, 'ENVIADA');
    const opened = await admin.get<{ contactId: number }>(`/tickets/${sent.ticketId}`);
    expect(opened.body.contactId).toBe(secondId);
    await until(
      async () => ((await outboxOf(admin, whatsappId, second)).length > 0 ? true : undefined),
      'the message sent to the second contact',
    );
    expect(await outboxOf(admin, whatsappId, first)).toEqual([]);
  });

  it('ends ERRO, never ENVIADA, when WhatsApp refuses the message it was handed (sandbox: a 999 number)', async () => {
    const admin = env.client();
    const { companyId } = await signUpCompany(admin, 'Envío fallido');
    // Made before the connection exists, so no number check refuses it (docs/sandbox.md).
    const contactId = await contactOf(admin, 'Gema', '9995511970000061');
    const whatsappId = await connectSandbox(admin);
    const live = await listen(admin);
    try {
      const schedule = await createSchedule(admin, {
        body: 'No llegará nunca',
        contactId,
        sendAt: hoursAhead(1),
      });
      await env.fireTimersNow(`c${companyId}-schedule-${schedule.id}`);
      const failed = await until(async () => {
        const read = await admin.get<Schedule>(`/schedules/${schedule.id}`);
        return read.body.status === 'ERRO' ? read.body : undefined;
      }, 'ERRO');
      expect(failed).toMatchObject({ errorReason: 'ERR_SENDING_WAPP_MSG', sentAt: null });
      expect(failed.ticketId).not.toBeNull();
      const messages = await admin.get<{ messages: { body: string; error?: string | null }[] }>(
        `/messages/${failed.ticketId}`,
      );
      expect(messages.body.messages.find((m) => m.body === 'No llegará nunca')?.error).toBe(
        'ERR_SENDING_WAPP_MSG',
      );
      expect(await outboxOf(admin, whatsappId, '9995511970000061')).toEqual([]);
      // Every status the calendar was told, in order: pending, handed over, then failed; never
      // sent. The refusal may be recorded before the hand-over is (the connector answers at once),
      // and then the schedule goes from PENDENTE straight to ERRO (data/schedules.ts, AP-SC-7).
      const statuses = await until(async () => {
        const told = live.frames
          .filter(
            (f) => f.event === 'schedule' && (f.data.schedule as Schedule | undefined)?.id === schedule.id,
          )
          .map((f) => (f.data.schedule as Schedule).status);
        return told.at(-1) === 'ERRO' ? told : undefined;
      }, 'the ERRO event');
      expect(statuses).not.toContain('ENVIADA');
      const moves = statuses.filter((status, i) => status !== statuses[i - 1]);
      expect([
        ['PENDENTE', 'AGENDADA', 'ERRO'],
        ['PENDENTE', 'ERRO'],
      ]).toContainEqual(moves);
    } finally {
      live.socket.close();
    }
  });

  it('records ERRO with its reason when there is no connection to send on, and an edit makes it pending again', async () => {
    const admin = env.client();
    const { companyId } = await signUpCompany(admin, 'Sin conexión');
    const contactId = await contactOf(admin, 'Elena', '5511970000031');
    const schedule = await createSchedule(admin, { body: 'Nunca llegará', contactId, sendAt: hoursAhead(1) });
    await env.fireTimersNow(`c${companyId}-schedule-${schedule.id}`);
    const failed = await until(async () => {
      const read = await admin.get<Schedule>(`/schedules/${schedule.id}`);
      return read.body.status === 'ERRO' ? read.body : undefined;
    }, 'ERRO');
    expect(failed).toMatchObject({ errorReason: 'ERR_NO_DEF_WAPP_FOUND', sentAt: null });
    const retried = await admin.put<Schedule>(`/schedules/${schedule.id}`, { sendAt: hoursAhead(3) });
    expect(retried.body).toMatchObject({ status: 'PENDENTE', errorReason: null });
    expect(await timerOf(companyId, schedule.id)).toHaveLength(1);
  });

  it('tells every user of the company about a schedule made, moved and deleted by another, and no other company', async () => {
    const admin = env.client();
    const { companyId } = await signUpCompany(admin, 'Agenda en vivo');
    const ana = await agentOf(admin, companyId, 'ana');
    const outsider = env.client();
    await signUpCompany(outsider, 'Agenda ajena');
    const [anaLive, outsiderLive] = [await listen(ana.agent), await listen(outsider)];
    try {
      const contactId = await contactOf(admin, 'Fabio', '5511970000041');
      const scheduleEvents = (frames: LiveFrame[]) => frames.filter((f) => f.event === 'schedule');
      const created = await createSchedule(admin, {
        body: 'Recordatorio de cita',
        contactId,
        sendAt: hoursAhead(2),
      });
      const made = await until(
        async () =>
          scheduleEvents(anaLive.frames).find(
            (f) => f.data.action === 'create' && (f.data.schedule as Schedule).id === created.id,
          ),
        'the create at Ana',
      );
      expect(made.data.schedule).toMatchObject({
        id: created.id,
        body: 'Recordatorio de cita',
        status: 'PENDENTE',
        contact: { name: 'Fabio' },
        mediaPath: null,
      });
      const later = hoursAhead(5);
      expect((await admin.put(`/schedules/${created.id}`, { sendAt: later })).status).toBe(200);
      await until(
        async () =>
          scheduleEvents(anaLive.frames).find(
            (f) =>
              f.data.action === 'update' &&
              (f.data.schedule as Schedule).id === created.id &&
              Date.parse((f.data.schedule as Schedule).sendAt) === Date.parse(later),
          ),
        'the move at Ana',
      );
      expect((await admin.delete(`/schedules/${created.id}`)).status).toBe(204);
      await until(
        async () =>
          scheduleEvents(anaLive.frames).find(
            (f) => f.data.action === 'delete' && f.data.scheduleId === created.id,
          ),
        'the delete at Ana',
      );
      // The outsider's own change arrives after the three above: events go out in order, so by
      // the time it is heard nothing of the other company's is still on its way.
      const own = await contactOf(outsider, 'Propio', '5511970000042');
      const mine = await createSchedule(outsider, {
        body: 'Mi propia agenda',
        contactId: own,
        sendAt: hoursAhead(2),
      });
      await until(
        async () =>
          scheduleEvents(outsiderLive.frames).find(
            (f) => (f.data.schedule as Schedule | undefined)?.id === mine.id,
          ),
        "the outsider's own schedule",
      );
      expect(
        scheduleEvents(outsiderLive.frames).filter(
          (f) =>
            (f.data.schedule as Schedule | undefined)?.body === 'Recordatorio de cita' ||
            f.data.scheduleId === created.id,
        ),
      ).toEqual([]);
    } finally {
      for (const live of [anaLive, outsiderLive]) live.socket.close();
    }
  });

  it("keeps to the plan's schedules limit, and refuses everything to a plan without schedules", async () => {
    const root = env.client();
    await root.login(superUser.email, superUser.password);
    const stamp = Date.now();
    const companyOn = async (label: string, plan: Record<string, unknown>) => {
      const created = await root.post<{ id: number }>('/plans', {
        name: `${label} ${stamp}`,
        users: 3,
        connections: 1,
        queues: 2,
        value: 10,
        ...plan,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const email = `${label.replace(/ /g, '-').toLowerCase()}-${stamp}@example.com`;
      expect(
        (
          await root.post('/companies', {
            name: `${label} ${stamp}`,
            email,
            password: 'secret1',
            planId: created.body.id,
          })
        ).status,
      ).toBe(201);
      const client = env.client();
      expect((await client.login(email, 'secret1')).status).toBe(200);
      return client;
    };

    const limited = await companyOn('Dos agendas', { schedules: 2 });
    const contactId = await contactOf(limited, 'Fabio', '5511970000041');
    const first = await createSchedule(limited, {
      body: 'Primero programado',
      contactId,
      sendAt: hoursAhead(1),
    });
    await createSchedule(limited, { body: 'Segundo programado', contactId, sendAt: hoursAhead(2) });
    const third = await limited.post('/schedules', {
      body: 'Tercero programado',
      contactId,
      sendAt: hoursAhead(3),
    });
    expect(third.status).toBe(403);
    expect(third.body).toEqual({ error: 'ERR_SCHEDULE_LIMIT_REACHED' });
    // Deleting one frees its place.
    expect((await limited.delete(`/schedules/${first.id}`)).status).toBe(204);
    await createSchedule(limited, { body: 'Tercero programado', contactId, sendAt: hoursAhead(3) });

    const without = await companyOn('Sin agendas', { useSchedules: false });
    for (const [method, path, body] of [
      ['GET', '/schedules', undefined],
      ['GET', '/schedules/1', undefined],
      ['POST', '/schedules', { body: 'hola mundo', contactId: 1, sendAt: hoursAhead(1) }],
      ['PUT', '/schedules/1', { body: 'hola mundo' }],
      ['DELETE', '/schedules/1', undefined],
      ['DELETE', '/schedules/1/media-upload', undefined],
    ] as const) {
      const answer = await without.call(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
    }
  });
});
