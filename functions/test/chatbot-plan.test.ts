import { describe, expect, it } from 'vitest';
import { parseRating } from '../src/domain/chatbot/answers.ts';
import {
  awaitingRating,
  needsAutomation,
  planInbound,
  planRatingAnswer,
  plannedTimers,
  type AutomationContext,
  type AutomationTicket,
  type BotData,
} from '../src/domain/chatbot/automation-plan.ts';
import { queueMenuText, ratingRequestText } from '../src/domain/chatbot/texts.ts';
import { ticketTimerBodySchema, ticketTimerName, timerVerdict } from '../src/domain/chatbot/timers.ts';

const monday15h = new Date('2024-05-06T15:00:00Z'); // 12:00 in São Paulo
const mondayNight = new Date('2024-05-07T00:00:00Z'); // Monday 21:00 in São Paulo
const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((weekdayEn) => ({ weekdayEn, startTime: '08:00', endTime: '18:00' }));

function contextWith(overrides: { settings?: Partial<AutomationContext['settings']>; connection?: AutomationContext['connection'] } = {}): AutomationContext {
  return {
    settings: {
      scheduleType: 'disabled',
      sendGreetingMessageOneQueues: false,
      userRating: false,
      sendGreetingAccepted: false,
      sendMsgTransfTicket: false,
      ...overrides.settings,
    },
    connection: { greetingMessage: 'Hola, elija:', outOfHoursMessage: 'Estamos cerrados', queueIds: [1, 2], maxUseBotQueues: 3, ...overrides.connection },
    companyHours: weekdays,
    timeZone: 'America/Sao_Paulo',
  };
}

const data: BotData = {
  queues: [
    { id: 1, name: 'Ventas', outOfHoursMessage: 'Ventas cerrado', schedules: weekdays },
    { id: 2, name: 'Soporte' },
  ],
  options: () => [],
};
const pending: AutomationTicket = { status: 'pending' };

describe('rating answers', () => {
  it.each([
    ['1', 1],
    ['2', 2],
    ['3', 3],
    [' 2 ', 2],
    ['*3*', 3],
    ['2️⃣', 2],
    ['2.', 2],
    ['0', undefined],
    ['4', undefined],
    ['5', undefined],
    ['-1', undefined],
    ['2.5', undefined],
    ['10', undefined],
    ['dos', undefined],
    ['2 gracias', undefined],
    ['NaN', undefined],
    ['', undefined],
  ])('%j → %j', (text, expected) => {
    expect(parseRating(text)).toBe(expected);
  });

  it('stores 1-3, asks again once on anything else, then ends the wait', () => {
    const connection = { complationMessage: 'Gracias por escribirnos', ratingMessage: '¿Cómo le atendimos?' };
    expect(planRatingAnswer({ ratingAsks: 1, ratingUserId: 7 }, '3', connection)).toEqual({
      outcome: { kind: 'rated', rating: 3, ratedUserId: 7 },
      replies: ['Gracias por escribirnos'],
    });
    expect(planRatingAnswer({ ratingAsks: 1, ratingUserId: 7 }, 'excelente', connection)).toEqual({
      outcome: { kind: 'reask' },
      replies: [ratingRequestText('¿Cómo le atendimos?')],
    });
    expect(planRatingAnswer({ ratingAsks: 2, ratingUserId: 7 }, '5', connection)).toEqual({ outcome: { kind: 'end' }, replies: ['Gracias por escribirnos'] });
    // Without a completion message, a rating is thanked and an ended wait says nothing.
    expect(planRatingAnswer({ ratingAsks: 1 }, '1', {}).replies).toEqual(['¡Gracias por su calificación!']);
    expect(planRatingAnswer({ ratingAsks: 2 }, 'x', {}).replies).toEqual([]);
  });

  it('asks with the connection text or ours, always with the 1-3 scale', () => {
    expect(ratingRequestText(null)).toBe(
      'Por favor, califique nuestra atención respondiendo solo con un número:\n\n*1* - Insatisfecho\n*2* - Satisfecho\n*3* - Muy satisfecho',
    );
    expect(ratingRequestText('¿Qué tal?')).toMatch(/^¿Qué tal\?\n\n\*1\* - Insatisfecho/);
  });

  it('waits only while closed and before the deadline', () => {
    const ratingAt = '2024-05-06T15:30:00.000Z';
    expect(awaitingRating({ status: 'closed', ratingAt }, monday15h)).toBe(true);
    expect(awaitingRating({ status: 'closed', ratingAt }, new Date('2024-05-06T15:31:00Z'))).toBe(false);
    expect(awaitingRating({ status: 'pending', ratingAt }, monday15h)).toBe(false);
    expect(awaitingRating({ status: 'closed' }, monday15h)).toBe(false);
  });
});

