import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { EntityItem } from 'electrodb';
import { documentClient, tableName } from '#aws/dynamo';
import { contactTokens } from '#domain/contact-tokens';
import { nameKey } from '#domain/company-rules';
import type { InstantRange } from '#domain/day-range';
import { AppError } from '#domain/app-error';
import { companyEntity } from './company-entity.ts';
import { retriedOnTransactionConflict } from './conflict-retry.ts';
import { contactEntity, contactLidEntity, contactNumberEntity, contactTokenEntity } from './contact-entity.ts';
import { nextId, reserveIds } from './ids.ts';
import { retokenContactTickets } from './ticket-search.ts';
import { contactSnapshotOf, refreshContactTickets } from './ticket-contact.ts';
import { idsWithTokenPrefix } from './token-index.ts';
import { writeAll, type TransactionWriter } from './transaction.ts';
import { entityPages, queryCount } from './paged-query.ts';

export type ContactRecord = EntityItem<typeof contactEntity>;

export interface ContactFields {
  name: string;
  number: string;
  email?: string;
  isGroup?: boolean;
  whatsappId?: number;
  extraInfo?: { name: string; value: string }[];
  /** A person WhatsApp addressed by LID only: `number` holds the LID's digits (docs/decisions, "LID contacts"). */
  lidOnly?: boolean;
}

/** AP-CT-1: a contact by id. */
export async function getContact(companyId: number, id: number): Promise<ContactRecord | undefined> {
  const { data } = await contactEntity.get({ companyId, id }).go();
  return data ?? undefined;
}

/** AP-CT-2: the contact that owns a number in a company (every inbound message). */
export async function getContactByNumber(companyId: number, number: string): Promise<ContactRecord | undefined> {
  const { data: claim } = await contactNumberEntity.get({ companyId, number }).go({ consistent: true });
  return claim ? getContact(companyId, claim.contactId) : undefined;
}

/**
 * AP-CT-6: create a contact with its number claim, its search tokens and the company's count, in
 * one transaction: a taken number answers ERR_DUPLICATED_CONTACT and leaves nothing behind.
 */
export async function createContact(companyId: number, fields: ContactFields): Promise<ContactRecord> {
  const id = await nextId({ companyId }, 'contact');
  const [created] = await writeNewContacts(companyId, [newContactRecord(companyId, id, fields)], { countInTransaction: true });
  if (!created) throw new Error(`contact ${companyId}/${id}: the created item could not be read back`);
  return created;
}

export type NewContactRecord = ReturnType<typeof newContactRecord>;

/** A new contact's item as it is first written: the one place a contact item is built. */
export function newContactRecord(companyId: number, id: number, fields: ContactFields) {
  return {
    companyId,
    id,
    name: fields.name.trim(),
    nameKey: nameKey(fields.name),
    number: fields.number,
    email: fields.email ?? '',
    isGroup: fields.isGroup ?? false,
    extraInfo: (fields.extraInfo ?? []).map((info, index) => ({ id: index + 1, name: info.name, value: info.value })),
    ...(fields.whatsappId ? { whatsappId: fields.whatsappId } : {}),
    ...(fields.lidOnly ? { lid: fields.number, lidOnly: true } : {}),
  };
}

/** How many items a new contact writes: its number claim, itself and its search tokens. */
function itemsOfNewContact(record: NewContactRecord): number {
  return 2 + contactTokens(record).length;
}

/**
 * The writes of one new contact: its number claim (created only if absent: the uniqueness guard,
 * ERR_DUPLICATED_CONTACT when it fails), the contact (second) and its search tokens. The
 * company's `contactCount` is the caller's.
 */
export function newContactWrites(
  entities: {
    contact: TransactionWriter<typeof contactEntity>;
    contactNumber: TransactionWriter<typeof contactNumberEntity>;
    token: TransactionWriter<typeof contactTokenEntity>;
  },
  record: NewContactRecord,
) {
  const { companyId } = record;
  return [
    entities.contactNumber.create({ companyId, number: record.number, contactId: record.id }).commit(),
    entities.contact.create(record).commit(),
    ...contactTokens(record).map((t) => entities.token.put({ companyId, token: t, contactId: record.id }).commit()),
  ];
}

