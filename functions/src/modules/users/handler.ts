import * as z from 'zod';
import {
  userCreateInputSchema,
  userListQuerySchema,
  userSearchQuerySchema,
  userUpdateInputSchema,
} from '@atende/shared/entities/user';
import { hashPassword, verifyPassword } from '#auth/password';
import { isAdmin } from '#auth/principal';
import { forgetSession } from '#auth/session-check';
import { companyContext } from '#http/company-context';
import { nextId } from '#data/ids';
import { queueRefsByIds } from '#data/queues';
import {
  createUser,
  deleteUser,
  getUser,
  listCompanyUserNames,
  listCompanyUsers,
  updateUser,
  type UserRecord,
} from '#data/users';
import { AppError, foundOr } from '#domain/app-error';
import { matchesSearch, pageOf } from '#domain/paging';
import { publicUser } from './serialize.ts';
import { searchUsersByName } from '#domain/user-search';
import {
  assertMayDeleteUser,
  assertMayEditUser,
  assertMayReadUser,
  changedFields,
  endsSession,
  needsCurrentPassword,
} from '#domain/user-rules';
import { restModule } from '#http/rest-module';
import { onRecord, route } from '#http/route';
import { HttpAnswer } from '#http/types';
import { assertUserReferencesExist } from './references.ts';

const pageSize = 20;

async function userOrFail(companyId: number, id: number) {
  return foundOr(getUser(companyId, id), 'ERR_NO_USER_FOUND');
}

/** The users' queues with name and colour, read once for a whole list. */
const queuesOf = (companyId: number, users: UserRecord[]) => queueRefsByIds(companyId, users.flatMap((user) => user.queueIds ?? []));

/** Users as the API shows them, with their queues. */
async function publicUsers(companyId: number, users: UserRecord[]) {
  const queues = await queuesOf(companyId, users);
  return users.map((user) => publicUser(user, { queues }));
}

const sortedByName = <T extends { name: string }>(items: T[]) => items.sort((a, b) => a.name.localeCompare(b.name, 'es'));

/**
 * /api/users: the company's team. Admins manage users; anyone may read and change their own
 * name, e-mail and password. The company is always the caller's.
 */
export const handler = restModule([
  route({
    method: 'GET',
    path: '/users',
    access: 'admin',
    query: userListQuerySchema,
    handler: async ({ principal, query }) => {
      const users = sortedByName(await listCompanyUsers(principal.companyId)).filter((user) =>
        matchesSearch(query.searchParam, user.name, user.email),
      );
      const page = pageOf(users, query.pageNumber, pageSize);
      return { users: await publicUsers(principal.companyId, page.items), count: page.count, hasMore: page.hasMore };
    },
  }),
  route({
    method: 'GET',
    path: '/users/list',
    access: 'user',
    handler: async ({ principal }) => publicUsers(principal.companyId, sortedByName(await listCompanyUsers(principal.companyId))),
  }),
  route({
    // The transfer dialog's autocomplete (core §2): any user may transfer, so any user may search
    // their own company's team by name; the answer holds only ids and names.
    method: 'GET',
    path: '/users/search',
    access: 'user',
    query: userSearchQuerySchema,
    handler: async ({ principal, query }) => {
      const names = await listCompanyUserNames(principal.companyId);
      const found = searchUsersByName(names, query.searchParam, query.limit);
      return { users: found.users.map(({ id, name }) => ({ id, name })), hasMore: found.hasMore };
    },
  }),
  route({
    ...onRecord('GET', '/users/{id}', 'user'),
    allowBlockedCompany: true,
    handler: async ({ principal, params }) => {
      assertMayReadUser(principal, params.id);
      return (await publicUsers(principal.companyId, [await userOrFail(principal.companyId, params.id)]))[0];
    },
  }),
  route({
    method: 'POST',
    path: '/users',
    access: 'admin',
    body: userCreateInputSchema.extend({ super: z.boolean().optional() }),
    handler: async ({ principal, body }) => {
      if (body.super && !principal.isSuper) throw new AppError('ERR_NO_PERMISSION');
      // Only super users create users in another company.
      const companyId = principal.isSuper && body.companyId ? body.companyId : principal.companyId;
      const [{ plan }] = await Promise.all([
        companyContext(companyId),
        assertUserReferencesExist(companyId, { queueIds: body.queueIds, whatsappId: body.whatsappId }),
      ]);
      const id = await nextId({ companyId }, 'user');
      const user = {
        companyId,
        id,
        name: body.name,
        email: body.email,
        passwordHash: await hashPassword(body.password),
        profile: body.profile,
        isSuper: body.super ?? false,
        allTicket: body.allTicket,
        queueIds: body.queueIds,
        ...(body.whatsappId ? { whatsappId: body.whatsappId } : {}),
      };
      await createUser(user, plan?.users ?? Number.MAX_SAFE_INTEGER);
      return new HttpAnswer(201, (await publicUsers(companyId, [await userOrFail(companyId, id)]))[0]);
    },
  }),
  route({
    ...onRecord('PUT', '/users/{id}', 'user'),
    allowBlockedCompany: true,
    body: userUpdateInputSchema.extend({ super: z.boolean().optional() }),
    handler: async ({ principal, params, body }) => {
      const current = await userOrFail(principal.companyId, params.id);
      const comparable = { ...current, super: current.isSuper ?? false, whatsappId: current.whatsappId ?? null };
      const changes = changedFields(comparable, body);
      assertMayEditUser(principal, current, changes);
      if (needsCurrentPassword(principal, current.id, changes)) {
        const proven = body.currentPassword !== undefined && (await verifyPassword(current.passwordHash, body.currentPassword));
        if (!proven) throw new AppError('ERR_WRONG_CURRENT_PASSWORD');
      }
      if (isAdmin(principal)) {
        await assertUserReferencesExist(principal.companyId, {
          queueIds: body.queueIds,
          whatsappId: body.whatsappId,
        });
      }
      await updateUser(
        current,
        {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.email !== undefined ? { email: body.email } : {}),
          ...(body.password ? { passwordHash: await hashPassword(body.password) } : {}),
          ...(body.profile !== undefined && isAdmin(principal) ? { profile: body.profile } : {}),
          ...(body.allTicket !== undefined && isAdmin(principal) ? { allTicket: body.allTicket } : {}),
          ...(body.queueIds !== undefined && isAdmin(principal) ? { queueIds: body.queueIds } : {}),
          ...(body.whatsappId && isAdmin(principal) ? { whatsappId: body.whatsappId } : {}),
          ...(body.super !== undefined && principal.isSuper ? { isSuper: body.super } : {}),
          ...(body.language !== undefined ? { language: body.language } : {}),
        },
        body.whatsappId === null && isAdmin(principal),
        // The stream then closes the old session's sockets; REST refuses its token within 30 s.
        { endSession: endsSession(changes) },
      );
      // Their queues and allTicket are kept with their session (auth/session-check.ts listScopeOf):
      // this container reads them again at once, the others within the session's trust period.
      forgetSession(principal.companyId, current.id);
      return (await publicUsers(principal.companyId, [await userOrFail(principal.companyId, params.id)]))[0];
    },
  }),
  route({
    ...onRecord('DELETE', '/users/{id}', 'admin'),
    handler: async ({ principal, params }) => {
      const target = await userOrFail(principal.companyId, params.id);
      assertMayDeleteUser(principal, target);
      await deleteUser(target);
      return new HttpAnswer(204);
    },
  }),
]);
