import { defaultTimeZone, weekdaysEn } from '@atende/shared/constants';
import { isKnownTimeZone, wallClockAt } from '@atende/shared/wall-clock';

/**
 * Opening hours (company or queue schedules, extended §3): is a place open at an instant in a
 * time zone, and if not, which closed period is it. Free of storage and of the process's own
 * time zone: every local time is computed with Intl for the company's zone.
 */

export interface HoursRow {
  weekdayEn: string;
  startTime: string;
  endTime: string;
}

export interface LocalTime {
  /** yyyy-MM-dd in the zone. */
  date: string;
  /** 0 Monday … 6 Sunday (the order of weekdaysEn). */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

export type OpeningState = { open: true } | { open: false; period: string };

const dayMinutes = 24 * 60;

/** The zone if Intl knows it, else the product's default (São Paulo). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  return isKnownTimeZone(timeZone) ? timeZone : defaultTimeZone;
}

function weekdayOfDate(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // getUTCDay: 0 Sunday … 6 Saturday; ours: 0 Monday … 6 Sunday.
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The wall-clock date, weekday and minute of an instant in a zone (the zone's formatter is kept:
 * every customer message asks whether the company is open).
 */
export function localTimeIn(instant: Date, timeZone: string): LocalTime {
  const clock = wallClockAt(instant, safeTimeZone(timeZone));
  const date = `${clock.year}-${String(clock.month).padStart(2, '0')}-${String(clock.day).padStart(2, '0')}`;
  return { date, weekday: weekdayOfDate(date), minutes: (clock.hour % 24) * 60 + clock.minute };
}

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/**
 * The open intervals of one weekday row, in minutes of that day. Equal start and end (the
 * product's 00:00-00:00) is closed all day; an end before the start runs past midnight, its
 * tail counted on the next day (see `openAt`).
 */
function interval(row: HoursRow | undefined): { start: number; end: number } | undefined {
  if (!row) return undefined;
  const start = minutesOf(row.startTime);
  const end = minutesOf(row.endTime);
  if (start === end) return undefined;
  return { start, end: end > start ? end : dayMinutes + end };
}

function rowFor(rows: readonly HoursRow[], weekday: number): HoursRow | undefined {
  return rows.find((row) => row.weekdayEn === weekdaysEn[weekday]);
}

function openAt(rows: readonly HoursRow[], local: LocalTime): boolean {
  const today = interval(rowFor(rows, local.weekday));
  if (today && local.minutes >= today.start && local.minutes < Math.min(today.end, dayMinutes)) return true;
  const yesterday = interval(rowFor(rows, (local.weekday + 6) % 7));
  return Boolean(yesterday && yesterday.end > dayMinutes && local.minutes < yesterday.end - dayMinutes);
}

/**
 * Open or closed at `instant`. No rows at all means no hours were set: always open. A weekday
 * without a row is closed. A closed answer names its period by the next opening
 * (`yyyy-MM-ddTHH:MM` local, or `never` within a week), so "once per closed period" is a
 * comparison of two strings.
 */
export function openingState(rows: readonly HoursRow[] | undefined, instant: Date, timeZone: string): OpeningState {
  if (!rows || rows.length === 0) return { open: true };
  const local = localTimeIn(instant, timeZone);
  if (openAt(rows, local)) return { open: true };
  for (let days = 0; days <= 7; days += 1) {
    const date = addDays(local.date, days);
    const row = rowFor(rows, weekdayOfDate(date));
    const open = interval(row);
    if (!row || !open) continue;
    if (days === 0 && open.start <= local.minutes) continue;
    return { open: false, period: `${date}T${row.startTime}` };
  }
  return { open: false, period: 'never' };
}