/**
 * The one way new contacts are written, alone (AP-CT-6) or several together (AP-CT-13): per
 * contact its number claim (created only if absent: the uniqueness guard), the contact and its
 * search tokens, all in one transaction. With `countInTransaction` the company's
 * `contactCount` moves in the same transaction; a taken number answers ERR_DUPLICATED_CONTACT
 * and nothing is written. Answers the contacts exactly as written (no need to read them back).
 */
async function writeNewContacts(companyId: number, records: NewContactRecord[], options: { countInTransaction: boolean }): Promise<ContactRecord[]> {
  let written: Record<string, unknown>[] = [];
  const keepWritten = <T>(put: T): T => {
    const item = (put as { Put?: { Item?: Record<string, unknown> } }).Put?.Item;
    if (item) written.push(item);
    return put;
  };
  await writeAll(
    { contact: contactEntity, contactNumber: contactNumberEntity, token: contactTokenEntity, company: companyEntity },
    ({ contact, contactNumber, token, company }) => {
      // A retried transaction builds its items again.
      written = [];
      return [
        ...records.flatMap((record) =>
          newContactWrites({ contact, contactNumber, token }, record).map((write, index) => (index === 1 ? keepWritten(write) : write)),
        ),
        ...(options.countInTransaction ? [company.update({ id: companyId }).add({ contactCount: records.length }).commit()] : []),
      ];
    },
    // Only the claims and the contacts carry conditions: a failed one is a taken number.
    records.flatMap((record) => ['ERR_DUPLICATED_CONTACT' as const, 'ERR_DUPLICATED_CONTACT' as const, ...contactTokens(record).map(() => undefined)]),
  );
  return written.map((item) => contactEntity.parse({ Item: item }).data as ContactRecord);
}

/**
 * AP-CT-3: the contact of a number, created when new. Two first messages racing for one number
 * end with one contact: the loser reads the winner's. `known`: the caller has just read the
 * number's contact (AP-IN-1), so it is not read again.
 */
export async function findOrCreateContact(
  companyId: number,
  fields: { number: string; name: string; isGroup: boolean; whatsappId: number; lidOnly?: boolean },
  known?: { contact: ContactRecord | undefined },
): Promise<{ contact: ContactRecord; created: boolean }> {
  const existing = known ? known.contact : await getContactByNumber(companyId, fields.number);
  if (existing) return { contact: existing, created: false };
  try {
    return { contact: await createContact(companyId, fields), created: true };
  } catch (error) {
    const winner = await getContactByNumber(companyId, fields.number);
    if (winner) return { contact: winner, created: false };
    throw error;
  }
}

/** AP-CT-7: change a contact; a new number is claimed and the old released, tokens replaced. */
export async function updateContact(current: ContactRecord, changes: Partial<ContactFields>): Promise<ContactRecord> {
  const { companyId, id } = current;
  const next = {
    name: changes.name?.trim() ?? current.name,
    number: changes.number ?? current.number,
  };
  const oldTokens = new Set(contactTokens(current));
  const newTokens = new Set(contactTokens(next));
  const renumbered = next.number !== current.number;
  await writeAll(
    { contact: contactEntity, contactNumber: contactNumberEntity, token: contactTokenEntity },
    ({ contact, contactNumber, token }) => [
      contact
        .patch({ companyId, id })
        .set({
          name: next.name,
          nameKey: nameKey(next.name),
          number: next.number,
          ...(changes.email !== undefined ? { email: changes.email } : {}),
          ...(changes.extraInfo !== undefined
            ? { extraInfo: changes.extraInfo.map((info, index) => ({ id: index + 1, name: info.name, value: info.value })) }
            : {}),
        })
        // A LID-only contact given its number by hand is a number's contact from now on.
        .remove(renumbered && current.lidOnly ? ['lidOnly'] : [])
        .commit(),
      ...(renumbered
        ? [
            contactNumber.create({ companyId, number: next.number, contactId: id }).commit(),
            contactNumber.delete({ companyId, number: current.number }).commit(),
          ]
        : []),
      ...[...oldTokens].filter((t) => !newTokens.has(t)).map((t) => token.delete({ companyId, token: t, contactId: id }).commit()),
      ...[...newTokens].filter((t) => !oldTokens.has(t)).map((t) => token.put({ companyId, token: t, contactId: id }).commit()),
    ],
    ['ERR_NO_CONTACT_FOUND', 'ERR_DUPLICATED_CONTACT'],
  );
  // Its tickets are found by its new name and number (their contact tokens, bounded).
  await retokenContactTickets(companyId, id, current, next);
  const updated = await getContact(companyId, id);
  if (!updated) throw new Error(`contact ${companyId}/${id} vanished`);
  // What the ticket lists show of the contact lives on its tickets too (AP-TK-16).
  if (updated.name !== current.name || updated.number !== current.number) await refreshContactTickets(companyId, id, contactSnapshotOf(updated));
  return updated;
}

