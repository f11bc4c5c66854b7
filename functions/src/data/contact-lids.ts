/**
 * LID contacts (docs/decisions, "LID contacts"; access patterns AP-CT-16..21, AP-TK-18..22 in
 * docs/data-model.md). A contact known only by its LID has `lidOnly` and its LID's digits as
 * `number` (claimed by `CONTACTNUM#<lid>` like a number); a contact whose number is known keeps
 * its LID in `lid`, claimed by `CONTACTLID#<lid>`, so a LID names one contact of the company.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#aws/dynamo';
import { contactTokens, ticketContactTokens } from '#domain/contact-tokens';
import { foldedTicketSummary } from '#domain/lid-merge';
import { nameKey } from '#domain/company-rules';
import { AppError } from '#domain/app-error';
import { ticketIndexKeys } from '#domain/ticket-keys';
import { getItems, itemRef } from './batch-get.ts';
import { companyEntity } from './company-entity.ts';
import { contactEntity, contactLidEntity, contactNumberEntity, contactTokenEntity } from './contact-entity.ts';
import type { ContactRecord } from './contacts.ts';
import { changeTicketTags, tagIdsOfTicket } from './tags.ts';
import { getTicketsByIds } from './ticket-batch.ts';
import { contactSnapshotOf, refreshContactTickets } from './ticket-contact.ts';
import {
  contactTicketEntity,
  contactTicketLinkEntity,
  ticketContactTokenEntity,
  ticketEntity,
  ticketEventEntity,
  ticketTokenEntity,
} from './ticket-entity.ts';
import { listTicketNotes } from './ticket-notes.ts';
import { ticketNoteEntity, ticketNoteRefEntity } from './ticket-note-entity.ts';
import { retokenContactTickets, writeRequests } from './ticket-search.ts';
import { ticketKey } from '#domain/ticket-search-keys';
import { messageTokens, snippetAround } from '#domain/message-tokens';
import { deleteTicket, type TicketRecord } from './tickets.ts';
import { writeAll } from './transaction.ts';
import { listWhatsapps } from './whatsapps.ts';
import { queryAllItems, queryPages } from './paged-query.ts';

const nowIso = () => new Date().toISOString();

/**
 * AP-CT-16: what a LID↔number pair finds, in one consistent BatchGet of the three claims
 * (`CONTACTNUM#<pn>`, `CONTACTNUM#<lid>`, `CONTACTLID#<lid>`), then one of the contacts they name.
 */
export async function readLidPair(companyId: number, lid: string, pn: string) {
  const [byNumber, byLidNumber, byLid] = await getItems([
    itemRef(contactNumberEntity, { companyId, number: pn }),
    itemRef(contactNumberEntity, { companyId, number: lid }),
    itemRef(contactLidEntity, { companyId, lid }),
  ] as const);
  const ids = [byNumber?.contactId, byLidNumber?.contactId].filter((id): id is number => id !== undefined);
  const contacts = ids.length > 0 ? await getItems(ids.map((id) => itemRef(contactEntity, { companyId, id }))) : [];
  const found = new Map(contacts.filter((c): c is ContactRecord => Boolean(c)).map((c) => [c.id, c]));
  return {
    numberContact: byNumber ? found.get(byNumber.contactId) : undefined,
    lidContact: byLidNumber ? found.get(byLidNumber.contactId) : undefined,
    lidClaimOwner: byLid?.contactId,
  };
}

/** AP-CT-17: the contact whose number is known that holds a LID (`CONTACTLID#<lid>`, consistent), then AP-CT-1. */
export async function contactOfLid(companyId: number, lid: string): Promise<ContactRecord | undefined> {
  const { data: claim } = await contactLidEntity.get({ companyId, lid }).go({ consistent: true });
  if (!claim) return undefined;
  const { data } = await contactEntity.get({ companyId, id: claim.contactId }).go({ consistent: true });
  return data ?? undefined;
}

/**
 * AP-CT-18: a number's contact takes a LID: the contact's `lid` and the claim `CONTACTLID#<lid>`
 * (created only if absent) in one transaction, a LID it held before released. A LID claimed by
 * another contact answers ERR_DUPLICATED_CONTACT and changes nothing.
 */
