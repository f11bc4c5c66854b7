import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../lib/storage.ts';
import { addTask, deleteTask, editTask, readTasks, taskText, writeTasks } from './todo-storage.ts';

const monday = new Date('2026-03-02T09:15:00.000Z');
const tuesday = new Date('2026-03-03T18:40:00.000Z');

describe('local task list storage', () => {
  it('reads an empty list when nothing is stored', () => {
    expect(readTasks(memoryStore())).toEqual([]);
  });

  it('adds a task with createdAt and updatedAt, trimming the text', () => {
    const tasks = addTask([], '  Llamar a Juan  ', monday);
    expect(tasks).toEqual([
      { text: 'Llamar a Juan', createdAt: monday.toISOString(), updatedAt: monday.toISOString() },
    ]);
  });

  it('ignores blank text', () => {
    const one = addTask([], 'a', monday);
    expect(addTask(one, '   ', tuesday)).toEqual(one);
    expect(editTask(one, 0, ' ', tuesday)).toEqual(one);
    expect(taskText('\n\t')).toBeUndefined();
  });

  it('edits the text and updatedAt only, leaving createdAt and the other tasks', () => {
    const tasks = addTask(addTask([], 'uno', monday), 'dos', monday);
    const edited = editTask(tasks, 1, 'dos y medio', tuesday);
    expect(edited[0]).toEqual(tasks[0]);
    expect(edited[1]).toEqual({
      text: 'dos y medio',
      createdAt: monday.toISOString(),
      updatedAt: tuesday.toISOString(),
    });
    // The same text is no change (updatedAt stays), and an unknown index changes nothing.
    expect(editTask(tasks, 0, 'uno', tuesday)).toEqual(tasks);
    expect(editTask(tasks, 5, 'x', tuesday)).toEqual(tasks);
    // The input list is never changed in place.
    expect(tasks[1]?.text).toBe('dos');
  });

  it('deletes by position', () => {
    const tasks = addTask(addTask(addTask([], 'a', monday), 'b', monday), 'c', monday);
    expect(deleteTask(tasks, 1).map((task) => task.text)).toEqual(['a', 'c']);
    expect(deleteTask(tasks, 9)).toEqual(tasks);
  });

  it('survives a round trip through storage under "tasks"', () => {
    const store = memoryStore();
    const tasks = addTask(addTask([], 'a', monday), 'b', tuesday);
    writeTasks(tasks, store);
    expect(JSON.parse(store.getItem('tasks') ?? '[]')).toEqual(tasks);
    expect(readTasks(store)).toEqual(tasks);
  });

  it('reads unreadable storage as empty and drops single bad items', () => {
    const store = memoryStore();
    store.setItem('tasks', '{not json');
    expect(readTasks(store)).toEqual([]);
    store.setItem('tasks', JSON.stringify({ text: 'not a list' }));
    expect(readTasks(store)).toEqual([]);
    const good = { text: 'ok', createdAt: monday.toISOString(), updatedAt: monday.toISOString() };
    store.setItem('tasks', JSON.stringify([good, { text: '' }, 42, null]));
    expect(readTasks(store)).toEqual([good]);
  });
});
