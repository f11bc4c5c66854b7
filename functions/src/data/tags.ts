import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { EntityItem } from 'electrodb';
import { documentClient } from '#aws/dynamo';
import { AppError } from '#domain/app-error';
import { nameKey } from '#domain/company-rules';
import { byTagName, tagSetChange } from '#domain/tag-rules';
import { kanbanStatuses, laneKeysOf } from '#domain/kanban-rules';
import { nextId } from './ids.ts';
import { isConditionFailure } from './sessions.ts';
import { tagEntity, ticketTagEntity } from './tag-entity.ts';
import { ticketEntity } from './ticket-entity.ts';
import type { TicketRecord } from './tickets.ts';
import { writeAll } from './transaction.ts';
import { moveDirectoryVersion } from './directory-version.ts';
import { getCompanyItem, orNotFound } from './company-items.ts';

export type TagRecord = EntityItem<typeof tagEntity>;

/** A tag as a ticket carries it. */
export interface TicketTagRef {
  id: number;
  name: string;
  color: string;
  kanban: number;
}

export const tagRef = (tag: TagRecord): TicketTagRef => ({ id: tag.id, name: tag.name, color: tag.color, kanban: tag.kanban ?? 0 });

/** AP-TG-1: a tag by id. */
export async function getTag(companyId: number, id: number): Promise<TagRecord | undefined> {
  return getCompanyItem(tagEntity, companyId, id);
}

/** AP-TG-2: several tags at once (a ticket's tags, a sync's tags). */
export async function getTags(companyId: number, ids: number[]): Promise<Map<number, TagRecord>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { data } = await tagEntity.get(unique.map((id) => ({ companyId, id }))).go({ consistent: true });
  return new Map(data.map((tag) => [tag.id, tag]));
}

/**
 * AP-TG-3: every tag of a company in name order: `pk = C#<companyId>`, `sk begins_with TAG#`.
 * A company's tags are a small set (tens, a few hundred), so lists, search and paging filter
 * this one read in memory.
 */
export async function listTags(companyId: number): Promise<TagRecord[]> {
  const { data } = await tagEntity.query.byId({ companyId }).go({ pages: 'all' });
  return data.sort(byTagName);
}

/** AP-TG-4: create a tag. */
export async function createTag(
  companyId: number,
  fields: { name: string; color: string; kanban: number; userId: number },
): Promise<TagRecord> {
  const id = await nextId({ companyId }, 'tag');
  const { data } = await tagEntity
    .create({ companyId, id, name: fields.name, nameKey: nameKey(fields.name), color: fields.color, kanban: fields.kanban, userId: fields.userId, ticketsCount: 0 })
    .go();
  await moveDirectoryVersion(companyId);
  return data;
}

/** AP-TG-5: change a tag's name, colour or kanban flag (404 when it is gone). */
export async function updateTag(
  companyId: number,
  id: number,
  changes: { name?: string; color?: string; kanban?: number },
): Promise<TagRecord> {
  try {
    const { data } = await tagEntity
      .patch({ companyId, id })
      .set({
        ...(changes.name !== undefined ? { name: changes.name, nameKey: nameKey(changes.name) } : {}),
        ...(changes.color !== undefined ? { color: changes.color } : {}),
        ...(changes.kanban !== undefined ? { kanban: changes.kanban } : {}),
      })
      .go({ response: 'all_new' });
    await moveDirectoryVersion(companyId);
    return data as TagRecord;
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('ERR_NOT_FOUND');
    throw error;
  }
}

/**
 * AP-TG-6: delete a tag, then its links to tickets (gsi1 `C#<companyId>#TAG#<tagId>`). Once the
 * tag is gone no link to it can be written (links are created with a conditional update of the
 * tag), and a link the index had not shown yet is invisible (ticket tags are joined with the
 * tags that exist) and dropped by the ticket's next tag change.
 */
export async function deleteTag(companyId: number, id: number): Promise<void> {
  await orNotFound(() =>
    tagEntity
      .delete({ companyId, id })
      .where(({ id: tagId }, { exists }) => exists(tagId))
      .go(),
  );
  await moveDirectoryVersion(companyId);
  const ticketIds = await ticketIdsWithTag(companyId, id);
  for (let start = 0; start < ticketIds.length; start += 25) {
    const keys = ticketIds.slice(start, start + 25).map((ticketId) => ({ companyId, ticketId, tagId: id }));
    await ticketTagEntity.delete(keys).go();
  }
}

