import { AppError } from './app-error.ts';
import { nameKey } from './company-rules.ts';

/**
 * Rules of queues and their chatbot option trees (extended §2.13, §3, §5), free of storage:
 * ordering, claim keys, building the nested tree and finding a subtree.
 */

/** Queues in the order the chatbot menu and the lists show them: `orderQueue` (none last), then id. */
export function compareQueues(
  a: { orderQueue?: number | null; id: number },
  b: { orderQueue?: number | null; id: number },
): number {
  const orderA = a.orderQueue ?? Number.POSITIVE_INFINITY;
  const orderB = b.orderQueue ?? Number.POSITIVE_INFINITY;
  if (orderA !== orderB) return orderA < orderB ? -1 : 1;
  return a.id - b.id;
}

const numeric = /^\s*\d+\s*$/;

/** Option numbers in menu order: as numbers when both are numbers ("2" before "10"), else as text. */
export function compareOptionNumbers(a: string, b: string): number {
  if (numeric.test(a) && numeric.test(b)) return Number(a) - Number(b);
  if (numeric.test(a)) return -1;
  if (numeric.test(b)) return 1;
  return a.localeCompare(b, 'es', { numeric: true });
}

/** Options of one level in menu order (option number, then id for equal numbers). */
export function compareOptions(a: { option: string; id: number }, b: { option: string; id: number }): number {
  return compareOptionNumbers(a.option, b.option) || a.id - b.id;
}

/** The claim key of a queue name: compared without case, accents or extra spaces. */
export function queueNameKey(name: string): string {
  return nameKey(name);
}

/** The claim key of a colour: "#FFF" and " #fff" are one colour. */
export function queueColourKey(color: string): string {
  return color.trim().toLowerCase();
}

export interface OptionNode {
  id: number;
  parentId?: number | null;
  option: string;
}

export type OptionTree<T extends OptionNode> = T & { children: OptionTree<T>[] };

/**
 * The options below `parentId` (null: the roots), each with its whole subtree in `children`,
 * every level in menu order. Built from one read of the queue's options; an option whose parent
 * does not exist is not reachable and so not shown.
 */
export function buildOptionTree<T extends OptionNode>(options: T[], parentId: number | null): OptionTree<T>[] {
  const byParent = new Map<number, T[]>();
  for (const option of options) {
    const parent = option.parentId ?? 0;
    const siblings = byParent.get(parent) ?? [];
    siblings.push(option);
    byParent.set(parent, siblings);
  }
  const visited = new Set<number>();
  const level = (parent: number): OptionTree<T>[] =>
    (byParent.get(parent) ?? [])
      .filter((option) => !visited.has(option.id))
      .sort(compareOptions)
      .map((option) => {
        visited.add(option.id);
        return { ...option, children: level(option.id) };
      });
  return level(parentId ?? 0);
}

/** The ids of an option and every option below it. */
export function subtreeIds(options: OptionNode[], rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const option of options) {
    if (option.parentId == null) continue;
    children.set(option.parentId, [...(children.get(option.parentId) ?? []), option.id]);
  }
  const ids: number[] = [];
  const seen = new Set<number>();
  const stack = [rootId];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    ids.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return ids;
}

/** A child option must hang under an option of the same queue. */
export function assertParentInQueue(parent: { queueId: number } | undefined, queueId: number): void {
  if (!parent || parent.queueId !== queueId) {
    throw new AppError('ERR_VALIDATION', { issues: [{ path: 'parentId', message: 'Opción padre no encontrada' }] });
  }
}

/** Options keep their place in the tree: a PUT may repeat the parent but not change it. */
export function assertSameParent(current: number | null | undefined, requested: number | null | undefined): void {
  if (requested === undefined) return;
  if ((current ?? null) !== (requested ?? null)) {
    throw new AppError('ERR_VALIDATION', { issues: [{ path: 'parentId', message: 'No se puede mover una opción' }] });
  }
}
