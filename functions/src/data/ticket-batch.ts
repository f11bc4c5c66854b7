import { contactTicketEntity, ticketEntity } from './ticket-entity.ts';
import type { EntityItem } from 'electrodb';

/** tickets.ts's TicketRecord, named here from the entity so the two modules do not import each other. */
type TicketRecord = EntityItem<typeof ticketEntity>;

/** BatchGetItem keys left unprocessed (throttling) are asked again, a few times, backing off. */
async function untilProcessed<K, T>(keys: K[], read: (keys: K[]) => Promise<{ data: T[]; unprocessed: K[] }>): Promise<T[]> {
  const found: T[] = [];
  let pending = keys;
  for (let attempt = 1; pending.length > 0; attempt += 1) {
    const { data, unprocessed } = await read(pending);
    found.push(...data);
    pending = unprocessed;
    if (pending.length === 0) break;
    if (attempt >= 6) throw new Error(`${pending.length} keys stayed unprocessed`);
    await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
  }
  return found;
}

/**
 * AP-TK-13: tickets by id (search candidates, a page of them), 100 keys per BatchGetItem, in
 * parallel; missing ones are skipped. `attributes` narrows what each item brings back.
 */
export async function getTicketsByIds(
  companyId: number,
  ids: readonly number[],
  attributes?: readonly (keyof TicketRecord)[],
): Promise<Map<number, TicketRecord>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const tickets = await untilProcessed(
    unique.map((id) => ({ companyId, id })),
    async (keys) => {
      const { data, unprocessed } = await ticketEntity
        .get(keys)
        .go({ consistent: true, concurrency: 4, ...(attributes ? { attributes: [...attributes, 'id', 'companyId'] as never } : {}) });
      return { data: data as TicketRecord[], unprocessed: unprocessed.map((key) => ({ companyId, id: Number(key.id) })) };
    },
  );
  return new Map(tickets.map((ticket) => [ticket.id, ticket]));
}

/** AP-TK-14: the current ticket ids of contacts on connections (search by contact), one BatchGet of claims. */
export async function currentTicketIdsOf(companyId: number, pairs: readonly { whatsappId: number; contactId: number }[]): Promise<number[]> {
  return (await currentTicketClaimsOf(companyId, pairs)).map((claim) => claim.ticketId);
}

/** AP-TK-14 with each claim's connection: which ticket is current on which connection. */
export async function currentTicketClaimsOf(
  companyId: number,
  pairs: readonly { whatsappId: number; contactId: number }[],
): Promise<{ whatsappId: number; contactId: number; ticketId: number }[]> {
  if (pairs.length === 0) return [];
  const claims = await untilProcessed(
    pairs.map((pair) => ({ companyId, ...pair })),
    async (keys) => {
      const { data, unprocessed } = await contactTicketEntity.get(keys).go({ consistent: true, concurrency: 4 });
      return {
        data,
        unprocessed: unprocessed.map((key) => ({ companyId, whatsappId: Number(key.whatsappId), contactId: Number(key.contactId) })),
      };
    },
  );
  return claims.map((claim) => ({ whatsappId: claim.whatsappId, contactId: claim.contactId, ticketId: claim.ticketId }));
}
