import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#aws/dynamo';
import { namePhraseTokens, ticketContactTokens } from '#domain/contact-tokens';
import { messageTokens, snippetAround } from '#domain/message-tokens';
import { ticketKey } from '#domain/ticket-search-keys';
import { contactTicketLinkEntity, ticketContactTokenEntity, ticketTokenEntity } from './ticket-entity.ts';

/**
 * The ticket search's token partition (`C#<companyId>#TSEARCH`): the words of a ticket's
 * messages and its contact's tokens, each `<token>#<zero-padded ticket id>`, so one descending
 * query on a word reads the newest matching tickets first, by message text and by contact alike
 * (docs/decisions.md, "Search: one token partition, padded ids").
 */

/** What a ticket's contact tokens are built from. */
export interface TicketSearchContact {
  id: number;
  name: string;
  number: string;
}

type Commit<C> = { commit(): C };
type TokenItem = { companyId: number; token: string; ticketKey: string; ticketId: number; snippet?: string };

/** The entities `newTicketSearchItems` writes, to merge into a transaction's entity map. */
export const ticketSearchEntities = {
  searchToken: ticketContactTokenEntity,
  searchLink: contactTicketLinkEntity,
};

/**
 * The items a new ticket is found by through its contact: one per contact token (name words,
 * number tails) and the contact's link to the ticket (what a rename reads). For the ticket's own
 * creation transaction; `writers` are that transaction's `searchToken` and `searchLink`.
 */
export function newTicketSearchItems<C>(
  writers: {
    searchToken: { put(item: TokenItem & { contactId: number }): Commit<C> };
    searchLink: {
      put(item: { companyId: number; contactId: number; ticketKey: string; ticketId: number }): Commit<C>;
    };
  },
  companyId: number,
  ticketId: number,
  contact: TicketSearchContact,
): C[] {
  const key = ticketKey(ticketId);
  return [
    ...ticketContactTokens(contact).map((token) =>
      writers.searchToken.put({ companyId, token, ticketKey: key, ticketId, contactId: contact.id }).commit(),
    ),
    writers.searchLink.put({ companyId, contactId: contact.id, ticketKey: key, ticketId }).commit(),
  ];
}

/** How many items `newTicketSearchItems` writes for a contact (a transaction holds 100). */
export function newTicketSearchItemCount(contact: TicketSearchContact): number {
  return ticketContactTokens(contact).length + 1;
}

/**
 * The items a stored message's words add (idempotent per word and ticket), for its transaction.
 * Each carries the message's text around the word: the newest message with a word is what a
 * search by it shows, read with the token (no message read).
 */
export function messageSearchItems<C>(
  writers: { token: { put(item: TokenItem): Commit<C> } },
  companyId: number,
  ticketId: number,
  body: string,
  /** At most this many words (the longest first): what is left of a transaction's 100 items. */
  maxTokens = Number.POSITIVE_INFINITY,
): C[] {
  const key = ticketKey(ticketId);
  return messageTokens(body).slice(0, Math.max(0, maxTokens)).map((token) =>
    writers.token
      .put({ companyId, token, ticketKey: key, ticketId, snippet: snippetAround(body, token) })
      .commit(),
  );
}

/** U+10FFFF: in UTF-8 (DynamoDB's order) above every character a token can hold. */
const highestCharacter = '\u{10FFFF}';

/** Where a word's read stopped (DynamoDB's LastEvaluatedKey), to read on from there. */
export type WordCursor = Record<string, unknown>;

/**
 * AP-MS-6: ids of the tickets with a token starting with `word` (message words and contact
 * tokens), one Query of at most `limit` items, newest first within each token (the padded id),
 * distinct in the order read, with the first message snippet read of each (a ticket found only
 * by its contact has none). `cursor` reads on from where an earlier read stopped; the answer's
 * `cursor` is undefined once the word's whole range was read.
 */
export async function ticketIdsByWord(
  companyId: number,
  word: string,
  limit: number,
  cursor?: WordCursor,
): Promise<{ ids: number[]; snippets: Map<number, string>; cursor: WordCursor | undefined }> {
  const page = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      // The same range as begins_with(sk, word), as BETWEEN: DynamoDB Local answers begins_with
      // by walking the whole partition (33 ms at 200k items against 4 ms).
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': `C#${companyId}#TSEARCH`,
        ':from': word,
        ':to': `${word}${highestCharacter}`,
      },
      ProjectionExpression: 'ticketId, snippet',
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor,
    }),
  );
  const ids = new Set<number>();
  const snippets = new Map<number, string>();
  for (const item of page.Items ?? []) {
    const id = Number(item.ticketId);
    ids.add(id);
    if (typeof item.snippet === 'string' && !snippets.has(id)) snippets.set(id, item.snippet);
  }
  return { ids: [...ids], snippets, cursor: page.LastEvaluatedKey };
}

/** DynamoDB's limit of requests in one BatchWriteItem. */
const batchWriteLimit = 25;

