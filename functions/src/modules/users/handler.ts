import * as z from 'zod';
import {
  userCreateInputSchema,
  userListQuerySchema,
  userSearchQuerySchema,
  userUpdateInputSchema,
} from '@atende/shared/entities/user';
import { restModule } from '#http/rest-module';
import { onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';
import {
  addUser,
  allUsers,
  changeUser,
  removeUser,
  searchUserNames,
  userForReader,
  usersPage,
} from './user-service.ts';

/**
 * /api/users: the company's team. Admins manage users; anyone may read and change their own
 * name, e-mail and password. The company is always the caller's. The work is in
 * user-service.ts; these routes parse and answer.
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/users',
    access: 'admin',
    query: userListQuerySchema,
    handler: ({ principal, query }) => usersPage(principal.companyId, query),
  }),
  route({
    method: 'GET',
    path: '/users/list',
    access: 'user',
    handler: ({ principal }) => allUsers(principal.companyId),
  }),
  route({
    // The transfer dialog's autocomplete (core §2): any user may transfer, so any user may search
    // their own company's team by name; the answer holds only ids and names.
    method: 'GET',
    path: '/users/search',
    access: 'user',
    query: userSearchQuerySchema,
    handler: ({ principal, query }) => searchUserNames(principal.companyId, query.searchParam, query.limit),
  }),
  route({
    ...onRecord('GET', '/users/{id}', 'user'),
    allowBlockedCompany: true,
    handler: ({ principal, params }) => userForReader(principal, params.id),
  }),
  route({
    method: 'POST',
    path: '/users',
    access: 'admin',
    body: userCreateInputSchema.extend({ super: z.boolean().optional() }),
    handler: async ({ principal, body }) => new HttpAnswer(201, await addUser(principal, body)),
  }),
  route({
    ...onRecord('PUT', '/users/{id}', 'user'),
    allowBlockedCompany: true,
    body: userUpdateInputSchema.extend({ super: z.boolean().optional() }),
    handler: ({ principal, params, body }) => changeUser(principal, params.id, body),
  }),
  route({
    ...onRecord('DELETE', '/users/{id}', 'admin'),
    handler: async ({ principal, params }) => {
      await removeUser(principal, params.id);
      return new HttpAnswer(204);
    },
  }),
]);
