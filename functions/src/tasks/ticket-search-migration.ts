import { listAllCompanies } from '#data/companies';
import {
  markTicketSearchMigrated,
  migrateCompanyTicketSearch,
  secondLayoutEverywhere,
  ticketSearchMigrated,
} from '#data/ticket-search-migration';
import { logger } from '#observability/logger';
import { observed } from '#observability/entry';

export interface TicketSearchMigrationResult {
  /** Every company is in the new layout (nothing left for another run). */
  done: boolean;
  companies: number;
  tokens: number;
  tickets: number;
  /** Tickets given their contact's name phrases. */
  phrases: number;
}

/** Time kept back from the function's own timeout, to record progress and answer. */
const reserveMs = 20_000;
/** Without a Lambda context (a direct call): how long a run may work. */
const defaultBudgetMs = 100_000;

/**
 * Moves existing data to the ticket search's current layout (docs/decisions.md, "Search: one
 * token partition, padded ids" and "Search: a contact's name as phrases"), on every local start and every deploy; once done, a run reads one
 * marker. A run that meets its deadline stops between two steps and the next run (the next start
 * or deploy, or `aws lambda invoke` of this task) goes on from the progress each company keeps.
 */
export const handler = observed(async (
  _event?: unknown,
  context?: { getRemainingTimeInMillis?: () => number },
): Promise<TicketSearchMigrationResult> => {
  const result: TicketSearchMigrationResult = { done: true, companies: 0, tokens: 0, tickets: 0, phrases: 0 };
  if (await ticketSearchMigrated()) return result;
  const budget = context?.getRemainingTimeInMillis
    ? context.getRemainingTimeInMillis() - reserveMs
    : defaultBudgetMs;
  const deadline = Date.now() + Math.max(budget, 1_000);
  const secondLayoutDone = await secondLayoutEverywhere();
  for (const company of await listAllCompanies()) {
    const step = await migrateCompanyTicketSearch(company.id, deadline, { secondLayoutDone });
    result.companies += 1;
    result.tokens += step.tokens;
    result.tickets += step.tickets;
    result.phrases += step.phrases;
    if (!step.done) {
      result.done = false;
      logger.info('ticket search migration: deadline reached, continues next run', { ...result });
      return result;
    }
  }
  await markTicketSearchMigrated();
  return result;
});
