import type * as z from 'zod';
import { dashboardChartQuerySchema, dashboardQuerySchema } from '@atende/shared/entities/dashboard';
import type { Principal } from '#auth/principal';
import { dashboardDays, dashboardLive } from '#data/dashboard-aggregates';
import { AppError } from '#domain/app-error';
import { attendantsCsv, attendantsCsvFileName } from '#domain/dashboard/attendants-csv';
import { attendantRows, dashboardAnswer, ticketsDayAnswer, ticketsUsersAnswer } from '#domain/dashboard/figures';
import { checkedPeriod, periodOfQuery, type DayPeriod } from '#domain/dashboard/period';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { periodTotals, timeZoneOf, usersOf } from './period-reads.ts';

type DashboardQuery = z.output<typeof dashboardQuerySchema>;
type DashboardChartQuery = z.output<typeof dashboardChartQuerySchema>;

/** The figures always belong to the caller's company; naming another one is refused. */
function assertOwnCompany(principal: Principal, companyId: number | undefined): void {
  if (companyId !== undefined && companyId !== principal.companyId) throw new AppError('ERR_NO_PERMISSION');
}

/** The period a dashboard query names, in the company's time zone (the caller's company only). */
async function periodOfCompany(principal: Principal, query: DashboardQuery, now: Date): Promise<DayPeriod> {
  assertOwnCompany(principal, query.companyId);
  return periodOfQuery(query, now, await timeZoneOf(principal.companyId));
}

/** The days a chart query names (the caller's company only). */
function chartPeriod(principal: Principal, query: DashboardChartQuery): DayPeriod {
  assertOwnCompany(principal, query.companyId);
  return checkedPeriod(query.initialDate, query.finalDate, ['initialDate', 'finalDate']);
}

/**
 * Answers of GET /dashboard kept for a second per company and period: admins watching the same
 * dashboard (a wall screen, a team lead's tabs) share one read of the buckets, and every figure
 * there already trails the stream by about as much. Concurrent misses share one read.
 */
const answerFreshForMs = 1_000;
const keptAnswers = new Map<string, { at: number; answer: Promise<ReturnType<typeof dashboardAnswer>> }>();

function keptAnswer(key: string, read: () => Promise<ReturnType<typeof dashboardAnswer>>) {
  const now = Date.now();
  const kept = keptAnswers.get(key);
  if (kept && now - kept.at < answerFreshForMs) return kept.answer;
  for (const [oldKey, old] of keptAnswers) if (now - old.at >= answerFreshForMs) keptAnswers.delete(oldKey);
  const answer = read();
  keptAnswers.set(key, { at: now, answer });
  answer.catch(() => keptAnswers.delete(key));
  return answer;
}

/** The company's and the agents' figures of a period, and the company's users. */
async function periodFigures(companyId: number, period: DayPeriod, now: Date) {
  const [totals, users] = await Promise.all([periodTotals(companyId, period, now), usersOf(companyId)]);
  return { totals, users };
}

/**
 * /api/dashboard (core §2 Dashboard, §3 Dashboard counters, §7): counters, attendants and chart
 * rows of a period, read from the buckets the dashboard aggregator keeps (docs/metrics.md): at
 * most 15 blocks for 90 days (counters and attendants) or one small item per day (the chart),
 * whatever the number of tickets. Admins only; always the caller's company; days in the
 * company's time zone.
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/dashboard',
    access: 'admin',
    query: dashboardQuerySchema,
    handler: async ({ principal, query }) => {
      const now = new Date();
      const period = await periodOfCompany(principal, query, now);
      return keptAnswer(`${principal.companyId}|${period.from}|${period.to}`, async () => {
        const [{ totals, users }, live] = await Promise.all([periodFigures(principal.companyId, period, now), dashboardLive(principal.companyId)]);
        return dashboardAnswer(totals, live, users, now);
      });
    },
  }),
  route({
    method: 'GET',
    path: '/dashboard/ticketsUsers',
    access: 'admin',
    query: dashboardChartQuerySchema,
    handler: async ({ principal, query }) => {
      const period = chartPeriod(principal, query);
      const { totals, users } = await periodFigures(principal.companyId, period, new Date());
      return ticketsUsersAnswer(totals, users);
    },
  }),
  route({
    method: 'GET',
    path: '/dashboard/ticketsDay',
    access: 'admin',
    query: dashboardChartQuerySchema,
    handler: async ({ principal, query }) => {
      const period = chartPeriod(principal, query);
      return ticketsDayAnswer(await dashboardDays(principal.companyId, period.from, period.to), period);
    },
  }),
  route({
    method: 'GET',
    path: '/dashboard/attendants.csv',
    access: 'admin',
    query: dashboardQuerySchema,
    handler: async ({ principal, query }) => {
      const now = new Date();
      const period = await periodOfCompany(principal, query, now);
      const { totals, users } = await periodFigures(principal.companyId, period, now);
      return new HttpAnswer(200, undefined, {
        headers: { 'content-disposition': `attachment; filename="${attendantsCsvFileName(period)}"` },
        raw: { content: attendantsCsv(attendantRows(totals, users, now)), contentType: 'text/csv; charset=utf-8' },
      });
    },
  }),
]);