/** AP-CT-8: delete a contact with its number claim, tokens and count. */
export async function deleteContact(current: ContactRecord): Promise<void> {
  const { companyId, id } = current;
  await writeAll(
    { contact: contactEntity, contactNumber: contactNumberEntity, token: contactTokenEntity, company: companyEntity, lids: contactLidEntity },
    ({ contact, contactNumber, token, company, lids }) => [
      contact.delete({ companyId, id }).where(({ id: contactId }, { exists }) => exists(contactId)).commit(),
      contactNumber.delete({ companyId, number: current.number }).commit(),
      company.update({ id: companyId }).subtract({ contactCount: 1 }).commit(),
      ...contactTokens(current).map((t) => token.delete({ companyId, token: t, contactId: id }).commit()),
      // Its LID's claim goes with it (the LID may come back as a new contact).
      ...(current.lid && !current.lidOnly ? [lids.delete({ companyId, lid: current.lid }).commit()] : []),
    ],
    ['ERR_NO_CONTACT_FOUND'],
  );
  // Its tickets stay; the lists show them without a contact, as before snapshots (AP-TK-16).
  await refreshContactTickets(companyId, id, undefined);
}

/** AP-CT-9: contacts in name order, one page (page n reads n × size + 1 keys of the index). */
export async function listContactsByName(companyId: number, limit: number): Promise<ContactRecord[]> {
  const { data } = await contactEntity.query.byName({ companyId }).go({ limit });
  return data;
}

/** AP-CT-10: every contact in name order, page by page (the CSV export). */
export async function* allContactsByName(companyId: number): AsyncGenerator<ContactRecord[]> {
  yield* entityPages((cursor) => contactEntity.query.byName({ companyId }).go({ limit: 500, cursor }));
}

/** AP-CT-11: ids of the contacts with a token starting with `prefix` (a search's most selective word). */
export function contactIdsWithToken(companyId: number, prefix: string, limit: number): Promise<number[]> {
  return idsWithTokenPrefix(`C#${companyId}#CSEARCH`, prefix, 'contactId', limit);
}

/** AP-CT-5: several contacts at once (a page of tickets or search results). */
export async function getContacts(companyId: number, ids: number[]): Promise<Map<number, ContactRecord>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { data } = await contactEntity.get(unique.map((id) => ({ companyId, id }))).go();
  return new Map(data.map((contact) => [contact.id, contact]));
}

/**
 * AP-CT-4: keep the WhatsApp display name when the contact has only its number as a name.
 * Answers the contact as it now is (a ticket created next takes its snapshot from it).
 */
export async function renameContactIfUnnamed(contact: ContactRecord, pushName: string): Promise<ContactRecord> {
  if (!pushName || contact.name !== contact.number) return contact;
  return updateContact(contact, { name: pushName });
}

/** DynamoDB's limit of items in one transaction. */
const transactionItemLimit = 100;

