import { describe, expect, it } from 'vitest';
import { dashboardQuerySchema } from '@atende/shared/entities/dashboard';
import { csvField } from '../src/domain/csv.ts';
import { attendantsCsv, attendantsCsvFileName } from '../src/domain/dashboard/attendants-csv.ts';
import { blockDays, blocksContaining, blocksCovering, splitIncrement } from '../src/domain/dashboard/blocks.ts';
import { addDays, daysFromTo, localDayHour } from '../src/domain/dashboard/calendar.ts';
import {
  attendantRows,
  averageMinutes,
  averageRating,
  bucketFields,
  dashboardAnswer,
  isOnline,
  periodTotals,
  ticketsDayAnswer,
  ticketsUsersAnswer,
  type DayBucket,
} from '../src/domain/dashboard/figures.ts';
import {
  closesConversation,
  conversationStep,
  firstResponseIncrement,
  firstResponseOf,
  leadIncrement,
  liveDelta,
  openStartStep,
  startsConversation,
  takesTicket,
  timelineIncrement,
  waitStartStep,
  type TimelineEvent,
  type WalkStep,
} from '../src/domain/dashboard/metrics.ts';
import { checkedPeriod, periodOfQuery } from '../src/domain/dashboard/period.ts';

const saoPaulo = 'America/Sao_Paulo';
const minute = 60_000;

let seq = 0;
function ev(action: TimelineEvent['action'], at: string, fields: Partial<TimelineEvent> = {}): TimelineEvent {
  seq += 1;
  return { companyId: 1, ticketId: 1, at, seq: `s${String(seq).padStart(4, '0')}`, action, toStatus: 'open', ...fields };
}

/** Walks a list (newest first) the way the aggregator walks the table. */
function walk<T>(events: TimelineEvent[], step: WalkStep<T>): T | null {
  for (const event of events) {
    const answer = step(event);
    if (answer !== 'continue') return answer;
  }
  return null;
}

describe('dashboard calendar', () => {
  it('puts an instant in the company day and hour slot of its own zone', () => {
    // 02:30 UTC is still the evening before in São Paulo (UTC-3).
    expect(localDayHour('2025-03-11T02:30:00.000Z', saoPaulo)).toEqual({ day: '2025-03-10', hour: '23' });
    expect(localDayHour('2025-03-11T03:00:00.000Z', saoPaulo)).toEqual({ day: '2025-03-11', hour: '00' });
    expect(localDayHour('2025-03-11T03:00:00.000Z', 'UTC')).toEqual({ day: '2025-03-11', hour: '03' });
    // Madrid changes clocks on 2025-03-30: 01:30 UTC is 03:30 local.
    expect(localDayHour('2025-03-30T01:30:00.000Z', 'Europe/Madrid')).toEqual({ day: '2025-03-30', hour: '03' });
    expect(localDayHour('2025-03-29T23:30:00.000Z', 'Europe/Madrid')).toEqual({ day: '2025-03-30', hour: '00' });
  });

  it('adds and lists calendar days across months and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -89)).toBe('2024-10-04');
    expect(daysFromTo('2024-12-30', '2025-01-02')).toEqual(['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-02']);
    expect(daysFromTo('2025-01-02', '2025-01-01')).toEqual([]);
  });
});

describe('agent blocks', () => {
  it('puts a day in one aligned block of each size', () => {
    // 2025-03-10 is day 20157 since 1970-01-01: 20157 = 64 × 314 + 61 = 16 × 1259 + 13 = 4 × 5039 + 1.
    expect(blocksContaining('2025-03-10')).toEqual([
      { size: 64, start: addDays('2025-03-10', -61) },
      { size: 16, start: addDays('2025-03-10', -13) },
      { size: 4, start: '2025-03-09' },
      { size: 1, start: '2025-03-10' },
    ]);
    for (const block of blocksContaining('2025-03-10')) {
      const { from, to } = blockDays(block);
      expect(from <= '2025-03-10' && '2025-03-10' <= to).toBe(true);
    }
  });

  it('covers any period exactly with few blocks: at most 15 for 90 days and 21 for a year', () => {
    let worst90 = 0;
    let worstYear = 0;
    for (let offset = 0; offset < 400; offset += 1) {
      const from = addDays('2024-01-01', offset);
      for (const [length, track] of [
        [90, (n: number) => (worst90 = Math.max(worst90, n))],
        [366, (n: number) => (worstYear = Math.max(worstYear, n))],
      ] as const) {
        const period = { from, to: addDays(from, length - 1) };
        const blocks = blocksCovering(period);
        track(blocks.length);
        // Contiguous, in order, no gap and no overlap: every day counted once.
        const days = blocks.flatMap((block) => daysFromTo(blockDays(block).from, blockDays(block).to));
        expect(days).toEqual(daysFromTo(period.from, period.to));
        // Every block is one a day's figures were written to.
        for (const block of blocks) expect(blocksContaining(block.start)).toContainEqual(block);
      }
    }
    expect(worst90).toBeLessThanOrEqual(15);
    expect(worstYear).toBeLessThanOrEqual(21);
  });

  it("splits a day's increments: the day item without agents, the blocks without hour slots", () => {
    expect(splitIncrement({ day: '2025-03-10', fields: { st: 1, h09: 1, fin: 1, u7_fin: 1, supS: 5, u7_supS: 5 } })).toEqual({
      day: { st: 1, h09: 1, fin: 1, supS: 5 },
      block: { st: 1, fin: 1, u7_fin: 1, supS: 5, u7_supS: 5 },
    });
  });
});

