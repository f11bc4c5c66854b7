import * as z from 'zod';
import { queueColourPalette } from '@atende/shared/constants';
import { queueCreateInputSchema } from '@atende/shared/entities/queue';
import { defaultWeekHours, type WeekHours } from '@atende/shared/entities/weekday-hours';
import { queueOptionCreateInputSchema } from '@atende/shared/entities/queue-option';
import { validateForm, type FieldErrors, type FormCheck } from '../../lib/form-validation.ts';
import { parseRecordEvent, type RecordLiveEvent } from '../../lib/live-records.ts';
import { removeById, upsertById } from '../../lib/merge-by-id.ts';
import type { Queue, QueueOption, QueuePayload } from './api/types.ts';

export interface QueueFormValues {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  /** As typed: '' for no order. */
  orderQueue: string;
  schedules: WeekHours;
  /** The queue integration that answers first, as the select holds it: '' for none. */
  integrationId?: string;
  /** The AI prompt that answers first, as the select holds it: '' for none. */
  promptId?: string;
}

/** A new queue: no colour yet (the palette must be used), the default week (extended §3). */
export function emptyQueueForm(): QueueFormValues {
  return { name: '', color: '', greetingMessage: '', outOfHoursMessage: '', orderQueue: '', schedules: defaultWeekHours() };
}

/** The stored week in weekday order, completed with the default hours for days it lacks. */
export function weekOf(stored: WeekHours | undefined): WeekHours {
  return defaultWeekHours().map((day) => stored?.find((row) => row.weekdayEn === day.weekdayEn) ?? day);
}

export function queueFormOf(queue: Queue): QueueFormValues {
  return {
    name: queue.name,
    color: queue.color,
    greetingMessage: queue.greetingMessage ?? '',
    outOfHoursMessage: queue.outOfHoursMessage ?? '',
    orderQueue: queue.orderQueue == null ? '' : String(queue.orderQueue),
    schedules: weekOf(queue.schedules),
    integrationId: queue.integrationId == null ? '' : String(queue.integrationId),
    promptId: queue.promptId == null ? '' : String(queue.promptId),
  };
}

/** The values as the route's schema reads them: '' is "no order" and "none". */
function queueFormInput(values: QueueFormValues) {
  const reference = (value: string | undefined) => (value === undefined ? undefined : value || null);
  return {
    ...values,
    orderQueue: values.orderQueue.trim(),
    // Only a dialog that shows the integration select (plan flag useIntegrations) sends it;
    // likewise the prompt select (plan flag useOpenAi).
    integrationId: reference(values.integrationId),
    promptId: reference(values.promptId),
  };
}

/**
 * extended §5 Queue: name required 2-50 (muy corto / muy largo!), colour required (3-9), hours
 * HH:MM: the route's body schema over the dialog's values, giving the POST/PUT body. The shared
 * schema gives the texts, so the dialog and the API say the same.
 */
export const queueFormSchema = z
  .preprocess((values) => queueFormInput(values as QueueFormValues), queueCreateInputSchema)
  .transform(
    (data): QueuePayload => ({
      name: data.name,
      color: data.color,
      greetingMessage: data.greetingMessage,
      outOfHoursMessage: data.outOfHoursMessage,
      orderQueue: data.orderQueue ?? null,
      schedules: data.schedules,
      ...(data.integrationId === undefined ? {} : { integrationId: data.integrationId }),
      ...(data.promptId === undefined ? {} : { promptId: data.promptId }),
    }),
  ) as unknown as z.ZodType<QueuePayload, QueueFormValues>;

/** The dialog's check outside it (the unit tests): the body, or the messages by field. */
export function checkQueueForm(values: QueueFormValues): FormCheck<QueuePayload> {
  return validateForm(queueFormSchema, values);
}

/** Palette colours already used by the company's other queues (ERR_QUEUE_COLOR_ALREADY_EXISTS). */
export function usedColours(queues: readonly Queue[] | undefined, exceptId?: number): Set<string> {
  return new Set((queues ?? []).filter((queue) => queue.id !== exceptId).map((queue) => queue.color.trim().toLowerCase()));
}

export const palette: readonly string[] = queueColourPalette;

// ---------------------------------------------------------------- the option tree editor

/** An option being edited: `id` once it exists on the server, `key` always (new ones too). */
export interface DraftOption {
  key: string;
  id?: number;
  title: string;
  message: string;
  option: string;
  children: DraftOption[];
}

let draftSequence = 0;
const newKey = () => `new-${(draftSequence += 1)}`;

/** The server's tree as a draft. */
export function draftOf(options: readonly QueueOption[] | undefined): DraftOption[] {
  return (options ?? []).map((option) => ({
    key: `id-${option.id}`,
    id: option.id,
    title: option.title,
    message: option.message ?? '',
    option: option.option,
    children: draftOf(option.children),
  }));
}

/** The next free number among siblings: one more than the highest numeric one. */
export function nextOptionNumber(siblings: readonly DraftOption[]): string {
  const numbers = siblings.map((sibling) => Number(sibling.option)).filter((n) => Number.isInteger(n));
  return String(numbers.length === 0 ? 1 : Math.max(...numbers) + 1);
}

/** Adds an empty option under `parentKey` (null: a root option). */
export function addDraftOption(tree: readonly DraftOption[], parentKey: string | null): DraftOption[] {
  if (parentKey === null) return [...tree, { key: newKey(), title: '', message: '', option: nextOptionNumber(tree), children: [] }];
  return tree.map((node) =>
    node.key === parentKey
      ? { ...node, children: [...node.children, { key: newKey(), title: '', message: '', option: nextOptionNumber(node.children), children: [] }] }
      : { ...node, children: addDraftOption(node.children, parentKey) },
  );
}

