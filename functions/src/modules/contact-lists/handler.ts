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
import { createContactList } from '#data/contact-lists';
import { restModule } from '#http/rest-module';
import { oneFile, importedFileSchema } from '#http/uploaded-file';
import { route } from '#http/route';
import { HttpAnswer } from '#http/types';
import {
  addContactListItem,
  allContactLists,
  changeContactListItem,
  contactListItemsPage,
  contactListsPage,
  importIntoContactList,
  itemOrFail,
  listOrFail,
  removeContactList,
  removeContactListItem,
  renameContactList,
} from './contact-list-service.ts';
import { publicContactList, publicContactListItem } from './serialize.ts';

const uploadSchema = z.object({
  file: oneFile(importedFileSchema),
});

const common = { access: 'admin', feature: 'useCampaigns' } as const;

/**
 * /api/contact-lists and /api/contact-list-items (extended §2.6, §7 Contact lists): campaign
 * recipients. Admins only, like the menu group, and only while the plan has campaigns. The work
 * is in contact-list-service.ts; these routes parse and answer.
 */
export const handler = restModule([
  route({
    ...common,
    method: 'GET',
    path: '/contact-lists',
    query: contactListsQuerySchema,
    handler: ({ principal, query }) => contactListsPage(principal.companyId, query),
  }),
  route({
    ...common,
    method: 'GET',
    path: '/contact-lists/list',
    handler: ({ principal }) => allContactLists(principal.companyId),
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
    handler: ({ principal, params, body }) => renameContactList(principal.companyId, params.id, body.name),
  }),
  route({
    ...common,
    method: 'DELETE',
    path: '/contact-lists/{id}',
    params: idPathSchema,
    handler: async ({ principal, params }) => {
      await removeContactList(principal.companyId, params.id);
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
    handler: ({ principal, params, body }) =>
      importIntoContactList(principal.companyId, params.id, body.file.content),
  }),

  route({
    ...common,
    method: 'GET',
    path: '/contact-list-items',
    query: contactListItemQuerySchema,
    handler: ({ principal, query }) => contactListItemsPage(principal.companyId, query),
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
    handler: async ({ principal, body }) =>
      new HttpAnswer(201, await addContactListItem(principal.companyId, body)),
  }),
  route({
    ...common,
    method: 'PUT',
    path: '/contact-list-items/{id}',
    params: idPathSchema,
    body: contactListItemUpdateInputSchema,
    handler: ({ principal, params, body }) => changeContactListItem(principal.companyId, params.id, body),
  }),
  route({
    ...common,
    method: 'DELETE',
    path: '/contact-list-items/{id}',
    params: idPathSchema,
    handler: async ({ principal, params }) => {
      await removeContactListItem(principal.companyId, params.id);
      return new HttpAnswer(204);
    },
  }),
]);