export async function attachLid(contact: ContactRecord, lid: string): Promise<void> {
  const { companyId, id } = contact;
  const previous = contact.lid && contact.lid !== lid && !contact.lidOnly ? contact.lid : undefined;
  try {
    await writeAll(
      { contacts: contactEntity, lids: contactLidEntity },
      ({ contacts, lids }) => [
        contacts.patch({ companyId, id }).set({ lid }).commit(),
        lids.create({ companyId, lid, contactId: id }).commit(),
        ...(previous
          ? [lids.delete({ companyId, lid: previous }).where(({ contactId }, { eq }) => eq(contactId, id)).commit()]
          : []),
      ],
      ['ERR_NO_CONTACT_FOUND', 'ERR_DUPLICATED_CONTACT', undefined],
    );
  } catch (error) {
    // Its own claim already (the patch alone was missing): only the attribute is written.
    if (!(error instanceof AppError) || error.code !== 'ERR_DUPLICATED_CONTACT') throw error;
    const { data: claim } = await contactLidEntity.get({ companyId, lid }).go({ consistent: true });
    if (claim?.contactId !== id) throw error;
    await contactEntity.patch({ companyId, id }).set({ lid }).go({ response: 'none' });
  }
}

/**
 * AP-CT-19: a LID-only contact learns its number: in one transaction the number is claimed
 * (`CONTACTNUM#<pn>`, only if absent), the LID's number claim goes and `CONTACTLID#<lid>` takes its
 * place, the contact takes the number (and, unnamed, the number as its name) and loses `lidOnly`;
 * its search tokens follow. Then its tickets' tokens and snapshots, as a renumbering does.
 */
export async function numberLidContact(contact: ContactRecord, pn: string): Promise<ContactRecord> {
  const { companyId, id } = contact;
  const lid = contact.number;
  const name = contact.name === contact.number ? pn : contact.name;
  const before = { name: contact.name, number: contact.number };
  const after = { name, number: pn };
  const oldTokens = new Set(contactTokens(before));
  const newTokens = new Set(contactTokens(after));
  await writeAll(
    { contacts: contactEntity, numbers: contactNumberEntity, lids: contactLidEntity, tokens: contactTokenEntity },
    ({ contacts, numbers, lids, tokens }) => [
      numbers.create({ companyId, number: pn, contactId: id }).commit(),
      numbers.delete({ companyId, number: lid }).where(({ contactId }, { eq }) => eq(contactId, id)).commit(),
      lids.create({ companyId, lid, contactId: id }).commit(),
      contacts
        .patch({ companyId, id })
        .set({ number: pn, lid, name, nameKey: nameKey(name) })
        .remove(['lidOnly'])
        .where(({ lidOnly }, { eq }) => eq(lidOnly, true))
        .commit(),
      ...[...oldTokens].filter((t) => !newTokens.has(t)).map((t) => tokens.delete({ companyId, token: t, contactId: id }).commit()),
      ...[...newTokens].filter((t) => !oldTokens.has(t)).map((t) => tokens.put({ companyId, token: t, contactId: id }).commit()),
    ],
    ['ERR_DUPLICATED_CONTACT', 'ERR_TICKET_CONFLICT', 'ERR_DUPLICATED_CONTACT', 'ERR_TICKET_CONFLICT'],
  );
  const updated: ContactRecord = { ...contact, number: pn, lid, name, nameKey: nameKey(name), lidOnly: undefined };
  await retokenContactTickets(companyId, id, before, after);
  await refreshContactTickets(companyId, id, contactSnapshotOf(updated));
  return updated;
}

/**
 * AP-CT-20: the merge's first step, one transaction: the number's contact takes the LID and the
 * marker `mergingFrom` (only if it has none), `CONTACTLID#<lid>` names it (created only if absent),
 * the LID contact's number claim goes (only while it names that contact). From here on the LID's
 * traffic finds the number's contact; the marker says the rest is still to do.
 */
export async function beginLidMerge(into: ContactRecord, from: ContactRecord, lid: string): Promise<void> {
  const { companyId } = into;
  const previous = into.lid && into.lid !== lid && !into.lidOnly ? into.lid : undefined;
  await writeAll(
    { contacts: contactEntity, numbers: contactNumberEntity, lids: contactLidEntity },
    ({ contacts, numbers, lids }) => [
      contacts
        .patch({ companyId, id: into.id })
        .set({ lid, mergingFrom: from.id })
        .where(({ mergingFrom }, { notExists }) => notExists(mergingFrom))
        .commit(),
      lids.create({ companyId, lid, contactId: into.id }).commit(),
      numbers.delete({ companyId, number: from.number }).where(({ contactId }, { eq }) => eq(contactId, from.id)).commit(),
      ...(previous
        ? [lids.delete({ companyId, lid: previous }).where(({ contactId }, { eq }) => eq(contactId, into.id)).commit()]
        : []),
    ],
    ['ERR_TICKET_CONFLICT', 'ERR_DUPLICATED_CONTACT', 'ERR_TICKET_CONFLICT', undefined],
  );
}

