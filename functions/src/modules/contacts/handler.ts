import * as z from 'zod';
import {
  contactCreateInputSchema,
  contactImportLimits,
  contactsQuerySchema,
  contactUpdateInputSchema,
} from '@atende/shared/entities/contact';
import { listContactsByName } from '#data/contacts';
import { AppError } from '#domain/app-error';
import { restModule } from '#http/rest-module';
import { oneFile, importedFileSchema } from '#http/uploaded-file';
import { onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';
import {
  addContact,
  changeContact,
  contactOrFail,
  contactsCsv,
  contactsPage,
  removeContact,
} from './contact-service.ts';
import { importContactsCsv } from './import.ts';
import { publicContact } from './serialize.ts';

/** POST /contacts/import: multipart `file` (one). */
const importBodySchema = z.object({
  file: oneFile(importedFileSchema),
});

/** Time kept back from the Lambda's limit to answer what was imported so far. */
const importAnswerMarginMs = 4_000;

/**
 * /api/contacts: the company's contacts, searched through their token index (core §7), filtered by
 * creation day through their creation index, exported and imported as CSV (extended §9). The
 * work is in contact-service.ts; these routes parse and answer.
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/contacts',
    access: 'user',
    query: contactsQuerySchema,
    handler: ({ principal, query }) => contactsPage(principal.companyId, query),
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
    handler: async ({ principal }) =>
      new HttpAnswer(200, undefined, {
        headers: { 'content-disposition': 'attachment; filename="contatos.csv"' },
        raw: { content: await contactsCsv(principal.companyId), contentType: 'text/csv; charset=utf-8' },
      }),
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
    handler: async ({ principal, body }) => new HttpAnswer(201, await addContact(principal.companyId, body)),
  }),
  route({
    ...onRecord('PUT', '/contacts/{id}', 'user'),
    body: contactUpdateInputSchema,
    handler: ({ principal, params, body }) => changeContact(principal.companyId, params.id, body),
  }),
  route({
    ...onRecord('DELETE', '/contacts/{id}', 'admin'),
    handler: async ({ principal, params }) => {
      await removeContact(principal.companyId, params.id);
      return new HttpAnswer(204);
    },
  }),
]);
