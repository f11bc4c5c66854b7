import type { Principal } from '#auth/principal';
import { AppError } from './app-error.ts';

/**
 * Tags on one ticket at most. Keeps a full replacement (POST /tags/sync: every removed and added
 * link plus its tag's counter) inside one DynamoDB transaction of at most 100 items.
 */
export const maxTagsPerTicket = 20;

/** Tags screen page size. */
export const tagPageSize = 20;

/** The kanban toggle is for admin and supervisor profiles (extended §6), and super users. */
export function mayManageKanban(principal: Pick<Principal, 'profile' | 'isSuper'>): boolean {
  return principal.isSuper || principal.profile === 'admin' || principal.profile === 'supervisor';
}

/** Setting the kanban flag to another value than it has needs an admin or supervisor. */
export function assertMayChangeKanban(
  principal: Pick<Principal, 'profile' | 'isSuper'>,
  current: number | undefined,
  requested: number | undefined,
): void {
  if (requested === undefined || requested === (current ?? 0)) return;
  if (!mayManageKanban(principal)) throw new AppError('ERR_NO_PERMISSION');
}

/**
 * Deleting a tag takes it off every ticket: its author, an admin or a supervisor may do it.
 * A kanban lane (kanban = 1) is removed only by an admin or supervisor.
 */
export function assertMayDeleteTag(
  principal: Pick<Principal, 'profile' | 'isSuper' | 'userId'>,
  tag: { userId?: number; kanban?: number },
): void {
  if (mayManageKanban(principal)) return;
  if ((tag.kanban ?? 0) === 1 || tag.userId !== principal.userId) throw new AppError('ERR_NO_PERMISSION');
}

/** What turns a ticket's current tags into the wanted ones: links to add and to remove. */
export function tagSetChange(current: number[], wanted: number[]): { add: number[]; remove: number[] } {
  const have = new Set(current);
  const want = new Set(wanted);
  return { add: [...want].filter((id) => !have.has(id)), remove: [...have].filter((id) => !want.has(id)) };
}

export function assertTagLimit(count: number): void {
  if (count > maxTagsPerTicket) {
    throw new AppError('ERR_VALIDATION', { issues: [{ path: 'tags', message: `Máximo ${maxTagsPerTicket} etiquetas por ticket` }] });
  }
}

/** Tags in name order (folded), then by id. */
export function byTagName<T extends { nameKey: string; id: number }>(a: T, b: T): number {
  return a.nameKey.localeCompare(b.nameKey) || a.id - b.id;
}