/**
 * AP-CT-21: the merge's last step, one transaction: the LID contact, its search tokens and one of
 * the company's `contactCount` go, and the marker leaves the number's contact (only while it names
 * that contact: a repeated step changes nothing). A LID contact already gone only clears the marker.
 */
export async function finishLidMerge(into: ContactRecord, from: ContactRecord | undefined, fromId: number): Promise<void> {
  const { companyId } = into;
  try {
    await writeAll(
      { contacts: contactEntity, tokens: contactTokenEntity, company: companyEntity },
      ({ contacts, tokens, company }) => [
        contacts
          .patch({ companyId, id: into.id })
          .remove(['mergingFrom'])
          .where(({ mergingFrom }, { eq }) => eq(mergingFrom, fromId))
          .commit(),
        ...(from
          ? [
              contacts.delete({ companyId, id: from.id }).where(({ id }, { exists }) => exists(id)).commit(),
              company.update({ id: companyId }).subtract({ contactCount: 1 }).commit(),
              ...contactTokens(from).map((t) => tokens.delete({ companyId, token: t, contactId: from.id }).commit()),
            ]
          : []),
      ],
      ['ERR_TICKET_CONFLICT', 'ERR_TICKET_CONFLICT'],
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'ERR_TICKET_CONFLICT') return; // finished by another run
    throw error;
  }
}

/** AP-TK-18: every ticket of a contact (its links `CONTACT#<contactId>#…`, all pages), then AP-TK-13. */
export async function ticketsOfContact(companyId: number, contactId: number): Promise<TicketRecord[]> {
  const links = await queryAllItems({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `C#${companyId}#TSEARCH`, ':prefix': `CONTACT#${contactId}#` },
    ProjectionExpression: 'ticketId',
  });
  const ids = links.map((item) => Number(item.ticketId));
  const tickets = await getTicketsByIds(companyId, ids);
  return [...tickets.values()].filter((ticket) => ticket.contactId === contactId);
}

/** AP-TK-19: a contact's current ticket id per connection: the connections (AP-WA-1), one BatchGet of the claims. */
export async function currentTicketsByConnection(companyId: number, contactId: number): Promise<Map<number, number>> {
  const connections = await listWhatsapps(companyId);
  if (connections.length === 0) return new Map();
  const claims = await getItems(connections.map((w) => itemRef(contactTicketEntity, { companyId, whatsappId: w.id, contactId })));
  return new Map(claims.filter((c) => c !== undefined).map((c) => [c.whatsappId, c.ticketId]));
}

/**
 * AP-TK-20: a ticket changes contact: its `contactId` and snapshot, its link (`CONTACT#<id>#…`)
 * and its contact search tokens move to the new contact. Idempotent.
 */
export async function rehomeTicket(ticket: TicketRecord, from: { id: number; name: string; number: string }, into: ContactRecord): Promise<void> {
  const { companyId, id } = ticket;
  if (ticket.contactId !== into.id) {
    await ticketEntity
      .patch({ companyId, id })
      .set({ contactId: into.id, ...(ticket.contactSnapshot ? { contactSnapshot: contactSnapshotOf(into) } : {}) })
      .go({ response: 'none' });
  }
  const key = ticketKey(id);
  const itemOf = (params: unknown) => (params as { Item: Record<string, unknown> }).Item;
  const keyOf = (params: unknown) => (params as { Key: Record<string, unknown> }).Key;
  // A token both contacts have is only put again (a batch may not name one key twice).
  const kept = new Set(ticketContactTokens(into));
  await writeRequests([
    { DeleteRequest: { Key: keyOf(contactTicketLinkEntity.delete({ companyId, contactId: from.id, ticketKey: key }).params()) } },
    { PutRequest: { Item: itemOf(contactTicketLinkEntity.put({ companyId, contactId: into.id, ticketKey: key, ticketId: id }).params()) } },
    ...ticketContactTokens(from).filter((token) => !kept.has(token)).map((token) => ({
      DeleteRequest: { Key: keyOf(ticketContactTokenEntity.delete({ companyId, token, ticketKey: key }).params()) },
    })),
    ...ticketContactTokens(into).map((token) => ({
      PutRequest: { Item: itemOf(ticketContactTokenEntity.put({ companyId, token, ticketKey: key, ticketId: id, contactId: into.id }).params()) },
    })),
  ]);
}

/**
 * AP-TK-21: the LID contact's current ticket on a connection becomes the number contact's: in one
 * transaction the number contact's claim names it (created, or replacing a claim that names
 * `replacing`, a closed ticket), the LID contact's claim goes, and its timeline records the merge.
 */
