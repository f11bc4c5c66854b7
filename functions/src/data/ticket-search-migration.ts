import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#aws/dynamo';
import { contactEntity } from './contact-entity.ts';
import { ticketEntity } from './ticket-entity.ts';
import {
  contactSearchPuts,
  migratedTokenItem,
  namePhrasePuts,
  writeRequests,
  type TicketSearchContact,
  type WriteRequest,
} from './ticket-search.ts';

/**
 * The move of existing data to the ticket search's current layout. Second layout (docs/decisions.md,
 * "Search: one token partition, padded ids"): message tokens `<token>#<id>` re-written as
 * `<token>#<padded id>`, and every ticket given its contact's tokens and link. Third ("Search: a
 * contact's name as phrases"): every ticket given its contact's name phrases. Idempotent and
 * resumable: each company keeps its progress on a marker item in its token partition, the
 * platform a marker once every company is done (then a start costs one read).
 */

const platformMarker = { pk: 'PLATFORM', sk: 'MIGRATION#TICKETSEARCH3' };
/** Written once every company had the second layout: then only the phrases are left to add. */
const secondLayoutMarker = { pk: 'PLATFORM', sk: 'MIGRATION#TICKETSEARCH2' };
const companyMarker = (companyId: number) => ({ pk: `C#${companyId}#TSEARCH`, sk: 'LAYOUT#2' });

/** Tickets handled between two progress marks. */
const ticketsPerStep = 500;

interface CompanyProgress {
  tokensDone?: boolean;
  /** Tickets up to this id have their contact items. */
  ticketsDoneThrough?: number;
  /** The second layout is complete. */
  done?: boolean;
  /** Tickets up to this id have their contact's name phrases. */
  phrasesDoneThrough?: number;
  phrasesDone?: boolean;
}

/** Whether every company was migrated (the platform's marker). */
export async function ticketSearchMigrated(): Promise<boolean> {
  return markerExists(platformMarker);
}

/** Whether every company had the second layout before the third was added (the older marker). */
export async function secondLayoutEverywhere(): Promise<boolean> {
  return markerExists(secondLayoutMarker);
}

async function markerExists(Key: Record<string, string>): Promise<boolean> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
  return Boolean(Item);
}

/** Marks the platform migrated: every company there is was, and new data is written in the new layout. */
export async function markTicketSearchMigrated(): Promise<void> {
  await documentClient.send(
    new PutCommand({ TableName: tableName(), Item: { ...platformMarker, at: new Date().toISOString() } }),
  );
}

async function progressOf(companyId: number): Promise<CompanyProgress> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: companyMarker(companyId), ConsistentRead: true }),
  );
  return (Item ?? {}) as CompanyProgress;
}

async function saveProgress(companyId: number, progress: CompanyProgress): Promise<void> {
  await documentClient.send(
    new PutCommand({ TableName: tableName(), Item: { ...companyMarker(companyId), ...progress } }),
  );
}

export interface CompanyMigrationStep {
  done: boolean;
  /** First-layout message tokens re-keyed. */
  tokens: number;
  /** Tickets given their contact's tokens and link. */
  tickets: number;
  /** Tickets given their contact's name phrases. */
  phrases: number;
}

/**
 * Migrates one company until done or until `deadline` (epoch ms) passes between two steps.
 * Answers whether the company is done, with what this call re-wrote. `secondLayoutDone`: the
 * platform's older marker says every company already has the second layout.
 */
export async function migrateCompanyTicketSearch(
  companyId: number,
  deadline: number,
  options: { secondLayoutDone?: boolean } = {},
): Promise<CompanyMigrationStep> {
  const progress = await progressOf(companyId);
  const step: CompanyMigrationStep = { done: false, tokens: 0, tickets: 0, phrases: 0 };
  if (progress.phrasesDone) return { ...step, done: true };
  if (!progress.done && !options.secondLayoutDone) {
    const second = await toSecondLayout(companyId, progress, deadline);
    step.tokens = second.tokens;
    step.tickets = second.tickets;
    if (!second.done) return step;
  }
  const phrases = await addNamePhrases(companyId, progress, deadline);
  step.phrases = phrases.tickets;
  step.done = phrases.done;
  return step;
}

