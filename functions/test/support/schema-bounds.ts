/**
 * Walks a zod 4 schema and names every place where the input can grow without a bound: a string
 * without a maximum length, an array or set without a maximum count, a record (any number of
 * keys), or an unknown/any value. Used by the bounds guard (input-bounds-guard.test.ts) over
 * every route's params, query and body.
 */
import type * as z from 'zod';

type Def = z.core.$ZodTypeDef & Record<string, unknown>;

/** String formats whose own pattern bounds their length (a uuid, an ISO date…). */
const boundedFormats = new Set([
  'uuid',
  'guid',
  'cuid',
  'cuid2',
  'ulid',
  'xid',
  'ksuid',
  'nanoid',
  'ipv4',
  'ipv6',
  'cidrv4',
  'cidrv6',
  'date',
  'time',
  'datetime',
  'duration',
  'e164',
]);

function defOf(schema: z.core.$ZodType): Def {
  return schema._zod.def as Def;
}

/** The largest length or count a string/array/set check allows, if any. */
export function maxLengthOf(schema: z.core.$ZodType): number | undefined {
  const checks = (defOf(schema).checks ?? []) as z.core.$ZodCheck[];
  let max: number | undefined;
  for (const check of checks) {
    const def = check._zod.def as { check: string; maximum?: number; length?: number; size?: number };
    const value =
      def.check === 'max_length' || def.check === 'max_size'
        ? def.maximum
        : def.check === 'length_equals' || def.check === 'size_equals'
          ? (def.length ?? def.size)
          : undefined;
    if (value !== undefined) max = max === undefined ? value : Math.min(max, value);
  }
  return max;
}

/** Paths (`body.items[].name`) of every unbounded place in the schema. */
export function unboundedPaths(schema: z.core.$ZodType, path: string): string[] {
  const found: string[] = [];
  // Ancestors only (a lazy schema may hold itself); a schema used twice is reported at each place.
  const ancestors = new Set<z.core.$ZodType>();
  const walk = (node: z.core.$ZodType, at: string): void => {
    if (ancestors.has(node)) return;
    ancestors.add(node);
    try {
      visit(node, at);
    } finally {
      ancestors.delete(node);
    }
  };
  const visit = (node: z.core.$ZodType, at: string): void => {
    const def = defOf(node);
    switch (def.type) {
      case 'string': {
        const format = def.format as string | undefined;
        if (maxLengthOf(node) === undefined && !(format && boundedFormats.has(format)))
          found.push(`${at}: string without a maximum length`);
        return;
      }
      case 'array':
        if (maxLengthOf(node) === undefined) found.push(`${at}: array without a maximum count`);
        walk(def.element as z.core.$ZodType, `${at}[]`);
        return;
      case 'set':
        if (maxLengthOf(node) === undefined) found.push(`${at}: set without a maximum count`);
        walk(def.valueType as z.core.$ZodType, `${at}[]`);
        return;
      case 'record':
        // An enum or literal key set is bounded; any string key is not.
        if (!isFiniteKey(def.keyType as z.core.$ZodType)) found.push(`${at}: record with any number of keys`);
        walk(def.valueType as z.core.$ZodType, `${at}{}`);
        return;
      case 'object': {
        const shape = def.shape as Record<string, z.core.$ZodType>;
        for (const [key, value] of Object.entries(shape)) walk(value, `${at}.${key}`);
        const catchall = def.catchall as z.core.$ZodType | undefined;
        if (catchall && defOf(catchall).type !== 'never' && defOf(catchall).type !== 'unknown')
          walk(catchall, `${at}.*`);
        return;
      }
      case 'tuple':
        (def.items as z.core.$ZodType[]).forEach((item, i) => walk(item, `${at}[${i}]`));
        if (def.rest) found.push(`${at}: tuple with a rest element`);
        return;
      case 'union':
        (def.options as z.core.$ZodType[]).forEach((option) => walk(option, at));
        return;
      case 'intersection':
        walk(def.left as z.core.$ZodType, at);
        walk(def.right as z.core.$ZodType, at);
        return;
      case 'pipe':
        // z.stringbool(): a string codec that takes only its listed words ('true', '0', 'yes'…).
        if (defOf(def.out as z.core.$ZodType).type === 'boolean') return;
        // What the caller sends is the pipe's input; the output of a transform is the code's own.
        // A preprocess step (transform) or an unknown input is bounded by what the pipe leads to.
        if (defOf(def.in as z.core.$ZodType).type === 'transform' || isPassThrough(def.in as z.core.$ZodType))
          walk(def.out as z.core.$ZodType, at);
        else walk(def.in as z.core.$ZodType, at);
        return;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        walk(def.innerType as z.core.$ZodType, at);
        return;
      case 'lazy':
        walk((def.getter as () => z.core.$ZodType)(), at);
        return;
      case 'any':
      case 'unknown':
        found.push(`${at}: ${def.type} value (any size)`);
        return;
      default:
        // number, bigint, boolean, date, enum, literal, null, undefined, never, transform, custom,
        // file (multipart routes keep their own byte caps): nothing that grows.
        return;
    }
  };
  walk(schema, path);
  return found;
}

