import { localTaskListSchema, localTaskSchema, type LocalTask } from '@atende/shared/entities/local-task';
import { localStore, storageKeys, type KeyValueStore } from '../../lib/storage.ts';

/**
 * The local task list (core §3 Local task item): text, createdAt and updatedAt, kept only in this
 * browser's storage under `tasks` (JSON, newest last, as the source product keeps it). Every
 * change returns a new list; nothing here touches the screen.
 */
export type { LocalTask };

/** The stored list; unreadable storage reads as empty and a bad item is dropped. */
export function readTasks(store: KeyValueStore = localStore): LocalTask[] {
  const raw = store.getItem(storageKeys.tasks);
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  return localTaskListSchema.parse(parsed);
}

export function writeTasks(tasks: readonly LocalTask[], store: KeyValueStore = localStore): void {
  store.setItem(storageKeys.tasks, JSON.stringify(tasks));
}

/** The text a task keeps, or undefined when it would be blank (blank text is ignored). */
export function taskText(text: string): string | undefined {
  const parsed = localTaskSchema.shape.text.safeParse(text);
  return parsed.success ? parsed.data : undefined;
}

/** Adds a task at the end; blank text changes nothing. */
export function addTask(tasks: readonly LocalTask[], text: string, now: Date = new Date()): LocalTask[] {
  const clean = taskText(text);
  if (clean === undefined) return [...tasks];
  const at = now.toISOString();
  return [...tasks, { text: clean, createdAt: at, updatedAt: at }];
}

/** Changes a task's text and its updatedAt; blank text or an unknown index changes nothing. */
export function editTask(
  tasks: readonly LocalTask[],
  index: number,
  text: string,
  now: Date = new Date(),
): LocalTask[] {
  const clean = taskText(text);
  const current = tasks[index];
  if (clean === undefined || !current) return [...tasks];
  if (clean === current.text) return [...tasks];
  return tasks.map((task, at) =>
    at === index ? { ...task, text: clean, updatedAt: now.toISOString() } : task,
  );
}

export function deleteTask(tasks: readonly LocalTask[], index: number): LocalTask[] {
  return tasks.filter((_, at) => at !== index);
}
