import { describe, expect, it } from 'vitest';
import { queueColourPalette } from '@atende/shared/constants';
import { queueCreateInputSchema, queueUpdateInputSchema } from '@atende/shared/entities/queue';
import { queueOptionListQuerySchema } from '@atende/shared/entities/queue-option';
import {
  assertParentInQueue,
  assertSameParent,
  buildOptionTree,
  compareOptionNumbers,
  compareQueues,
  queueColourKey,
  queueNameKey,
  subtreeIds,
} from '../src/domain/queue-rules.ts';

describe('queue order', () => {
  it('orders by orderQueue with queues without one last, then by id', () => {
    const queues = [
      { id: 1, orderQueue: null },
      { id: 2, orderQueue: 3 },
      { id: 3 },
      { id: 4, orderQueue: 1 },
      { id: 5, orderQueue: 3 },
    ];
    expect([...queues].sort(compareQueues).map((q) => q.id)).toEqual([4, 2, 5, 1, 3]);
  });
});

describe('option numbers', () => {
  it('compares numbers as numbers and puts text after them', () => {
    expect(['10', '2', '1', 'b', 'a', '03'].sort(compareOptionNumbers)).toEqual(['1', '2', '03', '10', 'a', 'b']);
    expect(compareOptionNumbers('2', '10')).toBeLessThan(0);
    expect(compareOptionNumbers('x2', 'x10')).toBeLessThan(0);
  });
});

describe('claim keys', () => {
  it('folds names and colours so near-duplicates collide', () => {
    expect(queueNameKey('  Ventas ')).toBe(queueNameKey('VENTAS'));
    expect(queueNameKey('Atención')).toBe(queueNameKey('atencion'));
    expect(queueColourKey(' #FFA000')).toBe('#ffa000');
  });
});

describe('option tree', () => {
  const options = [
    { id: 1, parentId: null, option: '2', title: 'Soporte' },
    { id: 2, parentId: null, option: '1', title: 'Ventas' },
    { id: 3, parentId: 2, option: '10', title: 'Otros' },
    { id: 4, parentId: 2, option: '2', title: 'Precios' },
    { id: 5, parentId: 4, option: '1', title: 'Mayorista' },
    { id: 6, parentId: 99, option: '1', title: 'Huérfana' },
  ];

  it('nests every level below the asked parent in menu order', () => {
    const roots = buildOptionTree(options, null);
    expect(roots.map((o) => o.title)).toEqual(['Ventas', 'Soporte']);
    expect(roots[0]!.children.map((o) => o.title)).toEqual(['Precios', 'Otros']);
    expect(roots[0]!.children[0]!.children.map((o) => o.title)).toEqual(['Mayorista']);
    expect(roots[1]!.children).toEqual([]);
    const below = buildOptionTree(options, 2);
    expect(below.map((o) => o.id)).toEqual([4, 3]);
    expect(below[0]!.children.map((o) => o.id)).toEqual([5]);
  });

  it('never shows an option whose parent is gone, and survives a cycle', () => {
    const shown = JSON.stringify(buildOptionTree(options, null));
    expect(shown).not.toContain('Huérfana');
    const cyclic = [
      { id: 1, parentId: 2, option: '1' },
      { id: 2, parentId: 1, option: '1' },
    ];
    expect(buildOptionTree(cyclic, 1).map((o) => o.id)).toEqual([2]);
    expect(buildOptionTree(cyclic, 1)[0]!.children.map((o) => o.id)).toEqual([1]);
    expect(buildOptionTree(cyclic, 1)[0]!.children[0]!.children).toEqual([]);
  });

  it('finds an option and everything below it', () => {
    expect(subtreeIds(options, 2).sort()).toEqual([2, 3, 4, 5]);
    expect(subtreeIds(options, 1)).toEqual([1]);
    expect(subtreeIds(options, 5)).toEqual([5]);
  });

  it('keeps children in their queue and options in their place', () => {
    expect(() => assertParentInQueue({ queueId: 1 }, 1)).not.toThrow();
    expect(() => assertParentInQueue({ queueId: 2 }, 1)).toThrow('ERR_VALIDATION');
    expect(() => assertParentInQueue(undefined, 1)).toThrow('ERR_VALIDATION');
    expect(() => assertSameParent(4, undefined)).not.toThrow();
    expect(() => assertSameParent(undefined, null)).not.toThrow();
    expect(() => assertSameParent(4, 4)).not.toThrow();
    expect(() => assertSameParent(4, null)).toThrow('ERR_VALIDATION');
    expect(() => assertSameParent(null, 3)).toThrow('ERR_VALIDATION');
  });
});

describe('queue input', () => {
  const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

  it('asks for a 2-50 name and a 3-9 colour, with the spec texts', () => {
    expect(messages(queueCreateInputSchema.safeParse({ name: 'A', color: '#fff' }))).toEqual({ name: 'muy corto' });
    expect(messages(queueCreateInputSchema.safeParse({ name: 'x'.repeat(51), color: '#fff' }))).toEqual({ name: 'muy largo!' });
    expect(messages(queueCreateInputSchema.safeParse({ name: 'Ventas' }))).toEqual({ color: 'Requerido' });
    expect(messages(queueCreateInputSchema.safeParse({ name: 'Ventas', color: '#1234567890' }))).toEqual({ color: 'muy largo!' });
  });

  it('fills the default hours and accepts every palette colour', () => {
    expect(queueColourPalette).toHaveLength(50);
    expect(new Set(queueColourPalette).size).toBe(50);
    for (const color of queueColourPalette) expect(queueCreateInputSchema.safeParse({ name: 'Ventas', color }).success).toBe(true);
    const parsed = queueCreateInputSchema.parse({ name: 'Ventas', color: '#2196f3', orderQueue: '' });
    expect(parsed.orderQueue).toBeNull();
    expect(parsed.schedules).toHaveLength(7);
    expect(parsed.schedules[0]).toEqual({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' });
    expect(parsed.schedules[5]).toMatchObject({ weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' });
    expect(parsed.schedules[6]).toMatchObject({ weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' });
  });

  it('leaves absent fields out of an update and refuses a bad time', () => {
    expect(queueUpdateInputSchema.parse({ promptId: null })).toEqual({ promptId: null });
    const bad = queueUpdateInputSchema.safeParse({ schedules: [{ weekday: 'Lunes', weekdayEn: 'monday', startTime: '25:00', endTime: '18:00' }] });
    expect(bad.success).toBe(false);
  });

  it('reads parentId -1 or absent as the root level', () => {
    expect(queueOptionListQuerySchema.parse({ queueId: '3', parentId: '-1' })).toEqual({ queueId: 3, parentId: null });
    expect(queueOptionListQuerySchema.parse({ queueId: '3' })).toEqual({ queueId: 3, parentId: null });
    expect(queueOptionListQuerySchema.parse({ queueId: '3', parentId: '7' })).toEqual({ queueId: 3, parentId: 7 });
    expect(queueOptionListQuerySchema.safeParse({ queueId: '3', parentId: '0' }).success).toBe(false);
  });
});
