import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#aws/dynamo';
import { contactEntity } from './contact-entity.ts';
import { ticketEntity } from './ticket-entity.ts';
import { contactSearchPuts, migratedTokenItem, writeRequests } from './ticket-search.ts';

/**
 * The move of existing data to the ticket search's second layout (docs/decisions.md, "Search: one
 * token partition, padded ids"): message tokens `<token>#<id>` re-written as `<token>#<padded id>`,
 * and every ticket given its contact's tokens and link. Idempotent and resumable: each company
 * keeps its progress on a marker item in its token partition, the platform a marker once every
 * company is done (then a start costs one read).
 */

const platformMarker = { pk: 'PLATFORM', sk: 'MIGRATION#TICKETSEARCH2' };
const companyMarker = (companyId: number) => ({ pk: `C#${companyId}#TSEARCH`, sk: 'LAYOUT#2' });

/** Tickets handled between two progress marks. */
const ticketsPerStep = 500;

interface CompanyProgress {
  tokensDone?: boolean;
  /** Tickets up to this id have their contact items. */
  ticketsDoneThrough?: number;
  done?: boolean;
}

/** Whether every company was migrated (the platform's marker). */
export async function ticketSearchMigrated(): Promise<boolean> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: platformMarker, ConsistentRead: true }),
  );
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

/**
 * Migrates one company until done or until `deadline` (epoch ms) passes between two steps.
 * Answers whether the company is done, with what this call re-wrote.
 */
export async function migrateCompanyTicketSearch(
  companyId: number,
  deadline: number,
): Promise<{ done: boolean; tokens: number; tickets: number }> {
  const progress = await progressOf(companyId);
  let tokens = 0;
  let tickets = 0;
  if (progress.done) return { done: true, tokens, tickets };
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
  const { data: contacts } = await contactEntity.query
    .byId({ companyId })
    .go({ pages: 'all', attributes: ['id', 'name', 'number'] });
  const contactById = new Map(contacts.map((contact) => [contact.id, contact]));
  const { data: all } = await ticketEntity.query
    .byId({ companyId })
    .go({ pages: 'all', attributes: ['id', 'contactId'] });
  const pending = all
    .filter((ticket) => ticket.id > (progress.ticketsDoneThrough ?? 0))
    .sort((a, b) => a.id - b.id);
  for (let start = 0; start < pending.length; start += ticketsPerStep) {
    if (Date.now() > deadline) return { done: false, tokens, tickets };
    const step = pending.slice(start, start + ticketsPerStep);
    await writeRequests(
      contactSearchPuts(
        companyId,
        step.flatMap((ticket) => {
          const contact = contactById.get(ticket.contactId);
          return contact
            ? [
                {
                  id: ticket.id,
                  contact: { id: contact.id, name: contact.name ?? '', number: contact.number ?? '' },
                },
              ]
            : [];
        }),
      ),
    );
    tickets += step.length;
    progress.ticketsDoneThrough = step.at(-1)!.id;
    await saveProgress(companyId, progress);
  }
  progress.done = true;
  await saveProgress(companyId, progress);
  return { done: true, tokens, tickets };
}
