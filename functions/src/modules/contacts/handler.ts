import { contactCreateInputSchema, contactsQuerySchema, contactUpdateInputSchema } from '@atende/shared/entities/contact';
import { idPathSchema } from '@atende/shared/fields';
import { getCompany } from '#data/companies';
import {
  allContactsByName,
  contactIdsWithToken,
  createContact,
  deleteContact,
  getContact,
  getContacts,
  listContactsByName,
  updateContact,
} from '#data/contacts';
import { AppError } from '#domain/app-error';
import { contactMatches, searchQueryTokens } from '#domain/contact-tokens';
import { restModule } from '#http/rest-module';
import { route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { assertNumberOnWhatsapp } from './check-number.ts';
import { contactCsvLines, publicContact } from './serialize.ts';

const pageSize = 20;
/** A search reads at most this many candidates of its most selective word. */
const searchCandidates = 2000;

async function contactOrFail(companyId: number, id: number) {
  const contact = await getContact(companyId, id);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  return contact;
}

const digitsOnly = (number: string) => number.replace(/\D/g, '');

/** /api/contacts: the company's contacts, searched through their token index (core §7). */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/contacts',
    access: 'user',
    query: contactsQuerySchema,
    handler: async ({ principal, query }) => {
      if (query.date || query.dateStart || query.dateEnd) {
        throw new AppError('ERR_VALIDATION', { issues: [{ path: 'date', message: 'Filtro aún no disponible' }] });
      }
      const wanted = query.pageNumber * pageSize;
      const words = searchQueryTokens(query.searchParam);
      if (words.length === 0) {
        const [page, company] = await Promise.all([listContactsByName(principal.companyId, wanted + 1), getCompany(principal.companyId)]);
        return {
          contacts: page.slice(wanted - pageSize, wanted).map(publicContact),
          count: company?.contactCount ?? page.length,
          hasMore: page.length > wanted,
        };
      }
      const ids = await contactIdsWithToken(principal.companyId, words[0]!, searchCandidates);
      const found = [...(await getContacts(principal.companyId, ids)).values()]
        .filter((contact) => contactMatches(contact, words))
        .sort((a, b) => a.nameKey.localeCompare(b.nameKey) || a.id - b.id);
      return { contacts: found.slice(wanted - pageSize, wanted).map(publicContact), count: found.length, hasMore: found.length > wanted };
    },
  }),
  route({
    method: 'GET',
    path: '/contacts/list',
    access: 'user',
    handler: async ({ principal }) => (await listContactsByName(principal.companyId, 1000)).map(publicContact),
  }),
  route({
    method: 'GET',
    path: '/contacts/export',
    access: 'user',
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
    method: 'GET',
    path: '/contacts/{id}',
    access: 'user',
    params: idPathSchema,
    handler: async ({ principal, params }) => publicContact(await contactOrFail(principal.companyId, params.id)),
  }),
  route({
    method: 'POST',
    path: '/contacts',
    access: 'user',
    body: contactCreateInputSchema,
    handler: async ({ principal, body }) => {
      const number = digitsOnly(body.number);
      await assertNumberOnWhatsapp(principal.companyId, number);
      const contact = await createContact(principal.companyId, { name: body.name, number, email: body.email, extraInfo: body.extraInfo });
      return new HttpAnswer(201, publicContact(contact));
    },
  }),
  route({
    method: 'PUT',
    path: '/contacts/{id}',
    access: 'user',
    params: idPathSchema,
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
    method: 'DELETE',
    path: '/contacts/{id}',
    access: 'admin',
    params: idPathSchema,
    handler: async ({ principal, params }) => {
      await deleteContact(await contactOrFail(principal.companyId, params.id));
      return new HttpAnswer(204);
    },
  }),
]);

