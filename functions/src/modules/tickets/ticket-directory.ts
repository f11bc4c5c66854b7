/**
 * The names a ticket is shown with (its connection, user, queue and tags), kept per container:
 * every ticket list, ticket and live ticket event joins them, and they change rarely. One small
 * read of the company's directory version (moved by every change of them) tells whether the kept
 * copy is current, instead of four reads of the lists (docs/decisions.md, "Ticket joins").
 */
import { companyCache } from '#data/company-cache';
import { directoryVersion } from '#data/directory-version';
import { listQueues, queueRef, type QueueRef } from '#data/queues';
import { listTags, tagRef, type TicketTagRef } from '#data/tags';
import { listCompanyUsers } from '#data/users';
import { listWhatsapps } from '#data/whatsapps';

/** A safety net: a copy is read again after this long even if no version move was seen. */
const freshForMs = 60_000;

interface NamedRef {
  id: number;
  name: string;
}

const byId = <T extends { id: number }>(items: T[]) => new Map(items.map((item) => [item.id, item]));

const whatsapps = companyCache(freshForMs, async (companyId) =>
  byId((await listWhatsapps(companyId)).map((w): NamedRef => ({ id: w.id, name: w.name }))),
);
const users = companyCache(freshForMs, async (companyId) => byId((await listCompanyUsers(companyId)).map((u): NamedRef => ({ id: u.id, name: u.name }))));
const queues = companyCache(freshForMs, async (companyId) => byId((await listQueues(companyId)).map((q): QueueRef => queueRef(q))));
/** Tags in name order (a ticket's tags are listed in this order). */
const tags = companyCache(freshForMs, async (companyId) => (await listTags(companyId)).map(tagRef));

const hasAll = <T>(found: Map<number, T>, ids: number[]) => ids.every((id) => found.has(id));

/** The company's references covering the given ids (reloaded once if an id is missing). */
export async function ticketDirectory(
  companyId: number,
  wanted: { whatsappIds: number[]; userIds: number[]; queueIds: number[]; tagIds: number[] },
  /** The company's directory version when the caller read it with its other items. */
  knownVersion?: number,
): Promise<{ whatsapps: Map<number, NamedRef>; users: Map<number, NamedRef>; queues: Map<number, QueueRef>; tags: TicketTagRef[] }> {
  const none = Promise.resolve(new Map());
  const version = knownVersion ?? (await directoryVersion(companyId));
  const [w, u, q, t] = await Promise.all([
    wanted.whatsappIds.length > 0 ? whatsapps.getIncluding(companyId, version, (found) => hasAll(found, wanted.whatsappIds)) : none,
    wanted.userIds.length > 0 ? users.getIncluding(companyId, version, (found) => hasAll(found, wanted.userIds)) : none,
    wanted.queueIds.length > 0 ? queues.getIncluding(companyId, version, (found) => hasAll(found, wanted.queueIds)) : none,
    wanted.tagIds.length > 0
      ? tags.getIncluding(companyId, version, (found) => {
          const known = new Set(found.map((tag) => tag.id));
          return wanted.tagIds.every((id) => known.has(id));
        })
      : Promise.resolve([]),
  ]);
  return { whatsapps: w, users: u, queues: q, tags: t };
}

/** The ids of the company's connections (search by contact: their current tickets on each). */
export async function connectionIds(companyId: number): Promise<number[]> {
  return [...(await whatsapps.get(companyId, await directoryVersion(companyId))).keys()];
}