/** Tickets with their contact's name and number, in id order, from `afterId` on (contacts, then tickets). */
async function ticketsWithContacts(companyId: number, afterId: number) {
  const { data: contacts } = await contactEntity.query
    .byId({ companyId })
    .go({ pages: 'all', attributes: ['id', 'name', 'number'] });
  const contactById = new Map(contacts.map((contact) => [contact.id, contact]));
  const { data: all } = await ticketEntity.query
    .byId({ companyId })
    .go({ pages: 'all', attributes: ['id', 'contactId'] });
  return all
    .filter((ticket) => ticket.id > afterId)
    .sort((a, b) => a.id - b.id)
    .map((ticket) => {
      const contact = contactById.get(ticket.contactId);
      return {
        id: ticket.id,
        contact: contact && { id: contact.id, name: contact.name ?? '', number: contact.number ?? '' },
      };
    });
}

/**
 * Writes `puts` for every ticket (with its contact) after the id `progress[through]` holds, 500
 * tickets between two progress marks, until done or until `deadline` passes between two steps.
 */
async function writeForTickets(
  companyId: number,
  progress: CompanyProgress,
  through: 'ticketsDoneThrough' | 'phrasesDoneThrough',
  deadline: number,
  puts: (companyId: number, tickets: { id: number; contact: TicketSearchContact }[]) => WriteRequest[],
): Promise<{ done: boolean; tickets: number }> {
  const pending = await ticketsWithContacts(companyId, progress[through] ?? 0);
  let tickets = 0;
  for (let start = 0; start < pending.length; start += ticketsPerStep) {
    if (Date.now() > deadline) return { done: false, tickets };
    const step = pending.slice(start, start + ticketsPerStep);
    await writeRequests(puts(companyId, step.flatMap(({ id, contact }) => (contact ? [{ id, contact }] : []))));
    tickets += step.length;
    progress[through] = step.at(-1)!.id;
    await saveProgress(companyId, progress);
  }
  return { done: true, tickets };
}

/** Third layout: each ticket's contact name phrases. */
async function addNamePhrases(
  companyId: number,
  progress: CompanyProgress,
  deadline: number,
): Promise<{ done: boolean; tickets: number }> {
  const written = await writeForTickets(companyId, progress, 'phrasesDoneThrough', deadline, namePhrasePuts);
  if (!written.done) return written;
  progress.phrasesDone = true;
  await saveProgress(companyId, progress);
  return written;
}

/** Second layout: message tokens re-keyed, then every ticket's contact tokens and link. */
async function toSecondLayout(
  companyId: number,
  progress: CompanyProgress,
  deadline: number,
): Promise<{ done: boolean; tokens: number; tickets: number }> {
  let tokens = 0;
  let tickets = 0;
  if (!progress.tokensDone) {
    let cursor: Record<string, unknown> | undefined;
    do {
      if (Date.now() > deadline) return { done: false, tokens, tickets };
      const page = await documentClient.send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `C#${companyId}#TSEARCH` },
          Limit: 2_000,
          ExclusiveStartKey: cursor,
        }),
      );
      const moves = (page.Items ?? []).flatMap((item) => migratedTokenItem(item) ?? []);
      // The new item first: a stop in between leaves the ticket found twice (deduplicated), never lost.
      await writeRequests(moves.map((move) => move.put));
      await writeRequests(moves.map((move) => move.remove));
      tokens += moves.length;
      cursor = page.LastEvaluatedKey;
    } while (cursor);
    progress.tokensDone = true;
    await saveProgress(companyId, progress);
  }
  const written = await writeForTickets(companyId, progress, 'ticketsDoneThrough', deadline, contactSearchPuts);
  tickets = written.tickets;
  if (!written.done) return { done: false, tokens, tickets };
  progress.done = true;
  await saveProgress(companyId, progress);
  return { done: true, tokens, tickets };
}
