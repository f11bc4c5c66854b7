/**
 * The users routes' work (the company's team, core §2), one function per route: the handler
 * parses and answers, these check the caller's rights, read and write.
 */
import type { UserCreateInput, UserListQuery, UserUpdateInput } from '@atende/shared/entities/user';
import { hashPassword, verifyPassword } from '#auth/password';
import { isAdmin, type Principal } from '#auth/principal';
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
import { searchUsersByName } from '#domain/user-search';
import {
  assertMayDeleteUser,
  assertMayEditUser,
  assertMayReadUser,
  changedFields,
  endsSession,
  needsCurrentPassword,
} from '#domain/user-rules';
import { assertUserReferencesExist } from './references.ts';
import { publicUser } from './serialize.ts';

const pageSize = 20;

type PublicUser = ReturnType<typeof publicUser>;

async function userOrFail(companyId: number, id: number) {
  return foundOr(getUser(companyId, id), 'ERR_NO_USER_FOUND');
}

/** The users' queues with name and colour, read once for a whole list. */
const queuesOf = (companyId: number, users: UserRecord[]) =>
  queueRefsByIds(
    companyId,
    users.flatMap((user) => user.queueIds ?? []),
  );

/** Users as the API shows them, with their queues. */
async function publicUsers(companyId: number, users: UserRecord[]): Promise<PublicUser[]> {
  const queues = await queuesOf(companyId, users);
  return users.map((user) => publicUser(user, { queues }));
}

/** One user as the API shows them, read afresh (after a write: what was stored). */
async function publicUserOf(companyId: number, id: number): Promise<PublicUser> {
  return (await publicUsers(companyId, [await userOrFail(companyId, id)]))[0]!;
}

const sortedByName = <T extends { name: string }>(items: T[]) =>
  items.sort((a, b) => a.name.localeCompare(b.name, 'es'));

/** GET /users: a page of 20 by name, filtered by name or e-mail. */
export async function usersPage(companyId: number, query: UserListQuery) {
  const users = sortedByName(await listCompanyUsers(companyId)).filter((user) =>
    matchesSearch(query.searchParam, user.name, user.email),
  );
  const page = pageOf(users, query.pageNumber, pageSize);
  return { users: await publicUsers(companyId, page.items), count: page.count, hasMore: page.hasMore };
}

/** GET /users/list: the whole team by name. */
export async function allUsers(companyId: number): Promise<PublicUser[]> {
  return publicUsers(companyId, sortedByName(await listCompanyUsers(companyId)));
}

/** GET /users/search: ids and names only (the transfer dialog's autocomplete). */
export async function searchUserNames(companyId: number, searchParam: string, limit: number) {
  const found = searchUsersByName(await listCompanyUserNames(companyId), searchParam, limit);
  return { users: found.users.map(({ id, name }) => ({ id, name })), hasMore: found.hasMore };
}

/** GET /users/{id}: oneself, or anyone for an admin. */
export async function userForReader(principal: Principal, id: number): Promise<PublicUser> {
  assertMayReadUser(principal, id);
  return publicUserOf(principal.companyId, id);
}

/**
 * POST /users: a user of the caller's company (a super user's may name another, and make super
 * users), within the plan's user limit; the e-mail is claimed platform-wide by createUser.
 */
export async function addUser(
  principal: Principal,
  input: UserCreateInput & { super?: boolean | undefined },
): Promise<PublicUser> {
  if (input.super && !principal.isSuper) throw new AppError('ERR_NO_PERMISSION');
  // Only super users create users in another company.
  const companyId = principal.isSuper && input.companyId ? input.companyId : principal.companyId;
  const [{ plan }] = await Promise.all([
    companyContext(companyId),
    assertUserReferencesExist(companyId, { queueIds: input.queueIds, whatsappId: input.whatsappId }),
  ]);
  const id = await nextId({ companyId }, 'user');
  const user = {
    companyId,
    id,
    name: input.name,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    profile: input.profile,
    isSuper: input.super ?? false,
    allTicket: input.allTicket,
    queueIds: input.queueIds,
    ...(input.whatsappId ? { whatsappId: input.whatsappId } : {}),
  };
  await createUser(user, plan?.users ?? Number.MAX_SAFE_INTEGER);
  return publicUserOf(companyId, id);
}

/**
 * PUT /users/{id}: what the caller may change (their own name, e-mail, password and language;
 * an admin also profile, queues, connection and allTicket; a super user the super flag). A new
 * password of one's own needs the current one; a change of access ends the user's session.
 */
export async function changeUser(
  principal: Principal,
  id: number,
  input: UserUpdateInput & { super?: boolean | undefined },
): Promise<PublicUser> {
  const current = await userOrFail(principal.companyId, id);
  const comparable = { ...current, super: current.isSuper ?? false, whatsappId: current.whatsappId ?? null };
  const changes = changedFields(comparable, input);
  assertMayEditUser(principal, current, changes);
  if (needsCurrentPassword(principal, current.id, changes)) {
    const proven =
      input.currentPassword !== undefined &&
      (await verifyPassword(current.passwordHash, input.currentPassword));
    if (!proven) throw new AppError('ERR_WRONG_CURRENT_PASSWORD');
  }
  const admin = isAdmin(principal);
  if (admin) {
    await assertUserReferencesExist(principal.companyId, {
      queueIds: input.queueIds,
      whatsappId: input.whatsappId,
    });
  }
  await updateUser(
    current,
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
      ...(input.profile !== undefined && admin ? { profile: input.profile } : {}),
      ...(input.allTicket !== undefined && admin ? { allTicket: input.allTicket } : {}),
      ...(input.queueIds !== undefined && admin ? { queueIds: input.queueIds } : {}),
      ...(input.whatsappId && admin ? { whatsappId: input.whatsappId } : {}),
      ...(input.super !== undefined && principal.isSuper ? { isSuper: input.super } : {}),
      ...(input.language !== undefined ? { language: input.language } : {}),
    },
    input.whatsappId === null && admin,
    // The stream then closes the old session's sockets; REST refuses its token within 30 s.
    { endSession: endsSession(changes) },
  );
  // Their queues and allTicket are kept with their session (auth/session-check.ts listScopeOf):
  // this container reads them again at once, the others within the session's trust period.
  forgetSession(principal.companyId, current.id);
  return publicUserOf(principal.companyId, id);
}

/** DELETE /users/{id}: an admin removes a user (never themself; a super user only by a super user: user-rules). */
export async function removeUser(principal: Principal, id: number): Promise<void> {
  const target = await userOrFail(principal.companyId, id);
  assertMayDeleteUser(principal, target);
  await deleteUser(target);
}