export type WriteRequest =
  { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/** Puts and deletes, 25 a call, four calls at a time; what DynamoDB leaves unprocessed is sent again. */
export async function writeRequests(requests: WriteRequest[]): Promise<void> {
  const batches: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += batchWriteLimit)
    batches.push(requests.slice(i, i + batchWriteLimit));
  let next = 0;
  const lane = async () => {
    for (let batch = batches[next++]; batch; batch = batches[next++]) {
      let pending: WriteRequest[] = batch;
      for (let attempt = 1; pending.length > 0; attempt += 1) {
        const answer = await documentClient.send(
          new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }),
        );
        pending = (answer.UnprocessedItems?.[tableName()] ?? []) as WriteRequest[];
        if (pending.length === 0) break;
        if (attempt >= 8) throw new Error(`${pending.length} search token writes stayed unprocessed`);
        await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
      }
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
}

function contactTokenPut(
  companyId: number,
  token: string,
  ticketId: number,
  contactId: number,
): WriteRequest {
  const { Item } = ticketContactTokenEntity
    .put({ companyId, token, ticketKey: ticketKey(ticketId), ticketId, contactId })
    .params() as { Item: Record<string, unknown> };
  return { PutRequest: { Item } };
}

/** How many of a contact's tickets (the newest) a rename rewrites the tokens of. */
export const renamedTicketsLimit = 500;

/**
 * A contact's name or number changed: the contact tokens of its tickets follow (the tokens it
 * lost deleted, those it gained written), for its newest `renamedTicketsLimit` tickets, read from
 * the contact's links. After the contact's own write, not in its transaction (a rename of a
 * contact with hundreds of tickets is more than one transaction); every write is idempotent.
 * Answers how many tickets were rewritten.
 */
export async function retokenContactTickets(
  companyId: number,
  contactId: number,
  before: { name: string; number: string },
  after: { name: string; number: string },
): Promise<number> {
  const old = new Set(ticketContactTokens(before));
  const current = new Set(ticketContactTokens(after));
  const lost = [...old].filter((token) => !current.has(token));
  const gained = [...current].filter((token) => !old.has(token));
  if (lost.length === 0 && gained.length === 0) return 0;
  const page = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `C#${companyId}#TSEARCH`, ':prefix': `CONTACT#${contactId}#` },
      ProjectionExpression: 'ticketId',
      ScanIndexForward: false,
      Limit: renamedTicketsLimit,
    }),
  );
  const ticketIds = (page.Items ?? []).map((item) => Number(item.ticketId));
  const requests: WriteRequest[] = ticketIds.flatMap((ticketId) => [
    ...lost.map((token): WriteRequest => {
      const { Key } = ticketContactTokenEntity
        .delete({ companyId, token, ticketKey: ticketKey(ticketId) })
        .params() as { Key: Record<string, unknown> };
      return { DeleteRequest: { Key } };
    }),
    ...gained.map((token) => contactTokenPut(companyId, token, ticketId, contactId)),
  ]);
  await writeRequests(requests);
  return ticketIds.length;
}

/** The contact items of `tickets` (their tokens and links), as puts: what the migration writes. */
export function contactSearchPuts(
  companyId: number,
  tickets: { id: number; contact: TicketSearchContact }[],
): WriteRequest[] {
  return tickets.flatMap(({ id, contact }) => [
    ...ticketContactTokens(contact).map((token) => contactTokenPut(companyId, token, id, contact.id)),
    {
      PutRequest: {
        Item: (
          contactTicketLinkEntity
            .put({ companyId, contactId: contact.id, ticketKey: ticketKey(id), ticketId: id })
            .params() as { Item: Record<string, unknown> }
        ).Item,
      },
    },
  ]);
}

/** The name phrases of `tickets`' contacts, as puts: what the third layout's migration adds. */
export function namePhrasePuts(
  companyId: number,
  tickets: { id: number; contact: TicketSearchContact }[],
): WriteRequest[] {
  return tickets.flatMap(({ id, contact }) =>
    namePhraseTokens(contact.name).map((token) => contactTokenPut(companyId, token, id, contact.id)),
  );
}

/**
 * A message token item of the first layout (`<token>#<id>`, no `ticketKey`) as the current
 * layout writes it, or undefined when the item is not one (already padded, or another kind).
 */
export function migratedTokenItem(
  item: Record<string, unknown>,
): { put: WriteRequest; remove: WriteRequest } | undefined {
  if (item.__edb_e__ !== 'ticketToken' || item.ticketKey !== undefined) return undefined;
  const companyId = Number(item.companyId);
  const token = String(item.token);
  const ticketId = Number(item.ticketId);
  const { Item } = ticketTokenEntity
    .put({ companyId, token, ticketKey: ticketKey(ticketId), ticketId })
    .params() as { Item: Record<string, unknown> };
  if (Item.sk === item.sk) return undefined;
  return { put: { PutRequest: { Item } }, remove: { DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } } };
}
