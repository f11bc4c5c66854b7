/**
 * A shown record with a version of it merged in, unless that version was written before the
 * shown one: answers and live events of one record can arrive in either order (a PUT's answer
 * after the event of a later write), and the older must not undo the newer. Compared by
 * `updatedAt` (ISO times compare as text); a version without a time is not older.
 */
export function mergeNewer<T extends { updatedAt?: string | null }>(shown: T, incoming: Partial<T>): T {
  const older = Boolean(incoming.updatedAt && shown.updatedAt && incoming.updatedAt < shown.updatedAt);
  return older ? shown : { ...shown, ...incoming };
}
