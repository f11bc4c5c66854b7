import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Entity } from 'electrodb';
import { describe, expect, it } from 'vitest';
import { primaryKeyOf } from '../src/data/electro.ts';
import { itemRef } from '../src/data/batch-get.ts';

/**
 * `primaryKeyOf` (data/electro.ts) builds an item's table key from its entity's templates without
 * ElectroDB's params pipeline; it must be the key ElectroDB builds, for every entity of the table.
 */
const dataDir = join(import.meta.dirname, '../src/data');
const modules = await Promise.all(
  readdirSync(dataDir)
    .filter((file) => file.endsWith('-entity.ts'))
    .map(async (file) => [file, (await import(join(dataDir, file))) as Record<string, unknown>] as const),
);
const entities = modules.flatMap(([file, exported]) =>
  Object.entries(exported)
    .filter((entry): entry is [string, Entity<string, string, string, never>] => entry[1] instanceof Entity)
    .map(([name, entity]) => ({ name: `${file}:${name}`, entity })),
);

/** Values for an entity's primary key attributes, of each attribute's type. */
function sampleKey(entity: Entity<string, string, string, never>): Record<string, unknown> {
  const schema = (entity as unknown as { model: { schema: { attributes: Record<string, { type: string }> } } }).model.schema;
  const indexes = (entity as unknown as { model: { indexes: Record<string, { index?: string; pk: { facets: string[] }; sk?: { facets: string[] } }> } }).model.indexes;
  const primary = Object.values(indexes).find((index) => !index.index)!;
  const values: Record<string, unknown> = {};
  [...primary.pk.facets, ...(primary.sk?.facets ?? [])].forEach((name, i) => {
    const type = schema.attributes[name]?.type;
    values[name] = type === 'number' ? 70 + i : `Valor-${i}#X`;
  });
  return values;
}

describe('table keys without ElectroDB’s params (primaryKeyOf)', () => {
  it('covers the entities made by defineEntity', () => {
    const covered = entities.filter(({ entity }) => primaryKeyOf(entity, sampleKey(entity)) !== undefined);
    expect(covered.length).toBeGreaterThan(40);
  });

  it.each(entities.map((entry) => [entry.name, entry.entity] as const))('%s: the same key as ElectroDB', (_, entity) => {
    const values = sampleKey(entity);
    const fast = primaryKeyOf(entity, values);
    const { Key } = entity.get(values as never).params() as { Key: Record<string, string> };
    if (fast) expect(fast).toEqual(Key);
    expect(itemRef(entity as never, values as never)).toMatchObject(Key);
  });

  it('refuses a key part it does not hold', () => {
    const ticket = entities.find(({ name }) => name.endsWith(':ticketEntity'))!.entity;
    expect(() => primaryKeyOf(ticket, { companyId: 3 })).toThrow(/id is missing/);
    expect(primaryKeyOf(ticket, { companyId: 3, id: 41 })).toEqual({ pk: 'C#3', sk: 'TICKET#41' });
  });
});