/** AP-TG-7: the ids of the tickets carrying a tag (gsi1; kanban lanes, deleting a tag). */
export async function ticketIdsWithTag(companyId: number, tagId: number): Promise<number[]> {
  const { data } = await ticketTagEntity.query.byTag({ companyId, tagId }).go({ pages: 'all' });
  return data.map((link) => link.ticketId);
}

/**
 * AP-TG-12: the links of a tag whose ticket is open or pending, with the ticket's list keys
 * (gsi1, filtered on `ticketLane`; a link written before links carried them is kept, the ticket
 * read decides). A kanban lane reads this, then only the tickets its viewer may see.
 */
export async function activeLinksOfTag(
  companyId: number,
  tagId: number,
): Promise<{ ticketId: number; ticketLane?: string }[]> {
  // ElectroDB builds the Query; its answer is copied without ElectroDB's parse (a busy tag's
  // links, on every board request: docs/performance.md, "Search by name, the board, and keys
  // without ElectroDB").
  const params = ticketTagEntity.query
    .byTag({ companyId, tagId })
    .where(({ ticketLane }, { begins, notExists }) =>
      [notExists(ticketLane), ...kanbanStatuses.map((status) => begins(ticketLane, `${status}|`))].join(' OR '),
    )
    .params({ attributes: ['ticketId', 'ticketLane'] }) as QueryCommandInput;
  const links: { ticketId: number; ticketLane?: string }[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const answer = await documentClient.send(new QueryCommand({ ...params, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }));
    for (const item of answer.Items ?? []) {
      links.push(typeof item.ticketLane === 'string' ? { ticketId: Number(item.ticketId), ticketLane: item.ticketLane } : { ticketId: Number(item.ticketId) });
    }
    startKey = answer.LastEvaluatedKey;
  } while (startKey);
  return links;
}

/**
 * AP-TG-13: a ticket's list keys on each of its tag links (the tickets stream, when the
 * ticket's status, queue, user or tags change). A link removed meanwhile stays removed.
 */