/** AP-CT-12: which of these numbers already belong to a contact of the company (batch gets of the claims). */
export async function takenContactNumbers(companyId: number, numbers: string[]): Promise<Set<string>> {
  const unique = [...new Set(numbers)];
  if (unique.length === 0) return new Set();
  const { data } = await contactNumberEntity.get(unique.map((number) => ({ companyId, number }))).go({ concurrency: 4 });
  return new Set(data.map((claim) => claim.number));
}

/**
 * AP-CT-13: create many contacts (an import). Ids are reserved with one counter update; the
 * contacts go in transactions of up to 100 items, several at once, each with exactly the items
 * and guards of AP-CT-6. The company's `contactCount` is added right after each transaction
 * (not inside: parallel transactions on the company item would cancel each other), so only a
 * crash between the two could leave the count short of a batch. A batch that
 * meets a number taken meanwhile is retried contact by contact, and that contact is reported as
 * taken. Batches not started before `deadline` (epoch ms) are reported as not written.
 */
export async function createContactsInBulk(
  companyId: number,
  rows: ContactFields[],
  options: { deadline: number; concurrency?: number },
): Promise<{ created: number[]; taken: number[]; notWritten: number[] }> {
  const ids = await reserveIds({ companyId }, 'contact', rows.length);
  const records = rows.map((fields, index) => ({ index, record: newContactRecord(companyId, ids[index]!, fields) }));
  const batches: (typeof records)[] = [];
  let items = 0;
  for (const entry of records) {
    const size = itemsOfNewContact(entry.record);
    const last = batches.at(-1);
    if (!last || items + size > transactionItemLimit) {
      batches.push([entry]);
      items = size;
    } else {
      last.push(entry);
      items += size;
    }
  }
  const outcome = { created: [] as number[], taken: [] as number[], notWritten: [] as number[] };
  let next = 0;
  const lane = async () => {
    for (let batch = batches[next++]; batch; batch = batches[next++]) {
      if (Date.now() > options.deadline) {
        outcome.notWritten.push(...batch.map((entry) => entry.index));
        continue;
      }
      try {
        await writeNewContacts(companyId, batch.map((entry) => entry.record), { countInTransaction: false });
        await addToContactCount(companyId, batch.length);
        outcome.created.push(...batch.map((entry) => entry.index));
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'ERR_DUPLICATED_CONTACT') throw error;
        for (const entry of batch) {
          try {
            await writeNewContacts(companyId, [entry.record], { countInTransaction: false });
            await addToContactCount(companyId, 1);
            outcome.created.push(entry.index);
          } catch (single) {
            if (!(single instanceof AppError) || single.code !== 'ERR_DUPLICATED_CONTACT') throw single;
            outcome.taken.push(entry.index);
          }
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 8, batches.length) }, lane));
  return outcome;
}

/** The company's contact count after a bulk batch; retried while a transaction holds the company item. */
async function addToContactCount(companyId: number, count: number): Promise<void> {
  await retriedOnTransactionConflict(() =>
    companyEntity.update({ id: companyId }).add({ contactCount: count }).go({ response: 'none' }),
  );
}

/**
 * AP-CT-14: contacts created in a range of instants (days of the company), newest first, one
 * page: `gsi2pk = C#<companyId>#CCREATED`, `gsi2sk BETWEEN <from> AND <to>`, limit page × 20 + 1.
 */
export async function listContactsCreatedIn(companyId: number, range: InstantRange, limit: number): Promise<ContactRecord[]> {
  const answer = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': `C#${companyId}#CCREATED`, ':from': range.from, ':to': range.to },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return contactEntity.parse({ Items: answer.Items ?? [] }).data as ContactRecord[];
}

/** AP-CT-15: how many contacts were created in a range (the same key range, `Select COUNT`). */
export async function countContactsCreatedIn(companyId: number, range: InstantRange): Promise<number> {
  return queryCount({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': `C#${companyId}#CCREATED`, ':from': range.from, ':to': range.to },
  });
}
