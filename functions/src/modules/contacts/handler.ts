import * as z from 'zod';
import {
  contactCreateInputSchema,
  contactImportLimits,
  contactsQuerySchema,
  contactUpdateInputSchema,
  type ContactsQuery,
} from '@atende/shared/entities/contact';
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
import { restModule } from '#http/rest-module';
import { oneFile, importedFileSchema } from '#http/uploaded-file';
import { onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { assertNumberOnWhatsapp } from './check-number.ts';
import { importContactsCsv } from './import.ts';
import { contactCsvLines, publicContact } from './serialize.ts';

const pageSize = 20;
/** A search reads at most this many candidates of its most selective word. */
const searchCandidates = 2000;

async function contactOrFail(companyId: number, id: number) {
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

/** POST /contacts/import: multipart `file` (one). */
const importBodySchema = z.object({
  file: oneFile(importedFileSchema),
});

/** Time kept back from the Lambda's limit to answer what was imported so far. */
const importAnswerMarginMs = 4_000;

/**
 * /api/contacts: the company's contacts, searched through their token index (core §7), filtered by
 * creation day through their creation index, exported and imported as CSV (extended §9).
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/contacts',
    access: 'user',
    query: contactsQuerySchema,
    handler: async ({ principal, query }) => {
      const wanted = query.pageNumber * pageSize;
      const words = searchQueryTokens(query.searchParam);
      const created = await creationRange(principal.companyId, query);
      if (words.length === 0 && created) {
        // Newest first: a key range of the company's creation index, whatever its size.
        const [page, count] = await Promise.all([
          listContactsCreatedIn(principal.companyId, created, wanted + 1),
          countContactsCreatedIn(principal.companyId, created),
        ]);
        return {
          contacts: page.slice(wanted - pageSize, wanted).map(publicContact),
          count,
          hasMore: page.length > wanted,
        };
      }
      if (words.length === 0) {
        const [page, company] = await Promise.all([
          listContactsByName(principal.companyId, wanted + 1),
          getCompany(principal.companyId),
        ]);
        return {
          contacts: page.slice(wanted - pageSize, wanted).map(publicContact),
          count: company?.contactCount ?? page.length,
          hasMore: page.length > wanted,
        };
      }
      const ids = await contactIdsWithToken(principal.companyId, words[0]!, searchCandidates);
      const found = [...(await getContacts(principal.companyId, ids)).values()]
        .filter(
          (contact) => contactMatches(contact, words) && (!created || inRange(contact.createdAt, created)),
        )
        .sort((a, b) => a.nameKey.localeCompare(b.nameKey) || a.id - b.id);
      return {
        contacts: found.slice(wanted - pageSize, wanted).map(publicContact),
        count: found.length,
        hasMore: found.length > wanted,
      };
    },
  }),
  route({
    method: 'GET',
    path: '/contacts/list',
    access: 'user',
    handler: async ({ principal }) =>
      (await listContactsByName(principal.companyId, 1000)).map(publicContact),
  }),
  route({
    method: 'GET',
    path: '/contacts/export',
    // The whole contact base in one file: admins only (docs/decisions.md, Security: inputs).
    access: 'admin',
    handler: async ({ principal }) => {
      const lines = ['name;number;email'];
      for await (const page of allContactsByName(principal.companyId)) lines.push(...contactCsvLines(page));
      return new HttpAnswer(200, undefined, {
        headers: { 'content-disposition': 'attachment; filename="contatos.csv"' },
        raw: { content: `${lines.join('\n')}\n`, contentType: 'text/csv; charset=utf-8' },
      });
    },
  }),
  route({
    method: 'POST',
    path: '/contacts/import',
    multipart: true,
    access: 'user',
    body: importBodySchema,
    handler: async ({ principal, body, context }) => {
      if (body.file.content.length > contactImportLimits.maxBytes)
        throw new AppError('ERR_PAYLOAD_TOO_LARGE');
      const remaining =
        typeof context?.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis() : 29_000;
      return importContactsCsv(
        principal.companyId,
        body.file.content,
        Date.now() + Math.max(1_000, remaining - importAnswerMarginMs),
      );
    },
  }),
  route({
    ...onRecord('GET', '/contacts/{id}', 'user'),
    handler: async ({ principal, params }) =>
      publicContact(await contactOrFail(principal.companyId, params.id)),
  }),
  route({
    method: 'POST',
    path: '/contacts',
    access: 'user',
    body: contactCreateInputSchema,
    handler: async ({ principal, body }) => {
      const number = digitsOnly(body.number);
      await assertNumberOnWhatsapp(principal.companyId, number);
      const contact = await createContact(principal.companyId, {
        name: body.name,
        number,
        email: body.email,
        extraInfo: body.extraInfo,
      });
      return new HttpAnswer(201, publicContact(contact));
    },
  }),
  route({
    ...onRecord('PUT', '/contacts/{id}', 'user'),
    body: contactUpdateInputSchema,
    handler: async ({ principal, params, body }) => {
      const current = await contactOrFail(principal.companyId, params.id);
      const number = body.number !== undefined ? digitsOnly(body.number) : undefined;
      if (number && number !== current.number) await assertNumberOnWhatsapp(principal.companyId, number);
      return publicContact(
        await updateContact(current, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(number !== undefined ? { number } : {}),
          ...(body.email !== undefined ? { email: body.email } : {}),
          ...(body.extraInfo !== undefined ? { extraInfo: body.extraInfo } : {}),
        }),
      );
    },
  }),
  route({
    ...onRecord('DELETE', '/contacts/{id}', 'admin'),
    handler: async ({ principal, params }) => {
      await deleteContact(await contactOrFail(principal.companyId, params.id));
      return new HttpAnswer(204);
    },
  }),
]);
