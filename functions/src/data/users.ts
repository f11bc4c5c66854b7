import type { EntityItem } from 'electrodb';
import { companyEntity } from './company-entity.ts';
import { sessionEntity } from './session-entity.ts';
import { writeAll } from './transaction.ts';
import { userEmailEntity } from './user-email-entity.ts';
import { userEntity } from './user-entity.ts';
import { moveDirectoryVersion } from './directory-version.ts';
import { getCompanyItem, listCompanyItems } from './company-items.ts';

export type UserRecord = EntityItem<typeof userEntity>;
type NewUser = Omit<UserRecord, 'createdAt' | 'updatedAt'>;

/** AP-USR-1: a user of a company by id. Consistent, because access decisions depend on it. */
export async function getUser(companyId: number, id: number): Promise<UserRecord | undefined> {
  return getCompanyItem(userEntity, companyId, id);
}

/** AP-USR-2: record that a user is online now (the client's userStatus, every 5 minutes). */
export async function markUserOnline(companyId: number, id: number, at: Date): Promise<void> {
  await userEntity
    .patch({ companyId, id })
    .set({ online: true, lastSeenAt: at.toISOString() })
    .go()
    .catch((error: unknown) => {
      // A user deleted while still connected: nothing to mark.
      if ((error as { cause?: { name?: string } }).cause?.name !== 'ConditionalCheckFailedException') throw error;
    });
}

/** AP-USR-3: the user who owns an e-mail, on any company (sign-in, password reset). */
export async function getUserByEmail(email: string): Promise<UserRecord | undefined> {
  const { data: owner } = await userEmailEntity.get({ email }).go({ consistent: true });
  if (!owner) return undefined;
  return getUser(owner.companyId, owner.userId);
}

/** AP-USR-4: every user of a company (bounded by the plan's user limit). */
export async function listCompanyUsers(companyId: number): Promise<UserRecord[]> {
  return listCompanyItems(userEntity, companyId);
}

/**
 * AP-USR-8: the id and name of every user of a company, for the transfer dialog's search. The
 * same one Query as AP-USR-4 (the company's `USER#` range, bounded by the plan's user limit),
 * projected to what the search needs, so neither password hashes nor e-mails leave the table.
 */
export async function listCompanyUserNames(companyId: number): Promise<{ id: number; name: string }[]> {
  const { data } = await userEntity.query.byId({ companyId }).go({ pages: 'all', attributes: ['id', 'name'] });
  return data;
}

/**
 * AP-USR-5: create a user, claiming the e-mail and counting against the plan's limit in one
 * transaction, so neither a duplicate e-mail nor one user too many can slip in.
 */
export async function createUser(user: NewUser, userLimit: number): Promise<void> {
  await writeAll(
    { user: userEntity, userEmail: userEmailEntity, company: companyEntity },
    ({ user: users, userEmail, company }) => [
      users.create(user).commit(),
      userEmail.create({ email: user.email, companyId: user.companyId, userId: user.id }).commit(),
      company
        .update({ id: user.companyId })
        .add({ userCount: 1 })
        .where(({ userCount }, { lt }) => lt(userCount, userLimit))
        .commit(),
    ],
    ['ERR_VALIDATION', 'ERR_DUPLICATED_EMAIL', 'ERR_PLAN_LIMIT_REACHED'],
  );
  await moveDirectoryVersion(user.companyId);
}

/**
 * AP-USR-6: change a user; a new e-mail is claimed and the old one released atomically. With
 * `endSession`, the user's session is deleted in the same transaction (a new password, profile
 * or super flag), so no change can land while the old session lives on.
 */
export async function updateUser(
  current: UserRecord,
  changes: Partial<Pick<UserRecord, 'name' | 'email' | 'passwordHash' | 'profile' | 'allTicket' | 'queueIds' | 'whatsappId' | 'isSuper' | 'language'>>,
  clearWhatsapp = false,
  options: { endSession?: boolean } = {},
): Promise<void> {
  const key = { companyId: current.companyId, id: current.id };
  const emailChanges = changes.email !== undefined && changes.email !== current.email;
  await writeAll(
    { user: userEntity, userEmail: userEmailEntity, session: sessionEntity },
    ({ user, userEmail, session }) => {
      const userUpdate = clearWhatsapp
        ? user.patch(key).set(changes).remove(['whatsappId']).commit()
        : user.patch(key).set(changes).commit();
      const emailWrites = emailChanges
        ? [
            userEmail.create({ email: changes.email!, companyId: current.companyId, userId: current.id }).commit(),
            userEmail.delete({ email: current.email }).commit(),
          ]
        : [];
      const sessionWrites = options.endSession ? [session.delete({ companyId: current.companyId, userId: current.id }).commit()] : [];
      return [userUpdate, ...emailWrites, ...sessionWrites];
    },
    emailChanges ? ['ERR_NO_USER_FOUND', 'ERR_DUPLICATED_EMAIL', undefined, undefined] : ['ERR_NO_USER_FOUND', undefined],
  );
  if (changes.name !== undefined && changes.name !== current.name) await moveDirectoryVersion(current.companyId);
}

/** AP-USR-7: delete a user with their e-mail claim and session, and uncount them. */
export async function deleteUser(current: UserRecord): Promise<void> {
  await writeAll(
    { user: userEntity, userEmail: userEmailEntity, company: companyEntity, session: sessionEntity },
    ({ user, userEmail, company, session }) => [
      user.delete({ companyId: current.companyId, id: current.id }).where(({ id }, { exists }) => exists(id)).commit(),
      userEmail.delete({ email: current.email }).commit(),
      company.update({ id: current.companyId }).subtract({ userCount: 1 }).commit(),
      session.delete({ companyId: current.companyId, userId: current.id }).commit(),
    ],
    ['ERR_NO_USER_FOUND'],
  );
  await moveDirectoryVersion(current.companyId);
}
