/**
 * From day items and agent blocks to the dashboard's answers (docs/metrics.md): totals of a
 * period, averages in minutes, the attendants, tickets per user and per day or hour slot.
 */
import { userStatusIntervalMs } from '@atende/shared/constants';
import type {
  DashboardAnswer,
  DashboardAttendant,
  TicketsDayAnswer,
  TicketsUsersAnswer,
} from '@atende/shared/entities/dashboard';
import { daysFromTo, hourSlots } from './calendar.ts';
import type { DayPeriod } from './period.ts';
import { addFields, dayField, hourField, liveField, parseAgentField, type AgentMetric, type Fields } from './metrics.ts';

/** A day item as read from the table: its day and its numeric attributes. */
export interface DayBucket {
  day: string;
  fields: Fields;
}

/** What identifies a bucket item, not a figure. */
const identityAttributes = new Set(['companyId', 'size']);

/** The figures of a raw bucket item: its numbers (keys, markers, text and identity left out). */
export function bucketFields(item: Record<string, unknown>): Fields {
  const fields: Fields = {};
  for (const [name, value] of Object.entries(item)) {
    if (identityAttributes.has(name)) continue;
    if (typeof value === 'number' && Number.isFinite(value)) fields[name] = value;
  }
  return fields;
}

/** The sum of the items of a period (day items, or agent blocks). */
export function periodTotals(buckets: Iterable<{ fields: Fields }>): Fields {
  const totals: Fields = {};
  for (const bucket of buckets) addFields(totals, bucket.fields);
  return totals;
}

const msPerMinute = 60_000;

/** An average duration in minutes, two decimals; 0 when nothing was measured. */
export function averageMinutes(sumMs: number | undefined, count: number | undefined): number {
  if (!count || !sumMs || sumMs <= 0) return 0;
  return Math.round((sumMs / count / msPerMinute) * 100) / 100;
}

/** An average rating, two decimals within 1..3; null when never rated. */
export function averageRating(sum: number | undefined, count: number | undefined): number | null {
  if (!count || !sum) return null;
  return Math.min(3, Math.max(1, Math.round((sum / count) * 100) / 100));
}

/** Live counters are moved by the stream; they never read below zero. */
function nonNegative(value: number | undefined): number {
  return Math.max(0, Math.trunc(value ?? 0));
}

/** What the dashboard needs of a user. */
export interface AttendantUser {
  id: number;
  name: string;
  online?: boolean | undefined;
  lastSeenAt?: string | undefined;
}

/**
 * Online: the user's client announced itself (userStatus, sent on connecting and every 5
 * minutes) within the last interval plus a minute of slack.
 */
export function isOnline(user: AttendantUser, now: Date): boolean {
  if (!user.online || !user.lastSeenAt) return false;
  return now.getTime() - Date.parse(user.lastSeenAt) <= userStatusIntervalMs + 60_000;
}

/** Every agent's figures of a period (the sum of its agent blocks), by user id. */
export function agentTotals(totals: Fields): Map<number, Record<AgentMetric, number>> {
  const agents = new Map<number, Record<AgentMetric, number>>();
  for (const [name, value] of Object.entries(totals)) {
    const parsed = parseAgentField(name);
    if (!parsed) continue;
    let figures = agents.get(parsed.userId);
    if (!figures) {
      figures = { fin: 0, supS: 0, supN: 0, rateS: 0, rateN: 0, frtS: 0, frtN: 0 };
      agents.set(parsed.userId, figures);
    }
    figures[parsed.metric] += value;
  }
  return agents;
}

/** An attendant row, with the extra figures the CSV export carries. */
export interface AttendantRow extends DashboardAttendant {
  ratings: number;
  avgFirstResponseTime: number;
}

/** The company's users with their figures of the period, in name order. */
export function attendantRows(agentFields: Fields, users: readonly AttendantUser[], now: Date): AttendantRow[] {
  const agents = agentTotals(agentFields);
  return [...users]
    .sort((a, b) => a.name.localeCompare(b.name, 'es') || a.id - b.id)
    .map((user) => {
      const figures = agents.get(user.id);
      return {
        id: user.id,
        name: user.name,
        rating: averageRating(figures?.rateS, figures?.rateN),
        avgSupportTime: averageMinutes(figures?.supS, figures?.supN),
        tickets: figures?.fin ?? 0,
        online: isOnline(user, now),
        ratings: figures?.rateN ?? 0,
        avgFirstResponseTime: averageMinutes(figures?.frtS, figures?.frtN),
      };
    });
}

/**
 * GET /dashboard: the counters and the attendants of a period from its totals (the sum of the
 * blocks that cover it), with the live counts.
 */
export function dashboardAnswer(totals: Fields, live: Fields, users: readonly AttendantUser[], now: Date): DashboardAnswer {
  return {
    counters: {
      supportHappening: nonNegative(live[liveField.open]),
      supportPending: nonNegative(live[liveField.pending]),
      supportFinished: totals[dayField.finished] ?? 0,
      leads: totals[dayField.leads] ?? 0,
      avgSupportTime: averageMinutes(totals[dayField.supportSum], totals[dayField.supportCount]),
      avgWaitTime: averageMinutes(totals[dayField.waitSum], totals[dayField.waitCount]),
      avgFirstResponseTime: averageMinutes(totals[dayField.firstResponseSum], totals[dayField.firstResponseCount]),
    },
    attendants: attendantRows(totals, users, now).map(({ ratings: _ratings, avgFirstResponseTime: _frt, ...attendant }) => attendant),
  };
}

/**
 * GET /dashboard/ticketsUsers: conversations each user finished in the period, most first. Users
 * that no longer exist and closes without an agent are left out.
 */
export function ticketsUsersAnswer(agentFields: Fields, users: readonly AttendantUser[]): TicketsUsersAnswer {
  const agents = agentTotals(agentFields);
  return {
    data: users
      .map((user) => ({ nome: user.name, quantidade: agents.get(user.id)?.fin ?? 0 }))
      .filter((row) => row.quantidade > 0)
      .sort((a, b) => b.quantidade - a.quantidade || a.nome.localeCompare(b.nome, 'es')),
  };
}

/**
 * GET /dashboard/ticketsDay: conversations started per day of the period (every day, zeros
 * included), or per hour slot when the period is one day; `count` is their sum.
 */
export function ticketsDayAnswer(buckets: readonly DayBucket[], period: DayPeriod): TicketsDayAnswer {
  const byDay = new Map(buckets.map((bucket) => [bucket.day, bucket.fields]));
  const data =
    period.from === period.to
      ? hourSlots.map((hour) => ({ horario: hour, total: byDay.get(period.from)?.[hourField(hour)] ?? 0 }))
      : daysFromTo(period.from, period.to).map((day) => ({ data: day, total: byDay.get(day)?.[dayField.started] ?? 0 }));
  return { data, count: data.reduce((sum, row) => sum + row.total, 0) };
}
