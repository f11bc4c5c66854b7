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
  const defined = new Entity({ model: entityModel(entity), attributes, indexes } as EntitySchema<A, I>, entityConfig);
  const primary = Object.values(indexes as Record<string, IndexDefinition>).find((index) => index.index === undefined);
  // Only where ElectroDB would write each value as it is (no padding, setter, field or casing).
  const plain = (template: KeyTemplate) =>
    template.composite.every((name) => {
      const attribute = (attributes as Record<string, unknown>)[name];
      return typeof attribute === 'object' && attribute !== null && ['padding', 'set', 'get', 'field', 'casing'].every((option) => !(option in attribute));
    });
  if (primary?.pk && primary.sk && plain(primary.pk) && plain(primary.sk)) primaryKeyTemplates.set(defined, { pk: primary.pk, sk: primary.sk });
  return defined;
}

type KeyTemplate = { field: string; composite: readonly string[]; template: string };
type IndexDefinition = { index?: string; pk?: KeyTemplate; sk?: KeyTemplate };

/** The table key templates of each entity `defineEntity` made (its index without an `index` name). */
const primaryKeyTemplates = new WeakMap<object, { pk: KeyTemplate; sk: KeyTemplate }>();

function filled(template: KeyTemplate, values: Record<string, unknown>): string {
  return template.template.replace(/\$\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    // Keys are sacred: never a key from a value we do not hold (as ElectroDB refuses too).
    if (value === undefined || value === null || value === '') throw new Error(`key attribute ${name} is missing`);
    return String(value);
  });
}

/**
 * An item's table key from its entity's templates, as `entity.get(key).params().Key` builds it
 * (exact case, values as strings), without ElectroDB's params pipeline: a page's BatchGet of 41
 * tickets and their contacts spent more CPU building keys than reading items. Undefined for an
 * entity not made by `defineEntity`.
 */
export function primaryKeyOf(entity: object, values: Record<string, unknown>): { pk: string; sk: string } | undefined {
  const templates = primaryKeyTemplates.get(entity);
  if (!templates || templates.pk.field !== 'pk' || templates.sk.field !== 'sk') return undefined;
  return { pk: filled(templates.pk, values), sk: filled(templates.sk, values) };
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
