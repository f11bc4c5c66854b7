import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import {
  contactListCreateInputSchema,
  contactListItemCreateInputSchema,
  contactListItemQuerySchema,
  contactListItemUpdateInputSchema,
  contactListsQuerySchema,
  contactListUpdateInputSchema,
} from '@atende/shared/entities/contact-list';
import { idPathSchema } from '@atende/shared/fields';
import { foldForSearch } from '@atende/shared/search-text';
import { validationMessages as msg } from '@atende/shared/validation-messages';
import {
  createContactList,
  createContactListItem,
  deleteContactList,
  deleteContactListItem,
  getContactList,
  getContactListItem,
  listContactLists,
  listItemsByName,
  updateContactList,
  updateContactListItem,
  type ContactListRecord,
} from '#data/contact-lists';
import { AppError, foundOr } from '#domain/app-error';
import { importRowsOf, normaliseNumber, readSheetRows } from '#domain/contact-list-import';
import { matchesSearch, pageOf } from '#domain/paging';
import { restModule } from '#http/rest-module';
import { oneFile, importedFileSchema } from '#http/uploaded-file';
import { route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { maxCheckWaits } from './check-step.ts';
import { importRowsKey, storeImportRows } from './import-rows-store.ts';
import { publicContactList, publicContactListItem } from './serialize.ts';
import { sendContactListWork } from './work.ts';
import { logger } from '#observability/logger';

/** Rows per page of both lists (the product we replace pages by 20). */
const pageSize = 20;

const uploadSchema = z.object({
  file: oneFile(importedFileSchema),
});

/** The number as stored (digits only), still 8 or more digits once the spaces and signs are gone. */
function storedNumber(number: string): string {
  const digits = normaliseNumber(number);
  if (digits.length < 8)
    throw new AppError('ERR_VALIDATION', { issues: [{ path: 'number', message: msg.tooShort }] });
  return digits;
}

async function listOrFail(companyId: number, id: number): Promise<ContactListRecord> {
  return foundOr(getContactList(companyId, id));
}

async function itemOrFail(companyId: number, id: number) {
  return foundOr(getContactListItem(companyId, id));
}

const byName = (a: { name: string }, b: { name: string }) =>
  foldForSearch(a.name).localeCompare(foldForSearch(b.name));

/** Starts (or restarts) the list's WhatsApp check; a failure to queue leaves items unchecked, never a failed write. */
async function checkSoon(companyId: number, contactListId: number): Promise<void> {
  try {
    // Only an import's check waits for a connection to come: one per item written would pile up.
    await sendContactListWork({
      kind: 'check',
      companyId,
      contactListId,
      cursor: null,
      waits: maxCheckWaits,
    });
  } catch (error) {
    logger.warn('contact-list check not queued', { companyId, contactListId, error: String(error) });
  }
}

const common = { access: 'admin', feature: 'useCampaigns' } as const;

/**
 * /api/contact-lists and /api/contact-list-items (extended §2.6, §7 Contact lists): campaign
 * recipients. Admins only, like the menu group, and only while the plan has campaigns.
 */
export const handler = restModule([
  route({
    ...common,
    method: 'GET',
    path: '/contact-lists',
    query: contactListsQuerySchema,
    handler: async ({ principal, query }) => {
      const lists = (await listContactLists(principal.companyId))
        .filter((list) => matchesSearch(query.searchParam, list.name))
        .sort(byName);
      const page = pageOf(lists, query.pageNumber, pageSize);
      return { records: page.items.map(publicContactList), count: page.count, hasMore: page.hasMore };
    },
  }),
  route({
    ...common,
    method: 'GET',
    path: '/contact-lists/list',
    handler: async ({ principal }) =>
      (await listContactLists(principal.companyId)).sort(byName).map(publicContactList),
  }),
  route({
    ...common,
    method: 'GET',
    path: '/contact-lists/{id}',
    params: idPathSchema,
    handler: async ({ principal, params }) =>
      publicContactList(await listOrFail(principal.companyId, params.id)),
  }),
  route({
    ...common,
    method: 'POST',
    path: '/contact-lists',
    body: contactListCreateInputSchema,
    handler: async ({ principal, body }) =>
      new HttpAnswer(201, publicContactList(await createContactList(principal.companyId, body.name))),
  }),
  route({
    ...common,
    method: 'PUT',
    path: '/contact-lists/{id}',
    params: idPathSchema,
    body: contactListUpdateInputSchema,
    handler: async ({ principal, params, body }) => {
      await listOrFail(principal.companyId, params.id);
      return publicContactList(await updateContactList(principal.companyId, params.id, { name: body.name }));
    },
  }),
  route({
    ...common,
    method: 'DELETE',
    path: '/contact-lists/{id}',
    params: idPathSchema,
    handler: async ({ principal, params }) => {
      await deleteContactList(principal.companyId, params.id);
      // The items go in queued steps: a list of thousands is more than one request should delete.
      await sendContactListWork({ kind: 'purge', companyId: principal.companyId, contactListId: params.id });
      return new HttpAnswer(204);
    },
  }),
  route({
    ...common,
    method: 'POST',
    path: '/contact-lists/{id}/upload',
    multipart: true,
    params: idPathSchema,
    body: uploadSchema,
    handler: async ({ principal, params, body }) => {
      const { companyId } = principal;
      await listOrFail(companyId, params.id);
      const parsed = importRowsOf(await readSheetRows(body.file.content));
      const importId = randomUUID();
      const rows = parsed.rows.map(({ name, number, email }) => ({ name, number, email }));
      const nothingToWrite = rows.length === 0;
      const key = importRowsKey(companyId, params.id, importId);
      if (!nothingToWrite) await storeImportRows(key, rows);
      // Taking over the progress fields makes an older import still running stop at its next slice.
      const list = await updateContactList(companyId, params.id, {
        importId,
        importStatus: nothingToWrite ? 'done' : 'running',
        importTotal: rows.length,
        importDone: 0,
        importCreated: 0,
        importMerged: 0,
        importRefused: parsed.refused.length,
      });
      if (!nothingToWrite)
        await sendContactListWork({
          kind: 'import',
          companyId,
          contactListId: params.id,
          importId,
          key,
          offset: 0,
        });
      return {
        importId,
        contactList: publicContactList(list),
        total: parsed.total,
        accepted: rows.length,
        refused: parsed.refused,
        merged: parsed.merged,
      };
    },
  }),

  route({
    ...common,
    method: 'GET',
    path: '/contact-list-items',
    query: contactListItemQuerySchema,
    handler: async ({ principal, query }) => {
      await listOrFail(principal.companyId, query.contactListId);
      const wanted = query.pageNumber * pageSize;
      // One more than the page, to tell whether another page follows.
      const items = await listItemsByName(principal.companyId, query.contactListId, {
        limit: wanted + 1,
        search: query.searchParam,
      });
      const page = items.slice(wanted - pageSize, wanted);
      return {
        contacts: page.map(publicContactListItem),
        count: page.length,
        hasMore: items.length > wanted,
      };
    },
  }),
  route({
    ...common,
    method: 'GET',
    path: '/contact-list-items/{id}',
    params: idPathSchema,
    handler: async ({ principal, params }) =>
      publicContactListItem(await itemOrFail(principal.companyId, params.id)),
  }),
  route({
    ...common,
    method: 'POST',
    path: '/contact-list-items',
    body: contactListItemCreateInputSchema,
    handler: async ({ principal, body }) => {
      const { companyId } = principal;
      await listOrFail(companyId, body.contactListId);
      const created = await createContactListItem(companyId, body.contactListId, {
        name: body.name,
        number: storedNumber(body.number),
        email: body.email,
      });
      await checkSoon(companyId, body.contactListId);
      return new HttpAnswer(201, publicContactListItem(created));
    },
  }),
  route({
    ...common,
    method: 'PUT',
    path: '/contact-list-items/{id}',
    params: idPathSchema,
    body: contactListItemUpdateInputSchema,
    handler: async ({ principal, params, body }) => {
      const current = await itemOrFail(principal.companyId, params.id);
      const updated = await updateContactListItem(current, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.number !== undefined ? { number: storedNumber(body.number) } : {}),
        ...(body.email !== undefined ? { email: body.email } : {}),
      });
      if (updated.isWhatsappValid === undefined) await checkSoon(principal.companyId, updated.contactListId);
      return publicContactListItem(updated);
    },
  }),
  route({
    ...common,
    method: 'DELETE',
    path: '/contact-list-items/{id}',
    params: idPathSchema,
    handler: async ({ principal, params }) => {
      await deleteContactListItem(await itemOrFail(principal.companyId, params.id));
      return new HttpAnswer(204);
    },
  }),
]);