describe('dashboard period', () => {
  const now = new Date('2025-03-11T02:30:00.000Z'); // 2025-03-10 23:30 in São Paulo

  it('reads days as that many calendar days ending today in the company zone', () => {
    expect(periodOfQuery({ days: 3 }, now, saoPaulo)).toEqual({ from: '2025-03-08', to: '2025-03-10' });
    expect(periodOfQuery({ days: 3 }, now, 'UTC')).toEqual({ from: '2025-03-09', to: '2025-03-11' });
    expect(periodOfQuery({ days: 90 }, now, saoPaulo)).toEqual({ from: '2024-12-11', to: '2025-03-10' });
    // A period wins over dates.
    expect(periodOfQuery({ days: 7, date_from: '2020-01-01', date_to: '2020-01-02' }, now, saoPaulo).to).toBe('2025-03-10');
    expect(periodOfQuery({ date_from: '2025-01-01', date_to: '2025-01-31' }, now, saoPaulo)).toEqual({ from: '2025-01-01', to: '2025-01-31' });
  });

  it('refuses a period that runs backwards, is longer than a year, or is missing', () => {
    expect(() => checkedPeriod('2025-02-01', '2025-01-31')).toThrow('ERR_VALIDATION');
    expect(checkedPeriod('2024-01-01', '2024-12-31')).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(() => checkedPeriod('2024-01-01', '2025-01-01')).toThrow('ERR_VALIDATION');
    expect(() => periodOfQuery({}, now, saoPaulo)).toThrow('ERR_VALIDATION');
  });

  it('validates the query with the shared schema', () => {
    expect(dashboardQuerySchema.safeParse({}).error?.issues[0]?.message).toBe('Parametriza el filtro');
    expect(dashboardQuerySchema.safeParse({ days: '0' }).success).toBe(false);
    expect(dashboardQuerySchema.safeParse({ days: '10' }).success).toBe(false);
    expect(dashboardQuerySchema.parse({ days: '90' })).toEqual({ days: 90 });
    expect(dashboardQuerySchema.safeParse({ date_from: '2025-01-01' }).success).toBe(false);
    expect(dashboardQuerySchema.safeParse({ date_from: '2025-01-01', date_to: 'x' }).success).toBe(false);
    expect(dashboardQuerySchema.parse({ date_from: '2025-01-01', date_to: '2025-01-31', companyId: '4' }).companyId).toBe(4);
  });
});

