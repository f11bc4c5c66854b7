/**
 * Lambda's event filtering (an event source mapping's `FilterCriteria`) for the local stream
 * reader: a record reaches a consumer when it matches at least one pattern. The pattern grammar
 * is EventBridge's; this evaluates the part the product's patterns use (functions/src/live/
 * stream-filter.ts) and throws on any other operator, so a new pattern cannot be silently
 * mis-read locally:
 * - an object: each of its keys must match the record's field of that name;
 * - an array: the field's value (or one of its values, for an array) equals one of the literals,
 *   or satisfies one of the operators `{ "anything-but": [...] }`, `{ "exists": true|false }`,
 *   `{ "prefix": "..." }`. A missing field matches only `{ "exists": false }`.
 */
export type FilterPattern = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function matchesAnyPattern(record: unknown, patterns: readonly FilterPattern[]): boolean {
  return patterns.some((pattern) => matchesObject(record, pattern));
}

function matchesObject(value: unknown, pattern: FilterPattern): boolean {
  if (!isPlainObject(value)) return false;
  return Object.entries(pattern).every(([key, rule]) => matchesRule(value[key], key in value, rule));
}

function matchesRule(value: unknown, present: boolean, rule: unknown): boolean {
  if (Array.isArray(rule)) {
    const values = Array.isArray(value) ? value : [value];
    return rule.some((alternative) => matchesAlternative(values, present, alternative));
  }
  if (isPlainObject(rule)) return present && matchesObject(value, rule);
  throw new Error(`filter pattern: expected an object or an array, got ${JSON.stringify(rule)}`);
}

function matchesAlternative(values: unknown[], present: boolean, alternative: unknown): boolean {
  if (!isPlainObject(alternative)) return present && values.some((value) => value === alternative);
  const [operator, ...others] = Object.keys(alternative);
  if (operator === undefined || others.length > 0)
    throw new Error(`filter pattern: one operator per rule, got ${JSON.stringify(alternative)}`);
  const argument = alternative[operator];
  switch (operator) {
    case 'exists':
      return argument === present;
    case 'anything-but': {
      const excluded = Array.isArray(argument) ? argument : [argument];
      return present && values.some((value) => isScalar(value) && !excluded.includes(value));
    }
    case 'prefix':
      return present && values.some((value) => typeof value === 'string' && value.startsWith(String(argument)));
    default:
      throw new Error(`filter pattern: operator ${operator} is not evaluated locally`);
  }
}

const isScalar = (value: unknown) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
