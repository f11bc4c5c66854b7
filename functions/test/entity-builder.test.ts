import { Entity } from 'electrodb';
import { describe, expect, it } from 'vitest';
import { companyPk, defineEntity, entityConfig, entityModel, exactCase, fixedNumber, key, serviceName, timestamps } from '../src/data/electro.ts';

const attributes = {
  companyId: fixedNumber,
  id: fixedNumber,
  name: { type: 'string', required: true },
  ...timestamps,
} as const;

describe('entity builder (data/electro.ts)', () => {
  it('builds keys in exact case and the company partition', () => {
    expect(key('gsi1sk', ['name', 'id'], '${name}#${id}')).toEqual({
      field: 'gsi1sk',
      composite: ['name', 'id'],
      template: '${name}#${id}',
      casing: exactCase,
    });
    expect(companyPk).toEqual({ field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: 'none' });
    expect(entityModel('thing')).toEqual({ entity: 'thing', version: '1', service: serviceName });
  });

  it('defines the same entity as the written-out schema: same keys and items', () => {
    const built = defineEntity('thing', attributes, {
      byId: { pk: companyPk, sk: key('sk', ['id'], 'THING#${id}') },
      byName: { index: 'gsi1', pk: key('gsi1pk', ['companyId'], 'C#${companyId}#THINGS'), sk: key('gsi1sk', ['name', 'id'], '${name}#${id}') },
    });
    const written = new Entity(
      {
        model: { entity: 'thing', version: '1', service: serviceName },
        attributes: {
          companyId: { type: 'number', required: true, readOnly: true },
          id: { type: 'number', required: true, readOnly: true },
          name: { type: 'string', required: true },
          createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
          updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
        },
        indexes: {
          byId: {
            pk: { field: 'pk', composite: ['companyId'], template: 'C#${companyId}', casing: exactCase },
            sk: { field: 'sk', composite: ['id'], template: 'THING#${id}', casing: exactCase },
          },
          byName: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['companyId'], template: 'C#${companyId}#THINGS', casing: exactCase },
            sk: { field: 'gsi1sk', composite: ['name', 'id'], template: '${name}#${id}', casing: exactCase },
          },
        },
      },
      entityConfig,
    );
    const item = { companyId: 7, id: 3, name: 'Ana' };
    const put = (entity: typeof built | typeof written) => {
      const { Item } = entity.create(item).params<{ Item: Record<string, unknown> }>();
      return { ...Item, createdAt: 'T', updatedAt: 'T' };
    };
    expect(put(built)).toEqual(put(written));
    expect(put(built)).toMatchObject({ pk: 'C#7', sk: 'THING#3', gsi1pk: 'C#7#THINGS', gsi1sk: 'Ana#3', __edb_e__: 'thing' });
    expect(built.query.byName({ companyId: 7 }).params()).toEqual(written.query.byName({ companyId: 7 }).params());
    expect(built.update({ companyId: 7, id: 3 }).set({ name: 'Bia' }).params()).toMatchObject({
      Key: { pk: 'C#7', sk: 'THING#3' },
    });
    expect(() => built.update({ companyId: 7, id: 3 }).set({ id: 4 } as never).params()).toThrow();
  });
});