export async function adoptTicket(
  ticket: TicketRecord,
  fromContactId: number,
  intoContactId: number,
  replacing: number | undefined,
): Promise<void> {
  const { companyId, whatsappId, id } = ticket;
  await writeAll(
    { claims: contactTicketEntity, events: ticketEventEntity },
    ({ claims, events }) => [
      replacing === undefined
        ? claims.create({ companyId, whatsappId, contactId: intoContactId, ticketId: id }).commit()
        : claims
            .patch({ companyId, whatsappId, contactId: intoContactId })
            .set({ ticketId: id })
            .where(({ ticketId }, { eq }) => eq(ticketId, replacing))
            .commit(),
      claims.delete({ companyId, whatsappId, contactId: fromContactId }).commit(),
      events
        .put({ companyId, ticketId: id, at: nowIso(), seq: 'merge', action: 'contact-merged', toStatus: ticket.status, mergedContactId: fromContactId })
        .commit(),
    ],
    ['ERR_TICKET_CONFLICT', undefined, undefined],
  );
}

/**
 * AP-TK-22 (fold): one conversation held by two tickets becomes the `into` ticket's: the other's
 * messages (their ticket, contact and list key `gsi1pk`, page by page, each update idempotent) with
 * their search words, its notes (moved with their references) and its tags go to `into`; `into`
 * takes the later last message and both unread counts and records `contact-merged`; the emptied
 * ticket is deleted (AP-TK-8). Bounded steps, each safe to repeat: a run cut short is finished by
 * the next delivery of the pair (the contact's `mergingFrom` marker).
 */
export async function foldTicket(from: TicketRecord, into: TicketRecord, contactId: number): Promise<void> {
  const { companyId } = into;
  const pages = queryPages({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': `C#${companyId}#T#${from.id}` },
    ProjectionExpression: 'pk, sk, body',
    Limit: 100,
  });
  for await (const items of pages) {
    await Promise.all(
      items.map((item) =>
        documentClient.send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: 'SET ticketId = :into, contactId = :contact, gsi1pk = :pk, updatedAt = :now',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':into': into.id, ':contact': contactId, ':pk': `C#${companyId}#T#${into.id}`, ':now': nowIso() },
          }),
        ),
      ),
    );
    const key = ticketKey(into.id);
    await writeRequests(
      items.flatMap((item) =>
        messageTokens(String(item.body ?? '')).map((token) => ({
          PutRequest: {
            Item: (
              ticketTokenEntity
                .put({ companyId, token, ticketKey: key, ticketId: into.id, snippet: snippetAround(String(item.body ?? ''), token) })
                .params() as { Item: Record<string, unknown> }
            ).Item,
          },
        })),
      ),
    );
  }

  for (const note of await listTicketNotes(companyId, from.id)) {
    await writeAll(
      { notes: ticketNoteEntity },
      ({ notes }) => [
        notes.put({ ...note, ticketId: into.id, contactId }).commit(),
        notes.delete({ companyId, ticketId: from.id, id: note.id }).commit(),
      ],
      [undefined, undefined],
    );
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: (ticketNoteRefEntity.get({ companyId, id: note.id }).params() as { Key: Record<string, unknown> }).Key,
        UpdateExpression: 'SET ticketId = :into',
        ExpressionAttributeValues: { ':into': into.id },
      }),
    );
  }

  const tagIds = await tagIdsOfTicket(companyId, from.id);
  if (tagIds.length > 0) {
    await changeTicketTags(companyId, into.id, (current) => [...new Set([...current, ...tagIds])]);
    await changeTicketTags(companyId, from.id, () => [], { touchTicket: false });
  }

  const summary = foldedTicketSummary(into, from);
  const at = nowIso();
  await writeAll(
    { tickets: ticketEntity, events: ticketEventEntity },
    ({ tickets, events }) => [
      tickets
        .patch({ companyId, id: into.id })
        .set({
          ...summary,
          ...(summary.lastMessageAt
            ? { activityAt: summary.lastMessageAt, ...ticketIndexKeys({ ...into, activityAt: summary.lastMessageAt }) }
            : {}),
        })
        .commit(),
      events
        .put({
          companyId,
          ticketId: into.id,
          at,
          seq: `merge${from.id}`,
          action: 'contact-merged',
          toStatus: into.status,
          mergedTicketId: from.id,
          ...(from.contactId !== into.contactId ? { mergedContactId: from.contactId } : {}),
        })
        .commit(),
    ],
    ['ERR_NO_TICKET_FOUND', undefined],
  );
  await deleteTicket(from);
}
