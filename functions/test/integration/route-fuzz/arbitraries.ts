/**
 * fast-check arbitraries read from a route's zod schemas (the route fuzz suite): values shaped
 * like what the route reads ("valid-looking"), the same with texts and lists just past or far
 * past their bounds ("oversized"), and values of any type in their place ("invalid").
 */
import fc from 'fast-check';
import type * as z from 'zod';
import { maxLengthOf } from '../../support/schema-bounds.ts';

type Def = z.core.$ZodTypeDef & Record<string, unknown>;
export type Mode = 'valid' | 'oversized' | 'invalid';

const defOf = (schema: z.core.$ZodType) => schema._zod.def as Def;

/** Texts people type, and the ones that break naive code: unicode, quotes, paths, key separators. */
const oddText = fc.constantFrom(
  'ñandú 💥 ação',
  '../../etc/passwd',
  'C#1#T#1',
  "'; DROP TABLE x; --",
  '<script>alert(1)</script>',
  '=HYPERLINK("x")',
  '\u0000\u202e',
  '%00%2F..',
  '',
  ' ',
);

function textOf(max: number | undefined, mode: Mode, huge: boolean): fc.Arbitrary<string> {
  if (mode === 'oversized' && max !== undefined) {
    // Queries (huge = false): one character past the bound, in ASCII, so the URL stays one any
    // HTTP server reads; bodies: also twice the bound and 300,000, in three- and four-byte characters.
    if (!huge) return fc.constant('x'.repeat(max + 1));
    return fc
      .constantFrom(max + 1, max * 2 + 1, Math.max(max + 1, 300_000))
      .chain((length) =>
        fc.constantFrom('x', '€', '😀').map((unit) => unit.repeat(Math.ceil(length / unit.length))),
      );
  }
  const limit = Math.min(max ?? 40, 40);
  return fc.oneof(
    fc.string({ maxLength: limit }),
    fc.string({ unit: 'grapheme', maxLength: limit }),
    oddText,
  );
}

/** Numbers a route may take, including the ids it is given (another company's records). */
function numberOf(ids: readonly number[]): fc.Arbitrary<number> {
  return fc.oneof(
    fc.integer({ min: -2, max: 50 }),
    fc.constantFrom(...ids),
    fc.constantFrom(0, -1, 2 ** 53, 1e21, 0.5),
  );
}

/**
 * An arbitrary for what `schema` reads. In `oversized` mode every text and list with a bound is
 * sent past it; `invalid` puts a value of any type in the place of each field.
 */
export function arbitraryFor(
  schema: z.core.$ZodType,
  mode: Mode,
  ids: readonly number[],
  huge = true,
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const recurse = (inner: z.core.$ZodType) => arbitraryFor(inner, mode, ids, huge);
  if (mode === 'invalid' && def.type !== 'object') return fc.anything({ maxDepth: 2, maxKeys: 4 });
  const max = maxLengthOf(schema);
  switch (def.type) {
    case 'string':
      switch (def.format) {
        case 'email':
          return mode === 'oversized'
            ? textOf(254, mode, huge).map((t) => `${t}@example.com`)
            : fc.emailAddress();
        case 'uuid':
        case 'guid':
          return fc.uuid();
        case 'datetime':
          return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
        case 'date':
          return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
        default:
          return textOf(max, mode, huge);
      }
    case 'number':
    case 'bigint':
      return numberOf(ids);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'null':
      return fc.constant(null);
    case 'array':
    case 'set': {
      const element = recurse((def.element ?? def.valueType) as z.core.$ZodType);
      if (mode === 'oversized' && max !== undefined)
        return fc.array(element, { minLength: max + 1, maxLength: max + 1 });
      return fc.array(element, { maxLength: Math.min(max ?? 5, 5) });
    }
    case 'object': {
      const shape = def.shape as Record<string, z.core.$ZodType>;
      const fields = Object.fromEntries(
        Object.entries(shape).map(([key, value]) => [
          key,
          mode === 'invalid' ? fc.anything({ maxDepth: 2, maxKeys: 4 }) : recurse(value),
        ]),
      );
      // Everything present, or any subset (required fields missing too).
      return fc.oneof(fc.record(fields), fc.record(fields, { requiredKeys: [] }));
    }
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), recurse(def.valueType as z.core.$ZodType), {
        maxKeys: 3,
      });
    case 'tuple':
      return fc.tuple(...(def.items as z.core.$ZodType[]).map(recurse));
    case 'union':
      return fc.oneof(...(def.options as z.core.$ZodType[]).map(recurse));
    case 'intersection':
      return recurse(def.left as z.core.$ZodType);
    case 'pipe': {
      const input = def.in as z.core.$ZodType;
      const output = def.out as z.core.$ZodType;
      if (defOf(output).type === 'boolean') return fc.constantFrom('true', 'false', '1', '0', 'maybe');
      const inputType = defOf(input).type;
      return inputType === 'transform' || inputType === 'unknown' || inputType === 'any'
        ? recurse(output)
        : recurse(input);
    }
    case 'optional':
      return fc.option(recurse(def.innerType as z.core.$ZodType), { nil: undefined });
    case 'nullable':
      return fc.option(recurse(def.innerType as z.core.$ZodType), { nil: null });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return recurse(def.innerType as z.core.$ZodType);
    case 'lazy':
      return recurse((def.getter as () => z.core.$ZodType)());
    case 'custom':
      // A multipart file: JSON cannot carry one; a text in its place must be refused.
      return fc.constant('not a file');
    default:
      return fc.anything({ maxDepth: 1 });
  }
}

/** Path parameters: real ids (another company's), very long, unicode, `../`, empty, malformed. */
export function pathParamArbitrary(ids: readonly number[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...ids).map(String),
    fc.integer({ min: -5, max: 2 ** 31 }).map(String),
    fc.constantFrom(
      'x'.repeat(5_000),
      // Past the 16 KiB Node reads of a request line: the gateway's own refusal, in the catalogue's shape.
      'y'.repeat(20_000),
      '9'.repeat(400),
      encodeURIComponent('ñandú💥'),
      '..%2F..%2Fcompanies',
      // A segment of only `.`/`%2E` is resolved by fetch (the URL standard) before the call
      // leaves, so it would not reach /api at all: dots come with other characters.
      '..%2F',
      '%00',
      '%E0%A4%A',
      '1e309',
      '-0',
      ' 1',
      encodeURIComponent('C#1#T#1'),
      'null',
      'undefined',
      '__proto__',
    ),
    fc.string({ maxLength: 30 }).map((s) => (/^\.+$/.test(s) ? `${s}x` : encodeURIComponent(s))),
  );
}

/** A JSON text nested `depth` levels deep (objects or arrays), built without recursion. */
export function deeplyNested(depth: number, arrays: boolean): string {
  return arrays
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}