describe('dashboard timeline rules', () => {
  it('knows which moves start and end conversations and which take a waiting ticket', () => {
    expect(startsConversation(ev('create', 'x', { toStatus: 'pending' }))).toBe(true);
    expect(startsConversation(ev('inbound-reopen', 'x', { fromStatus: 'closed', toStatus: 'pending' }))).toBe(true);
    expect(startsConversation(ev('reopen', 'x', { fromStatus: 'closed', toStatus: 'open' }))).toBe(true);
    expect(startsConversation(ev('accept', 'x', { fromStatus: 'pending', toStatus: 'open' }))).toBe(false);
    expect(startsConversation(ev('rating', 'x', { toStatus: 'closed', rating: 3 }))).toBe(false);
    expect(closesConversation(ev('resolve', 'x', { fromStatus: 'open', toStatus: 'closed' }))).toBe(true);
    expect(closesConversation(ev('expire', 'x', { fromStatus: 'pending', toStatus: 'closed' }))).toBe(true);
    expect(closesConversation(ev('rating', 'x', { fromStatus: 'closed', toStatus: 'closed', rating: 2 }))).toBe(false);
    expect(takesTicket(ev('transfer', 'x', { fromStatus: 'pending', toStatus: 'open', toUserId: 3 }))).toBe(true);
    expect(takesTicket(ev('transfer', 'x', { fromStatus: 'open', toStatus: 'open', toUserId: 3 }))).toBe(false);
  });

  it('starts the wait when the ticket became pending, or when the chatbot queued it', () => {
    const created = ev('create', '2025-03-10T12:00:00.000Z', { toStatus: 'pending' });
    const queued = ev('chatbot-queue', '2025-03-10T12:02:00.000Z', { fromStatus: 'pending', toStatus: 'pending', toQueueId: 4 });
    const moved = ev('transfer', '2025-03-10T12:03:00.000Z', { fromStatus: 'pending', toStatus: 'pending', toQueueId: 5, actorId: 9 });
    expect(walk([moved, queued, created], waitStartStep)).toBe('2025-03-10T12:02:00.000Z');
    expect(walk([moved, created], waitStartStep)).toBe('2025-03-10T12:00:00.000Z');
    const returned = ev('return', '2025-03-10T13:00:00.000Z', { fromStatus: 'open', toStatus: 'pending' });
    const accepted = ev('accept', '2025-03-10T12:10:00.000Z', { fromStatus: 'pending', toStatus: 'open' });
    // After a return, the wait starts at the return, not at the first queueing.
    expect(walk([returned, accepted, queued, created], waitStartStep)).toBe('2025-03-10T13:00:00.000Z');
    // A timeline that does not end in pending has no wait to measure.
    expect(walk([accepted, created], waitStartStep)).toBeNull();
    expect(walk([], waitStartStep)).toBeNull();
  });

  it('starts the attendance at the move to open; transfers between agents and ratings do not restart it', () => {
    const created = ev('create', '2025-03-10T12:00:00.000Z', { toStatus: 'pending' });
    const accepted = ev('accept', '2025-03-10T12:10:00.000Z', { fromStatus: 'pending', toStatus: 'open', toUserId: 1 });
    const passed = ev('transfer', '2025-03-10T12:20:00.000Z', { fromStatus: 'open', toStatus: 'open', fromUserId: 1, toUserId: 2 });
    const rated = ev('rating', '2025-03-10T12:21:00.000Z', { fromStatus: 'open', toStatus: 'open', rating: 2, ratedUserId: 1 });
    expect(walk([rated, passed, accepted, created], openStartStep)).toBe('2025-03-10T12:10:00.000Z');
    const reopened = ev('reopen', '2025-03-11T09:00:00.000Z', { fromStatus: 'closed', toStatus: 'open', toUserId: 2 });
    expect(walk([reopened], openStartStep)).toBe('2025-03-11T09:00:00.000Z');
    expect(walk([created], openStartStep)).toBeNull();
  });

  it('finds the conversation of a message: the last close before it, or the first one', () => {
    const closed = ev('resolve', '2025-03-10T12:30:00.000Z', { fromStatus: 'open', toStatus: 'closed' });
    const reopened = ev('inbound-reopen', '2025-03-11T09:00:00.000Z', { fromStatus: 'closed', toStatus: 'pending' });
    expect(walk([reopened, closed], conversationStep)).toEqual({ key: `EV#${closed.at}#${closed.seq}`, after: closed.at });
    expect(walk([ev('create', '2025-03-10T12:00:00.000Z', { toStatus: 'pending' })], conversationStep)).toBeNull();
  });

  it('adds a close to its day with the support time for the agent who held the ticket', () => {
    const resolve = ev('resolve', '2025-03-11T02:30:00.000Z', { fromStatus: 'open', toStatus: 'closed', fromUserId: 7, toUserId: 7, actorId: 1 });
    expect(timelineIncrement(resolve, saoPaulo, { since: '2025-03-11T02:00:00.000Z' })).toEqual({
      day: '2025-03-10',
      fields: { fin: 1, u7_fin: 1, supS: 30 * minute, supN: 1, u7_supS: 30 * minute, u7_supN: 1 },
    });
    // Without the start of the attendance the close still counts, without a duration.
    expect(timelineIncrement(resolve, saoPaulo, { since: null })?.fields).toEqual({ fin: 1, u7_fin: 1 });
    // A pending ticket closed by an agent counts for that agent, with no support time.
    const closePending = ev('resolve', '2025-03-11T12:00:00.000Z', { fromStatus: 'pending', toStatus: 'closed', toUserId: 8, actorId: 8 });
    expect(timelineIncrement(closePending, saoPaulo)?.fields).toEqual({ fin: 1, u8_fin: 1 });
    // An inactivity close of an unattended ticket counts for nobody.
    const expired = ev('expire', '2025-03-11T12:00:00.000Z', { fromStatus: 'pending', toStatus: 'closed' });
    expect(timelineIncrement(expired, saoPaulo)?.fields).toEqual({ fin: 1 });
  });

  it('adds starts to their day and hour slot, takes with their wait, and valid ratings to the rated agent', () => {
    const create = ev('create', '2025-03-10T23:30:00.000Z', { toStatus: 'pending' });
    expect(timelineIncrement(create, saoPaulo)).toEqual({ day: '2025-03-10', fields: { st: 1, h20: 1 } });
    const accept = ev('accept', '2025-03-10T23:45:00.000Z', { fromStatus: 'pending', toStatus: 'open', toUserId: 3 });
    expect(timelineIncrement(accept, saoPaulo, { since: create.at })?.fields).toEqual({ waitS: 15 * minute, waitN: 1 });
    const rating = ev('rating', '2025-03-11T01:00:00.000Z', { fromStatus: 'closed', toStatus: 'closed', rating: 2, ratedUserId: 3 });
    expect(timelineIncrement(rating, saoPaulo)).toEqual({ day: '2025-03-10', fields: { u3_rateS: 2, u3_rateN: 1 } });
    // Outside 1..3, or with nobody to rate: nothing.
    expect(timelineIncrement({ ...rating, rating: 5 }, saoPaulo)).toBeUndefined();
    expect(timelineIncrement({ ...rating, rating: 2.5 }, saoPaulo)).toBeUndefined();
    expect(timelineIncrement({ ...rating, ratedUserId: undefined }, saoPaulo)).toBeUndefined();
    // A transfer between agents adds nothing.
    expect(timelineIncrement(ev('transfer', create.at, { fromStatus: 'open', toStatus: 'open' }), saoPaulo)).toBeUndefined();
  });

  it('finds the first agent reply after the customer first wrote', () => {
    const messages = [
      { id: 'a0', createdAt: '2025-03-10T11:59:00.000Z', fromMe: true, userId: 3 }, // the agent wrote first
      { id: 'bot', createdAt: '2025-03-10T12:00:00.000Z', fromMe: true }, // the chatbot, no user
      { id: 'c1', createdAt: '2025-03-10T12:01:00.000Z', fromMe: false },
      { id: 'c2', createdAt: '2025-03-10T12:02:00.000Z', fromMe: false },
      { id: 'p1', createdAt: '2025-03-10T12:03:00.000Z', fromMe: true }, // from the phone itself, no user
      { id: 'a1', createdAt: '2025-03-10T12:05:30.000Z', fromMe: true, userId: 4 },
      { id: 'a2', createdAt: '2025-03-10T12:06:00.000Z', fromMe: true, userId: 3 },
    ];
    const response = firstResponseOf(messages);
    expect(response).toEqual({
      customerMessageId: 'c1',
      customerAt: '2025-03-10T12:01:00.000Z',
      responseMessageId: 'a1',
      responseAt: '2025-03-10T12:05:30.000Z',
      userId: 4,
    });
    expect(firstResponseIncrement(response!, saoPaulo)).toEqual({
      day: '2025-03-10',
      fields: { frtS: 4.5 * minute, frtN: 1, u4_frtS: 4.5 * minute, u4_frtN: 1 },
    });
    expect(firstResponseOf(messages.slice(0, 5))).toBeUndefined();
  });

  it('counts contacts but not groups as leads, and moves the live counters by status', () => {
    expect(leadIncrement({ createdAt: '2025-03-11T02:00:00.000Z' }, saoPaulo)).toEqual({ day: '2025-03-10', fields: { leads: 1 } });
    expect(leadIncrement({ createdAt: '2025-03-11T02:00:00.000Z', isGroup: true }, saoPaulo)).toBeUndefined();
    expect(liveDelta(undefined, 'pending')).toEqual({ pending: 1 });
    expect(liveDelta('pending', 'open')).toEqual({ pending: -1, open: 1 });
    expect(liveDelta('open', 'closed')).toEqual({ open: -1 });
    expect(liveDelta('open', undefined)).toEqual({ open: -1 });
    expect(liveDelta('closed', undefined)).toBeUndefined();
    expect(liveDelta('open', 'open')).toBeUndefined();
  });
});

