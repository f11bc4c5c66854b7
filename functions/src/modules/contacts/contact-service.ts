/**
 * The contacts routes' work (core §7, extended §9), one function per route: the handler parses
 * and answers, these read and write.
 */
import type { ContactCreateInput, ContactsQuery, ContactUpdateInput } from '@atende/shared/entities/contact';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import { getCompany } from '#data/companies';
import { companyTimeZone } from '#data/company-time-zone';
import {
  allContactsByName,
  contactIdsWithToken,
  countContactsCreatedIn,
  createContact,
  deleteContact,
  getContact,
  getContacts,
  listContactsByName,
  listContactsCreatedIn,
  updateContact,
} from '#data/contacts';
import { AppError, foundOr } from '#domain/app-error';
import { contactMatches, searchQueryTokens } from '#domain/contact-tokens';
import { daysRangeIn, inRange, type InstantRange } from '#domain/day-range';
import { assertNumberOnWhatsapp } from './check-number.ts';
import { contactCsvLines, publicContact } from './serialize.ts';

type PublicContact = ReturnType<typeof publicContact>;

const pageSize = 20;
/** A search reads at most this many candidates of its most selective word. */
const searchCandidates = 2000;

export interface ContactsPage {
  contacts: PublicContact[];
  count: number;
  hasMore: boolean;
}

export function contactOrFail(companyId: number, id: number) {
  return foundOr(getContact(companyId, id), 'ERR_NO_CONTACT_FOUND');
}

const digitsOnly = (number: string) => number.replace(/\D/g, '');

/**
 * The creation-date filter as instants: `date` is one day, `dateStart`/`dateEnd` the days from
 * one to the other (both included, either may be left open), in the company's time zone.
 */
async function creationRange(companyId: number, query: ContactsQuery): Promise<InstantRange | undefined> {
  const first = query.date ?? query.dateStart;
  const last = query.date ?? query.dateEnd;
  if (!first && !last) return undefined;
  if (first && last && first > last)
    throw new AppError('ERR_VALIDATION', { issues: [{ path: 'dateEnd', message: msg.invalidDate }] });
  return daysRangeIn(first, last, await companyTimeZone(companyId));
}

/**
 * GET /contacts: a page of 20, by name; newest first within a creation-day range; or the
 * contacts matching every word of `searchParam` (its first word's tokens, then checked whole).
 */
export async function contactsPage(companyId: number, query: ContactsQuery): Promise<ContactsPage> {
  const wanted = query.pageNumber * pageSize;
  const words = searchQueryTokens(query.searchParam);
  const created = await creationRange(companyId, query);
  if (words.length === 0 && created) {
    // Newest first: a key range of the company's creation index, whatever its size.
    const [page, count] = await Promise.all([
      listContactsCreatedIn(companyId, created, wanted + 1),
      countContactsCreatedIn(companyId, created),
    ]);
    return {
      contacts: page.slice(wanted - pageSize, wanted).map(publicContact),
      count,
      hasMore: page.length > wanted,
    };
  }
  if (words.length === 0) {
    const [page, company] = await Promise.all([
      listContactsByName(companyId, wanted + 1),
      getCompany(companyId),
    ]);
    return {
      contacts: page.slice(wanted - pageSize, wanted).map(publicContact),
      count: company?.contactCount ?? page.length,
      hasMore: page.length > wanted,
    };
  }
  const ids = await contactIdsWithToken(companyId, words[0]!, searchCandidates);
  const found = [...(await getContacts(companyId, ids)).values()]
    .filter((contact) => contactMatches(contact, words) && (!created || inRange(contact.createdAt, created)))
    .sort((a, b) => a.nameKey.localeCompare(b.nameKey) || a.id - b.id);
  return {
    contacts: found.slice(wanted - pageSize, wanted).map(publicContact),
    count: found.length,
    hasMore: found.length > wanted,
  };
}

/** GET /contacts/export: the whole contact base as `name;number;email` lines, by name. */
export async function contactsCsv(companyId: number): Promise<string> {
  const lines = ['name;number;email'];
  for await (const page of allContactsByName(companyId)) lines.push(...contactCsvLines(page));
  return `${lines.join('\n')}\n`;
}

/** POST /contacts: a number WhatsApp knows (checked through the company's connection), claimed for the company. */
export async function addContact(companyId: number, input: ContactCreateInput): Promise<PublicContact> {
  const number = digitsOnly(input.number);
  await assertNumberOnWhatsapp(companyId, number);
  const contact = await createContact(companyId, {
    name: input.name,
    number,
    email: input.email,
    extraInfo: input.extraInfo,
  });
  return publicContact(contact);
}

/** PUT /contacts/{id}: the fields given; a new number is checked on WhatsApp first. */
export async function changeContact(
  companyId: number,
  id: number,
  input: ContactUpdateInput,
): Promise<PublicContact> {
  const current = await contactOrFail(companyId, id);
  const number = input.number !== undefined ? digitsOnly(input.number) : undefined;
  if (number && number !== current.number) await assertNumberOnWhatsapp(companyId, number);
  return publicContact(
    await updateContact(current, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(number !== undefined ? { number } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.extraInfo !== undefined ? { extraInfo: input.extraInfo } : {}),
    }),
  );
}

/** DELETE /contacts/{id}. */
export async function removeContact(companyId: number, id: number): Promise<void> {
  await deleteContact(await contactOrFail(companyId, id));
}
