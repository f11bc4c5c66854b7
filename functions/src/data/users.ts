import type { EntityItem } from 'electrodb';
import { userEntity } from './user-entity.ts';

export type UserRecord = EntityItem<typeof userEntity>;

/** AP-USR-1: a user of a company by id. Consistent, because $connect decides access on it. */
export async function getUser(companyId: number, id: number): Promise<UserRecord | undefined> {
  const { data } = await userEntity.get({ companyId, id }).go({ consistent: true });
  return data ?? undefined;
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
