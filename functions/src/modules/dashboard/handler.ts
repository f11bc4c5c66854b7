import { dashboardChartQuerySchema, dashboardQuerySchema } from '@atende/shared/entities/dashboard';
import type { Principal } from '#auth/principal';
import { companyTimeZone } from '#data/company-time-zone';
import { dashboardAgentFigures, dashboardDays, dashboardLive } from '#data/dashboard-aggregates';
import { listCompanyUsers } from '#data/users';
import { AppError } from '#domain/app-error';
import { attendantsCsv, attendantsCsvFileName } from '#domain/dashboard/attendants-csv';
import { blocksCovering } from '#domain/dashboard/blocks';
import { attendantRows, dashboardAnswer, periodTotals, ticketsDayAnswer, ticketsUsersAnswer } from '#domain/dashboard/figures';
import { checkedPeriod, periodOfQuery, type DayPeriod } from '#domain/dashboard/period';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';
import { HttpAnswer } from '#http/types';

/** The figures always belong to the caller's company; naming another one is refused. */
function assertOwnCompany(principal: Principal, companyId: number | undefined): void {
  if (companyId !== undefined && companyId !== principal.companyId) throw new AppError('ERR_NO_PERMISSION');
}

/** A company's time zone, kept per container for a short while (a setting changes rarely). */
const timeZoneFreshForMs = 30_000;
const timeZones = new Map<number, { loadedAt: number; value: Promise<string> }>();

function timeZoneOf(companyId: number): Promise<string> {
  const cached = timeZones.get(companyId);
  if (cached && Date.now() - cached.loadedAt < timeZoneFreshForMs) return cached.value;
  const value = companyTimeZone(companyId);
  timeZones.set(companyId, { loadedAt: Date.now(), value });
  value.catch(() => timeZones.delete(companyId));
  return value;
}

/** The agents' figures of a period and the company's users. */
async function agentFigures(companyId: number, period: DayPeriod) {
  const [agents, users] = await Promise.all([dashboardAgentFigures(companyId, blocksCovering(period)), listCompanyUsers(companyId)]);
  return { agents, users };
}

/**
 * /api/dashboard (core §2 Dashboard, §3 Dashboard counters, §7): counters, attendants and chart
 * rows of a period, read from the buckets the dashboard aggregator keeps (docs/metrics.md): one
 * small item per day and at most 15 agent blocks for 90 days, whatever the number of tickets.
 * Admins only; always the caller's company; days in the company's time zone.
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/dashboard',
    access: 'admin',
    query: dashboardQuerySchema,
    handler: async ({ principal, query }) => {
      assertOwnCompany(principal, query.companyId);
      const now = new Date();
      const period = periodOfQuery(query, now, await timeZoneOf(principal.companyId));
      const [days, { agents, users }, live] = await Promise.all([
        dashboardDays(principal.companyId, period.from, period.to),
        agentFigures(principal.companyId, period),
        dashboardLive(principal.companyId),
      ]);
      return dashboardAnswer(periodTotals(days), agents, live, users, now);
    },
  }),
  route({
    method: 'GET',
    path: '/dashboard/ticketsUsers',
    access: 'admin',
    query: dashboardChartQuerySchema,
    handler: async ({ principal, query }) => {
      assertOwnCompany(principal, query.companyId);
      const period = checkedPeriod(query.initialDate, query.finalDate, ['initialDate', 'finalDate']);
      const { agents, users } = await agentFigures(principal.companyId, period);
      return ticketsUsersAnswer(agents, users);
    },
  }),
  route({
    method: 'GET',
    path: '/dashboard/ticketsDay',
    access: 'admin',
    query: dashboardChartQuerySchema,
    handler: async ({ principal, query }) => {
      assertOwnCompany(principal, query.companyId);
      const period = checkedPeriod(query.initialDate, query.finalDate, ['initialDate', 'finalDate']);
      return ticketsDayAnswer(await dashboardDays(principal.companyId, period.from, period.to), period);
    },
  }),
  route({
    method: 'GET',
    path: '/dashboard/attendants.csv',
    access: 'admin',
    query: dashboardQuerySchema,
    handler: async ({ principal, query }) => {
      assertOwnCompany(principal, query.companyId);
      const now = new Date();
      const period = periodOfQuery(query, now, await timeZoneOf(principal.companyId));
      const { agents, users } = await agentFigures(principal.companyId, period);
      return new HttpAnswer(200, undefined, {
        headers: { 'content-disposition': `attachment; filename="${attendantsCsvFileName(period)}"` },
        raw: { content: attendantsCsv(attendantRows(agents, users, now)), contentType: 'text/csv; charset=utf-8' },
      });
    },
  }),
]);