describe('what a customer message needs', () => {
  it.each<[string, AutomationTicket, AutomationContext, boolean]>([
    ['pending without queue on a connection with queues', pending, contextWith(), true],
    ['pending in a queue, no hours, no walk', { status: 'pending', queueId: 1 }, contextWith(), false],
    ['pending in a queue while walking its options', { status: 'pending', queueId: 1, botStage: 'options' }, contextWith(), true],
    ['pending, no queues, opening hours on', pending, contextWith({ settings: { scheduleType: 'company' }, connection: { queueIds: [] } }), true],
    ['pending, nothing configured', pending, contextWith({ connection: { queueIds: [] } }), false],
    ['pending without queue, auto-transfer configured', pending, contextWith({ connection: { timeToTransfer: 5, transferQueueId: 2 } }), true],
    ['open with an inactivity limit', { status: 'open', userId: 3 }, contextWith({ connection: { expiresTicket: 10 } }), true],
    ['open without one', { status: 'open', userId: 3 }, contextWith(), false],
    ['a group chat', { status: 'pending', isGroup: true }, contextWith(), false],
    ['closed, waiting for a rating', { status: 'closed', ratingAt: '2024-05-06T15:30:00.000Z' }, contextWith(), true],
    ['closed', { status: 'closed' }, contextWith(), false],
  ])('%s: %s', (_name, ticket, context, expected) => {
    expect(needsAutomation(ticket, context, monday15h)).toBe(expected);
  });
});

describe('planning one customer message', () => {
  it('sends the menu to a new pending ticket and arms the transfer timer', () => {
    const plan = planInbound(pending, 'hola', contextWith({ connection: { greetingMessage: 'Hola, elija:', queueIds: [1, 2], timeToTransfer: 5, transferQueueId: 2 } }), data, monday15h);
    expect(plan.replies).toEqual([queueMenuText('Hola, elija:', data.queues)]);
    expect(plan.bot).toMatchObject({ chatbot: true, state: { stage: 'menu', uses: 1 } });
    expect(plan.timers).toEqual({ transfer: new Date('2024-05-06T15:05:00Z'), expire: null });
  });

  it('answers out of the company hours once per closed period, without the menu', () => {
    const context = contextWith({ settings: { scheduleType: 'company' } });
    const first = planInbound(pending, 'hola', context, data, mondayNight);
    expect(first).toMatchObject({ replies: ['Estamos cerrados'], outOfHoursPeriod: 'company:2024-05-07T08:00' });
    expect(first.bot).toBeUndefined();
    const again = planInbound({ ...pending, outOfHoursPeriod: first.outOfHoursPeriod! }, '¿hola?', context, data, new Date('2024-05-07T02:00:00Z'));
    expect(again.replies).toEqual([]);
    // The next night is another closed period: answered again.
    const nextNight = planInbound({ ...pending, outOfHoursPeriod: first.outOfHoursPeriod! }, 'hola', context, data, new Date('2024-05-08T00:00:00Z'));
    expect(nextNight.replies).toEqual(['Estamos cerrados']);
  });

  it('runs the bot within the company hours', () => {
    const plan = planInbound(pending, 'hola', contextWith({ settings: { scheduleType: 'company' } }), data, monday15h);
    expect(plan.bot?.chatbot).toBe(true);
  });

  it('answers a pending ticket in a closed queue with the queue text, once per period (scheduleType queue)', () => {
    const context = contextWith({ settings: { scheduleType: 'queue' } });
    const inQueue: AutomationTicket = { status: 'pending', queueId: 1 };
    const first = planInbound(inQueue, 'hola', context, data, mondayNight);
    expect(first).toMatchObject({ replies: ['Ventas cerrado'], outOfHoursPeriod: 'queue:1:2024-05-07T08:00', queueId: 1 });
    expect(planInbound({ ...inQueue, outOfHoursPeriod: first.outOfHoursPeriod! }, 'hola', context, data, mondayNight).replies).toEqual([]);
    expect(planInbound(inQueue, 'hola', context, data, monday15h).replies).toEqual([]);
  });

  it('only re-arms the inactivity timer of an open ticket', () => {
    const plan = planInbound({ status: 'open', userId: 3, queueId: 1 }, 'hola', contextWith({ connection: { expiresTicket: 10 } }), data, monday15h);
    expect(plan).toEqual({ replies: [], timers: { transfer: null, expire: new Date('2024-05-06T15:10:00Z') } });
  });

  it('takes a rating answer on a closed ticket waiting for it', () => {
    const plan = planInbound({ status: 'closed', ratingAt: '2024-05-06T15:30:00.000Z', ratingAsks: 1, ratingUserId: 9 }, '2', contextWith(), data, monday15h);
    expect(plan.rating).toEqual({ kind: 'rated', rating: 2, ratedUserId: 9 });
    expect(plan.timers).toBeUndefined();
  });

  it('leaves group chats alone', () => {
    expect(planInbound({ status: 'pending', isGroup: true }, 'hola', contextWith(), data, monday15h)).toEqual({ replies: [] });
  });
});