describe('dashboard figures', () => {
  const now = new Date('2025-03-11T12:00:00.000Z');
  const users = [
    { id: 12, name: 'Bruno', online: true, lastSeenAt: '2025-03-11T11:56:00.000Z' },
    { id: 11, name: 'Ana', online: true, lastSeenAt: '2025-03-11T11:50:00.000Z' },
    { id: 13, name: 'Carla' },
  ];
  const buckets: DayBucket[] = [
    { day: '2025-03-10', fields: { st: 2, h09: 1, h20: 1, fin: 1, supS: 30 * minute, supN: 1, waitS: 185 * minute, waitN: 2, leads: 2, u11_fin: 1, u11_supS: 30 * minute, u11_supN: 1, u11_rateS: 3, u11_rateN: 1 } },
    { day: '2025-03-11', fields: { st: 3, fin: 2, supS: 120 * minute, supN: 2, waitS: 34 * minute, waitN: 2, frtS: 6 * minute, frtN: 1, leads: 1, u12_fin: 2, u12_supS: 120 * minute, u12_supN: 2, u12_rateS: 1, u12_rateN: 1, u99_fin: 4 } },
  ];

  it('reads the numbers of a raw item', () => {
    expect(bucketFields({ pk: 'C#1#DASH', sk: 'DAY#x', companyId: 1, day: '2025-03-10', st: 2, u4_fin: 1, __edb_e__: 'dashboardDay' })).toEqual({ st: 2, u4_fin: 1 });
  });

  it('averages in minutes and ratings within 1..3', () => {
    expect(averageMinutes(90 * minute, 4)).toBe(22.5);
    expect(averageMinutes(minute, 3)).toBe(0.33);
    expect(averageMinutes(0, 0)).toBe(0);
    expect(averageRating(5, 2)).toBe(2.5);
    expect(averageRating(0, 0)).toBeNull();
  });

  it('tells online users by their last announcement', () => {
    expect(isOnline(users[0]!, now)).toBe(true);
    expect(isOnline({ id: 1, name: 'x', online: true, lastSeenAt: '2025-03-11T11:53:59.000Z' }, now)).toBe(false);
    expect(isOnline(users[2]!, now)).toBe(false);
  });

  it('answers the counters and attendants of a period', () => {
    const answer = dashboardAnswer(periodTotals(buckets), { open: 2, pending: -1 }, users, now);
    expect(answer.counters).toEqual({
      supportHappening: 2,
      supportPending: 0,
      supportFinished: 3,
      leads: 3,
      avgSupportTime: 50,
      avgWaitTime: 54.75,
      avgFirstResponseTime: 6,
    });
    expect(answer.attendants).toEqual([
      { id: 11, name: 'Ana', rating: 3, avgSupportTime: 30, tickets: 1, online: false },
      { id: 12, name: 'Bruno', rating: 1, avgSupportTime: 60, tickets: 2, online: true },
      { id: 13, name: 'Carla', rating: null, avgSupportTime: 0, tickets: 0, online: false },
    ]);
  });

  it('answers tickets per user, most first, without users that are gone', () => {
    expect(ticketsUsersAnswer(periodTotals(buckets), users)).toEqual({
      data: [
        { nome: 'Bruno', quantidade: 2 },
        { nome: 'Ana', quantidade: 1 },
      ],
    });
  });

  it('answers tickets per day with zeros, or per hour slot for one day', () => {
    expect(ticketsDayAnswer(buckets, { from: '2025-03-09', to: '2025-03-11' })).toEqual({
      data: [
        { data: '2025-03-09', total: 0 },
        { data: '2025-03-10', total: 2 },
        { data: '2025-03-11', total: 3 },
      ],
      count: 5,
    });
    const hours = ticketsDayAnswer(buckets, { from: '2025-03-10', to: '2025-03-10' });
    expect(hours.data).toHaveLength(24);
    expect(hours.data.filter((row) => row.total > 0)).toEqual([
      { horario: '09', total: 1 },
      { horario: '20', total: 1 },
    ]);
    expect(hours.count).toBe(2);
  });

  it('exports the attendants as ; separated Spanish columns', () => {
    const csv = attendantsCsv(attendantRows(periodTotals(buckets), [...users, { id: 14, name: '=Ana; "la jefa"' }], now));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\n')).toEqual([
      'Nombre;Conversaciones finalizadas;Tiempo medio de atención (min);Tiempo medio de primera respuesta (min);Valoración media (1 a 3);Valoraciones;En línea',
      `"'=Ana; ""la jefa""";0;0;0;;0;No`,
      'Ana;1;30;0;3;1;No',
      'Bruno;2;60;0;1;1;Sí',
      'Carla;0;0;0;;0;No',
      '',
    ]);
    expect(csvField('a;b')).toBe('"a;b"');
    expect(attendantsCsvFileName({ from: '2025-03-01', to: '2025-03-11' })).toBe('atendentes_2025-03-01_2025-03-11.csv');
  });
});
