import { Entity, type Attribute, type Schema } from 'electrodb';
import { documentClient, tableName } from '#aws/dynamo';

/** ElectroDB configuration shared by every entity: one client, one table. */
export const entityConfig = { client: documentClient, table: tableName() };

/** Every entity belongs to this ElectroDB service; stream consumers use it to recognise items. */
export const serviceName = 'atende';

/** Keys keep the case we write: company and user ids are numbers, connection ids are case-sensitive. */
export const exactCase = 'none' as const;

/** The model of an entity of this service (every entity is version 1). */
export function entityModel(entity: string) {
  return { entity, version: '1', service: serviceName };
}

/** A number set once with the item: its id and the ids of what it belongs to. */
export const fixedNumber = { type: 'number', required: true, readOnly: true } as const;

/** `createdAt` once, `updatedAt` at every write: ISO instants most entities carry. */
export const timestamps = {
  createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
  updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
} as const;

/** One key of an index (`pk`, `sk`, `gsi1pk`…): its composite attributes and template, in exact case. */
export function key<const C extends readonly string[]>(field: string, composite: C, template: string) {
  return { field, composite, template, casing: exactCase };
}

/** The company partition `C#<companyId>`: the pk of most of a company's items. */
export const companyPk = key('pk', ['companyId'], 'C#${companyId}');

type Indexes = Schema<string, string, string>['indexes'];
type EntitySchema<A, I> = { model: ReturnType<typeof entityModel>; attributes: { -readonly [K in keyof A]: A[K] }; indexes: I };

/**
 * An entity of the one table: its name, attributes and indexes. The same as `new Entity({ model,
 * attributes, indexes }, entityConfig)` (the item, key and update types come out alike).
 */
export function defineEntity<const A extends Record<string, Attribute>, const I extends Indexes>(
  entity: string,
  attributes: A,
  indexes: I,
): Entity<string, string, string, EntitySchema<A, I>> {
  return new Entity({ model: entityModel(entity), attributes, indexes } as EntitySchema<A, I>, entityConfig);
}

/** Opening hours, a day a row (companies and queues). */
export const weekdayHours = {
  type: 'list',
  items: {
    type: 'map',
    properties: {
      weekday: { type: 'string', required: true },
      weekdayEn: { type: 'string', required: true },
      startTime: { type: 'string', required: true },
      endTime: { type: 'string', required: true },
    },
  },
} as const;