describe('timers', () => {
  it('plans auto-transfer only for pending tickets without queue or agent, inactivity only for open ones', () => {
    const connection = { timeToTransfer: 5, transferQueueId: 2, expiresTicket: 30 };
    expect(plannedTimers({ status: 'pending' }, connection, monday15h)).toEqual({ transfer: new Date('2024-05-06T15:05:00Z'), expire: null });
    expect(plannedTimers({ status: 'pending', queueId: 1 }, connection, monday15h)).toEqual({ transfer: null, expire: null });
    expect(plannedTimers({ status: 'open', userId: 1 }, connection, monday15h)).toEqual({ transfer: null, expire: new Date('2024-05-06T15:30:00Z') });
    expect(plannedTimers({ status: 'pending' }, { timeToTransfer: 5 }, monday15h).transfer).toBeNull();
    expect(plannedTimers({ status: 'open', isGroup: true }, connection, monday15h).expire).toBeNull();
  });

  it('names timers within EventBridge Scheduler rules', () => {
    const name = ticketTimerName(123456789, 9876543210, 'transfer');
    expect(name).toMatch(/^[0-9a-zA-Z\-_.]{1,64}$/);
    expect(name).toBe('c123456789-t9876543210-transfer');
  });

  it.each<[string, string | undefined, Date, 'act' | 'reschedule' | 'stale']>([
    ['its own deadline', '2024-05-06T15:05:00.000Z', monday15h, 'act'],
    ['cancelled', undefined, monday15h, 'stale'],
    ['moved later by activity', '2024-05-06T15:20:00.000Z', monday15h, 'reschedule'],
    ['another deadline already due', '2024-05-06T14:00:00.000Z', monday15h, 'act'],
  ])('a timer whose ticket holds %s: %s', (_name, recorded, now, verdict) => {
    expect(timerVerdict({ at: '2024-05-06T15:05:00.000Z' }, recorded, now)).toBe(verdict);
  });

  it('parses only well-formed timer bodies', () => {
    expect(ticketTimerBodySchema.safeParse({ type: 'ticketTimer', companyId: 1, ticketId: 2, kind: 'expire', at: 'x' }).success).toBe(true);
    expect(ticketTimerBodySchema.safeParse({ type: 'ticketTimer', companyId: 1, ticketId: 2, kind: 'nap', at: 'x' }).success).toBe(false);
  });
});
