import type { EntityItem } from 'electrodb';
import { sessionEntity } from './session-entity.ts';

export type SessionRecord = EntityItem<typeof sessionEntity>;

/** AP-SS-1: a user's session, consistent (the refresh decision depends on it). */
export async function getSession(companyId: number, userId: number): Promise<SessionRecord | undefined> {
  const { data } = await sessionEntity.get({ companyId, userId }).go({ consistent: true });
  return data && data.expiresAt > Math.floor(Date.now() / 1000) ? data : undefined;
}

/** AP-SS-2: start a session, replacing any other (one active session per user). */
export async function startSession(session: SessionRecord): Promise<void> {
  await sessionEntity.put(session).go();
}

/**
 * AP-SS-3: rotate the refresh token, only if the session is still the one that was read, so two
 * concurrent refreshes cannot both rotate. Returns false when another rotation won.
 */
export async function rotateSession(
  current: SessionRecord,
  // startedAt (the 30-day lifetime) is set again on every rotation: sessions started before the
  // field existed get it on their next one.
  next: { refreshHash: string; rotatedAt: number; expiresAt: number; startedAt: number },
): Promise<boolean> {
  return writtenIf(() =>
    sessionEntity
      .patch({ companyId: current.companyId, userId: current.userId })
      .set({ ...next, previousHash: current.refreshHash })
      .where(({ sessionId, refreshHash }, { eq }) => `${eq(sessionId, current.sessionId)} AND ${eq(refreshHash, current.refreshHash)}`)
      .go(),
  );
}

/**
 * AP-SS-6: revoke a session whose rotated refresh token came back after its grace (a copy in
 * someone else's hands): deleted only if it is still that session, so a newer sign-in stays.
 */
export async function revokeSession(companyId: number, userId: number, sessionId: string): Promise<void> {
  try {
    await sessionEntity
      .delete({ companyId, userId })
      .where((attributes, { eq }) => eq(attributes.sessionId, sessionId))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** AP-SS-4: end a session (logout, user deleted). */
export async function endSession(companyId: number, userId: number): Promise<void> {
  await sessionEntity.delete({ companyId, userId }).go();
}

/** A write refused by its condition: the SDK's own error, or ElectroDB's around it (its `cause`). */
export function isConditionFailure(error: unknown): boolean {
  const failure = error as { name?: string; cause?: { name?: string } };
  return failure.name === 'ConditionalCheckFailedException' || failure.cause?.name === 'ConditionalCheckFailedException';
}

/** Runs a conditional write: true when it was written, false when its condition did not hold. */
export async function writtenIf(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
