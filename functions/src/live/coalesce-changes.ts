import type { EntityChange } from './live-event.ts';

/**
 * Entities whose live event carries the item's whole state, so several changes of one item in a
 * batch can be sent as one: the state before the first and after the last. A burst of customer
 * messages moves its ticket once per message; the agents' screens only need where it ended.
 */
const wholeStateEntities = new Set(['ticket', 'contact', 'whatsapp']);

function itemKey(change: EntityChange): string | undefined {
  if (!wholeStateEntities.has(change.entity)) return undefined;
  const item = change.newItem ?? change.oldItem;
  if (!item || item.companyId === undefined || item.id === undefined) return undefined;
  return `${change.entity}#${String(item.companyId)}#${String(item.id)}`;
}

/**
 * Merges the changes of one whole-state item within a batch into one change standing where the
 * last of them stood (so it still follows whatever came before it, e.g. the message that moved
 * the ticket). Its old image is the first change's, so everyone who could see the item before the
 * batch hears where it went. Other changes keep their place and order.
 */
export function coalesceChanges(changes: EntityChange[]): EntityChange[] {
  const firstOld = new Map<string, EntityChange['oldItem']>();
  const lastIndex = new Map<string, number>();
  const firstKind = new Map<string, EntityChange['kind']>();
  changes.forEach((change, index) => {
    const key = itemKey(change);
    if (!key) return;
    if (!firstOld.has(key)) {
      firstOld.set(key, change.oldItem);
      firstKind.set(key, change.kind);
    }
    lastIndex.set(key, index);
  });
  const merged: EntityChange[] = [];
  changes.forEach((change, index) => {
    const key = itemKey(change);
    if (!key) {
      merged.push(change);
      return;
    }
    if (lastIndex.get(key) !== index) return;
    const created = firstKind.get(key) === 'create';
    const kind: EntityChange['kind'] = change.kind === 'delete' ? 'delete' : created ? 'create' : change.kind;
    merged.push({ ...change, kind, oldItem: created ? undefined : firstOld.get(key) });
  });
  return merged;
}