function isFiniteKey(key: z.core.$ZodType): boolean {
  const type = defOf(key).type;
  return type === 'enum' || type === 'literal';
}

/** A preprocess step's input is whatever arrives: the pipe's output is what bounds it. */
function isPassThrough(schema: z.core.$ZodType): boolean {
  const type = defOf(schema).type;
  return type === 'unknown' || type === 'any';
}

/**
 * The largest JSON text (UTF-8 bytes) a bounded schema accepts: every text at its maximum in
 * three-byte characters, every list at its maximum count. Files (multipart) count nothing: their
 * cap is the multipart parser's. Unbounded places count as Infinity.
 */
export function maxJsonBytes(schema: z.core.$ZodType, bytesPerChar = 3): number {
  const size = (inner: z.core.$ZodType) => maxJsonBytes(inner, bytesPerChar);
  const def = defOf(schema);
  const max = maxLengthOf(schema);
  switch (def.type) {
    case 'string':
      // ISO dates, uuids and the like: at most a few dozen characters.
      return max === undefined ? (def.format ? 64 : Infinity) : max * bytesPerChar + 2;
    case 'number':
    case 'bigint':
      return 24;
    case 'boolean':
    case 'null':
    case 'undefined':
    case 'date':
      return 32;
    case 'enum':
      return Math.max(
        ...Object.values(def.entries as Record<string, string | number>).map((v) => String(v).length + 2),
      );
    case 'literal':
      return Math.max(...(def.values as unknown[]).map((v) => JSON.stringify(v ?? null).length));
    case 'array':
    case 'set':
      return max === undefined
        ? Infinity
        : 2 + max * (size((def.element ?? def.valueType) as z.core.$ZodType) + 1);
    case 'object':
      return (
        2 +
        Object.entries(def.shape as Record<string, z.core.$ZodType>).reduce(
          (sum, [key, value]) => sum + key.length + 4 + size(value),
          0,
        )
      );
    case 'record':
      return isFiniteKey(def.keyType as z.core.$ZodType)
        ? 2 + keysOf(def.keyType as z.core.$ZodType).length * (64 + size(def.valueType as z.core.$ZodType))
        : Infinity;
    case 'tuple':
      return 2 + (def.items as z.core.$ZodType[]).reduce((sum, item) => sum + size(item) + 1, 0);
    case 'union':
      return Math.max(...(def.options as z.core.$ZodType[]).map(size));
    case 'intersection':
      return size(def.left as z.core.$ZodType) + size(def.right as z.core.$ZodType);
    case 'pipe': {
      const input = def.in as z.core.$ZodType;
      if (defOf(def.out as z.core.$ZodType).type === 'boolean') return 32;
      return defOf(input).type === 'transform' || isPassThrough(input)
        ? size(def.out as z.core.$ZodType)
        : size(input);
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return size(def.innerType as z.core.$ZodType);
    case 'lazy':
      return size((def.getter as () => z.core.$ZodType)());
    case 'custom':
      // z.instanceof(Buffer): a multipart file, capped by the multipart parser.
      return 0;
    default:
      return Infinity;
  }
}

function keysOf(key: z.core.$ZodType): unknown[] {
  const def = defOf(key);
  return def.type === 'enum' ? Object.values(def.entries as object) : (def.values as unknown[]);
}
