import { describe, expect, it } from 'vitest';
import type { Queue } from './api/types.ts';
import {
  addDraftOption,
  applyQueueEvent,
  changeDraftOption,
  checkDraftOptions,
  checkQueueForm,
  draftOf,
  emptyQueueForm,
  nextOptionNumber,
  parseQueueEvent,
  planOptionSync,
  removeDraftOption,
  runOptionSync,
  usedColours,
  weekOf,
} from './queue-form.ts';

const queue = (id: number, orderQueue: number | null, color = '#2196f3'): Queue => ({
  id,
  name: `Cola ${id}`,
  color,
  greetingMessage: '',
  outOfHoursMessage: '',
  orderQueue,
  integrationId: null,
  promptId: null,
  schedules: [],
});

describe('queue dialog (extended §5 Queue)', () => {
  it('asks for a name of 2-50 and a colour, with the spec texts', () => {
    expect(checkQueueForm(emptyQueueForm())).toEqual({ ok: false, errors: { name: 'Requerido', color: 'Requerido' } });
    expect(checkQueueForm({ ...emptyQueueForm(), name: 'A', color: '#2196f3' })).toEqual({ ok: false, errors: { name: 'muy corto' } });
    expect(checkQueueForm({ ...emptyQueueForm(), name: 'x'.repeat(51), color: '#2196f3' })).toEqual({
      ok: false,
      errors: { name: 'muy largo!' },
    });
  });

  it('starts with the default week and sends an empty order as null', () => {
    const form = emptyQueueForm();
    expect(form.schedules.map((row) => `${row.weekdayEn} ${row.startTime}-${row.endTime}`)).toEqual([
      'monday 08:00-18:00',
      'tuesday 08:00-18:00',
      'wednesday 08:00-18:00',
      'thursday 08:00-18:00',
      'friday 08:00-18:00',
      'saturday 08:00-12:00',
      'sunday 00:00-00:00',
    ]);
    const checked = checkQueueForm({ ...form, name: ' Ventas ', color: '#2196f3' });
    expect(checked).toMatchObject({ ok: true, data: { name: 'Ventas', color: '#2196f3', orderQueue: null } });
    expect(checkQueueForm({ ...form, name: 'Ventas', color: '#2196f3', orderQueue: '3' })).toMatchObject({ data: { orderQueue: 3 } });
  });

  it('completes a stored week and knows the colours other queues use', () => {
    const week = weekOf([{ weekday: 'Domingo', weekdayEn: 'sunday', startTime: '10:00', endTime: '14:00' }]);
    expect(week).toHaveLength(7);
    expect(week[6]).toMatchObject({ startTime: '10:00', endTime: '14:00' });
    expect(week[0]).toMatchObject({ startTime: '08:00' });
    const used = usedColours([queue(1, null, '#F44336'), queue(2, null, '#4caf50')], 2);
    expect([...used]).toEqual(['#f44336']);
  });
});

describe('option tree editor', () => {
  it('numbers new options after their siblings and nests children', () => {
    let tree = addDraftOption([], null);
    tree = addDraftOption(tree, null);
    expect(tree.map((node) => node.option)).toEqual(['1', '2']);
    tree = addDraftOption(tree, tree[0]!.key);
    tree = changeDraftOption(tree, tree[0]!.children[0]!.key, { title: 'Hijo' });
    expect(tree[0]!.children).toMatchObject([{ option: '1', title: 'Hijo' }]);
    expect(nextOptionNumber([{ key: 'a', title: '', message: '', option: '7', children: [] }])).toBe('8');
    expect(checkDraftOptions(tree)).toEqual({
      [`${tree[0]!.key}.title`]: 'Requerido',
      [`${tree[1]!.key}.title`]: 'Requerido',
    });
    expect(removeDraftOption(tree, tree[0]!.key).map((node) => node.option)).toEqual(['2']);
  });

  it('plans deletions of removed branches, changes, then creations parents first', () => {
    const saved = draftOf([
      {
        id: 1, title: 'Ventas', message: 'm', option: '1', queueId: 9, parentId: null,
        children: [{ id: 2, title: 'Precios', message: '', option: '1', queueId: 9, parentId: 1, children: [] }],
      },
      {
        id: 3, title: 'Soporte', message: '', option: '2', queueId: 9, parentId: null,
        children: [{ id: 4, title: 'Hijo', message: '', option: '1', queueId: 9, parentId: 3, children: [] }],
      },
    ]);
    let edited = removeDraftOption(saved, saved[1]!.key);
    edited = changeDraftOption(edited, saved[0]!.key, { title: 'Ventas online' });
    edited = addDraftOption(edited, saved[0]!.children[0]!.key);
    const newChild = edited[0]!.children[0]!.children[0]!;
    edited = changeDraftOption(edited, newChild.key, { title: 'Mayorista' });
    edited = addDraftOption(edited, newChild.key);
    const grandchild = edited[0]!.children[0]!.children[0]!.children[0]!;
    edited = changeDraftOption(edited, grandchild.key, { title: 'Más de 100' });

    const steps = planOptionSync(saved, edited);
    expect(steps).toEqual([
      { kind: 'delete', id: 3 },
      { kind: 'update', id: 1, title: 'Ventas online', message: 'm', option: '1' },
      { kind: 'create', key: newChild.key, parent: { id: 2 }, title: 'Mayorista', message: '', option: '1' },
      { kind: 'create', key: grandchild.key, parent: { key: newChild.key }, title: 'Más de 100', message: '', option: '1' },
    ]);
    expect(planOptionSync(saved, saved)).toEqual([]);
  });

  it('runs the plan giving new children the ids of their new parents', async () => {
    const calls: string[] = [];
    let nextId = 100;
    await runOptionSync(
      9,
      [
        { kind: 'delete', id: 3 },
        { kind: 'create', key: 'a', parent: null, title: 'A', message: '', option: '1' },
        { kind: 'create', key: 'b', parent: { key: 'a' }, title: 'B', message: '', option: '1' },
      ],
      {
        create: async (payload) => {
          calls.push(`create ${payload.title} under ${payload.parentId} in ${payload.queueId}`);
          return { id: (nextId += 1) };
        },
        update: async (id) => calls.push(`update ${id}`),
        remove: async (id) => calls.push(`delete ${id}`),
      },
    );
    expect(calls).toEqual(['delete 3', 'create A under null in 9', 'create B under 101 in 9']);
  });
});

describe('live queue events', () => {
  it('merges create, update and delete by id, keeping the menu order', () => {
    const list = [queue(1, 1), queue(2, null)];
    const created = parseQueueEvent({ action: 'create', queue: queue(3, 0) });
    expect(applyQueueEvent(list, created!)!.map((q) => q.id)).toEqual([3, 1, 2]);
    const updated = parseQueueEvent({ action: 'update', queue: { ...queue(2, null), name: 'Nuevo' } });
    expect(applyQueueEvent(list, updated!)!.find((q) => q.id === 2)!.name).toBe('Nuevo');
    const deleted = parseQueueEvent({ action: 'delete', queueId: 1 });
    expect(applyQueueEvent(list, deleted!)!.map((q) => q.id)).toEqual([2]);
    expect(parseQueueEvent({ action: 'update' })).toBeUndefined();
    expect(applyQueueEvent(undefined, deleted!)).toBeUndefined();
  });
});