export async function setTicketLaneOnLinks(
  companyId: number,
  ticketId: number,
  tagIds: readonly number[],
  ticketLane: string,
): Promise<void> {
  await Promise.all(
    tagIds.map(async (tagId) => {
      try {
        await ticketTagEntity.patch({ companyId, ticketId, tagId }).set({ ticketLane }).go({ response: 'none' });
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }),
  );
}

/** AP-TG-8: the tag ids linked to a ticket: `pk = C#<companyId>`, `sk begins_with TTAG#<ticketId>#`. */
export async function tagIdsOfTicket(companyId: number, ticketId: number): Promise<number[]> {
  const { data } = await ticketTagEntity.query.byTicket({ companyId, ticketId }).go({ pages: 'all', consistent: true });
  return data.map((link) => link.tagId);
}

/** AP-TG-9: a ticket's tags in name order (links joined with the tags that exist). */
export async function tagsOfTicket(companyId: number, ticketId: number): Promise<TicketTagRef[]> {
  const ids = await tagIdsOfTicket(companyId, ticketId);
  const tags = await getTags(companyId, ids);
  return [...tags.values()].sort(byTagName).map(tagRef);
}

/**
 * AP-TG-10: the tag ids of a page of tickets (ticket lists, kanban, live events): from the
 * tickets themselves (`tagIds`, written with the links by changeTicketTags); a ticket written
 * before tickets carried them reads its links (one query each).
 */
export async function tagIdsOfTickets(
  companyId: number,
  tickets: readonly Pick<TicketRecord, 'id' | 'tagIds'>[],
): Promise<Map<number, number[]>> {
  return new Map(
    await Promise.all(
      tickets.map(async (ticket) => [ticket.id, ticket.tagIds ?? (await tagIdsOfTicket(companyId, ticket.id))] as const),
    ),
  );
}

/** A transaction step failed its condition: another change got there first; read again and retry. */
const retry = 'ERR_TICKET_CONFLICT' as const;

/**
 * AP-TG-11: change a ticket's tags to what `decide` makes of the current ones, in one
 * transaction: each added link is created (if absent) with its tag's `ticketsCount + 1` (if the
 * tag exists), each removed link deleted (if present) with `ticketsCount - 1`, and the ticket's
 * `updatedAt` touched (if the ticket exists) so its live `ticket` event goes out. A lost race
 * with another change of the same ticket reads again and retries.
 *
 * `touchTicket: false` is for a ticket being deleted: its links go and the counters follow.
 */
export async function changeTicketTags(
  companyId: number,
  ticketId: number,
  decide: (current: number[]) => number[],
  options: { touchTicket?: boolean } = {},
): Promise<TicketTagRef[]> {
  const touchTicket = options.touchTicket ?? true;
  for (let attempt = 1; ; attempt += 1) {
    // The ticket carries its tag ids and a revision that every change of them moves, so two
    // changes at once cannot leave the ids and the links telling different stories.
    const ticketRead = touchTicket ? await ticketEntity.get({ companyId, id: ticketId }).go({ consistent: true }) : undefined;
    const revision = ticketRead?.data?.tagsRev;
    const current = ticketRead?.data?.tagIds ?? (await tagIdsOfTicket(companyId, ticketId));
    const wanted = decide(current);
    const { add, remove } = tagSetChange(current, wanted);
    const tags = await getTags(companyId, [...add, ...remove, ...wanted]);
    const missing = add.find((id) => !tags.has(id));
    if (missing !== undefined) throw new AppError('ERR_NOT_FOUND', { tagId: missing });
    if (add.length === 0 && remove.length === 0) return wantedRefs(wanted, tags);
    if (touchTicket && !ticketRead?.data) throw new AppError('ERR_NO_TICKET_FOUND');
    // One step per transaction item, each with the error its failed condition means.
    type Step =
      | { kind: 'touch'; error: typeof retry }
      | { kind: 'link' | 'unlink' | 'uncount'; tagId: number; error: typeof retry }
      | { kind: 'count'; tagId: number; error: 'ERR_NOT_FOUND' };
    const steps: Step[] = [
      // Gone or changed since it was read: read again (a gone ticket then answers ERR_NO_TICKET_FOUND).
      ...(touchTicket ? [{ kind: 'touch', error: retry } as const] : []),
      ...add.flatMap((tagId) => [
        { kind: 'link', tagId, error: retry } as const,
        { kind: 'count', tagId, error: 'ERR_NOT_FOUND' } as const,
      ]),
      ...remove.flatMap((tagId) => [
        { kind: 'unlink', tagId, error: retry } as const,
        // A link to a tag deleted meanwhile just goes; there is no counter left to move.
        ...(tags.has(tagId) ? [{ kind: 'uncount', tagId, error: retry } as const] : []),
      ]),
    ];
    try {
      await writeAll(
        { ticket: ticketEntity, link: ticketTagEntity, tag: tagEntity },
        ({ ticket, link, tag }) =>
          steps.map((step) => {
            switch (step.kind) {
              case 'touch':
                return ticket
                  .patch({ companyId, id: ticketId })
                  .set({ updatedAt: new Date().toISOString(), tagIds: [...new Set(wanted)], tagsRev: (revision ?? 0) + 1 })
                  .where(({ tagsRev }, { eq, notExists }) => (revision === undefined ? notExists(tagsRev) : eq(tagsRev, revision)))
                  .commit();
              case 'link':
                return link
                  .create({
                    companyId,
                    ticketId,
                    tagId: step.tagId,
                    ...(ticketRead?.data ? { ticketLane: laneKeysOf(ticketRead.data) } : {}),
                  })
                  .commit();
              case 'count':
                return tag.patch({ companyId, id: step.tagId }).add({ ticketsCount: 1 }).commit();
              case 'unlink':
                // The link of a deleted tag went with the tag (deleteTag); the ticket's ids may still name it.
                return tags.has(step.tagId)
                  ? link
                      .delete({ companyId, ticketId, tagId: step.tagId })
                      .where(({ tagId: linked }, { exists }) => exists(linked))
                      .commit()
                  : link.delete({ companyId, ticketId, tagId: step.tagId }).commit();
              case 'uncount':
                return tag.patch({ companyId, id: step.tagId }).subtract({ ticketsCount: 1 }).commit();
            }
          }),
        steps.map((step) => step.error),
      );
      return wantedRefs(wanted, tags);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== retry || attempt >= 3) throw error;
    }
  }
}

function wantedRefs(wanted: number[], tags: Map<number, TagRecord>): TicketTagRef[] {
  return wanted
    .map((id) => tags.get(id))
    .filter((tag): tag is TagRecord => tag !== undefined)
    .sort(byTagName)
    .map(tagRef);
}