export function changeDraftOption(
  tree: readonly DraftOption[],
  key: string,
  changes: Partial<Pick<DraftOption, 'title' | 'message' | 'option'>>,
): DraftOption[] {
  return tree.map((node) =>
    node.key === key ? { ...node, ...changes } : { ...node, children: changeDraftOption(node.children, key, changes) },
  );
}

/** Removes an option and everything below it. */
export function removeDraftOption(tree: readonly DraftOption[], key: string): DraftOption[] {
  return tree.filter((node) => node.key !== key).map((node) => ({ ...node, children: removeDraftOption(node.children, key) }));
}

/** The option fields a draft sends: the route's schema checks them (title and number: Requerido). */
const draftOptionSchema = queueOptionCreateInputSchema.pick({ title: true, message: true, option: true });

/** Every option checked by the route's schema; messages by option key and field. */
export function checkDraftOptions(tree: readonly DraftOption[]): FieldErrors {
  const errors: FieldErrors = {};
  const visit = (nodes: readonly DraftOption[]) => {
    for (const node of nodes) {
      const checked = validateForm(draftOptionSchema, node);
      if (!checked.ok) for (const [field, message] of Object.entries(checked.errors)) errors[`${node.key}.${field}`] = message;
      visit(node.children);
    }
  };
  visit(tree);
  return errors;
}

export type OptionStep =
  | { kind: 'delete'; id: number }
  | { kind: 'update'; id: number; title: string; message: string; option: string }
  | { kind: 'create'; key: string; parent: { id: number } | { key: string } | null; title: string; message: string; option: string };

function flatten(tree: readonly DraftOption[], parent: DraftOption | null = null): { node: DraftOption; parent: DraftOption | null }[] {
  return tree.flatMap((node) => [{ node, parent }, ...flatten(node.children, node)]);
}

/**
 * The calls that turn the saved tree into the edited one: deletions first (only the top of each
 * removed branch: the server deletes the subtree), then changed options, then new ones, parents
 * before children (a new child names its new parent by key until the parent has an id).
 */
export function planOptionSync(saved: readonly DraftOption[], edited: readonly DraftOption[]): OptionStep[] {
  const before = flatten(saved);
  const after = flatten(edited);
  const keptIds = new Set(after.flatMap(({ node }) => (node.id === undefined ? [] : [node.id])));
  const removed = new Set(before.filter(({ node }) => node.id !== undefined && !keptIds.has(node.id)).map(({ node }) => node.id!));
  const deletes: OptionStep[] = before
    .filter(({ node, parent }) => removed.has(node.id!) && !(parent?.id !== undefined && removed.has(parent.id)))
    .map(({ node }) => ({ kind: 'delete', id: node.id! }));
  const savedById = new Map(before.map(({ node }) => [node.id, node]));
  const updates: OptionStep[] = after
    .filter(({ node }) => {
      if (node.id === undefined) return false;
      const old = savedById.get(node.id);
      return !old || old.title !== node.title.trim() || old.message !== node.message || old.option !== node.option.trim();
    })
    .map(({ node }) => ({ kind: 'update', id: node.id!, title: node.title.trim(), message: node.message, option: node.option.trim() }));
  const creates: OptionStep[] = after
    .filter(({ node }) => node.id === undefined)
    .map(({ node, parent }) => ({
      kind: 'create',
      key: node.key,
      parent: parent === null ? null : parent.id !== undefined ? { id: parent.id } : { key: parent.key },
      title: node.title.trim(),
      message: node.message,
      option: node.option.trim(),
    }));
  return [...deletes, ...updates, ...creates];
}

/** Runs the planned calls in order, giving new children the ids their new parents got. */
export async function runOptionSync(
  queueId: number,
  steps: readonly OptionStep[],
  calls: {
    create(payload: { queueId: number; parentId: number | null; title: string; message: string; option: string }): Promise<{ id: number }>;
    update(id: number, payload: { title: string; message: string; option: string }): Promise<unknown>;
    remove(id: number): Promise<unknown>;
  },
): Promise<void> {
  const createdIds = new Map<string, number>();
  for (const step of steps) {
    if (step.kind === 'delete') await calls.remove(step.id);
    else if (step.kind === 'update') await calls.update(step.id, { title: step.title, message: step.message, option: step.option });
    else {
      const parentId = step.parent === null ? null : 'id' in step.parent ? step.parent.id : createdIds.get(step.parent.key);
      if (parentId === undefined) throw new Error(`the parent of option ${step.key} was not created`);
      const created = await calls.create({ queueId, parentId, title: step.title, message: step.message, option: step.option });
      createdIds.set(step.key, created.id);
    }
  }
}

// ---------------------------------------------------------------- live events

/** The live `queue` event: `{ action, queue }` or `{ action: 'delete', queueId }`. */
export function parseQueueEvent(data: unknown): RecordLiveEvent<Queue> | undefined {
  return parseRecordEvent<Queue>(data, { record: ['queue', 'record'], id: ['queueId', 'id'] });
}

/** Merges a live event into the (unpaged) list, keeping the menu order (orderQueue, then id). */
export function applyQueueEvent(list: readonly Queue[] | undefined, event: RecordLiveEvent<Queue>): Queue[] | undefined {
  if (!list) return list;
  const next = event.action === 'delete' ? removeById(list, event.id) : upsertById(list, event.record);
  return [...next].sort(
    (a, b) => (a.orderQueue ?? Number.POSITIVE_INFINITY) - (b.orderQueue ?? Number.POSITIVE_INFINITY) || a.id - b.id,
  );
}
