/**
 * A Query's `begins_with(<sort key>, :prefix)` key condition as the same range written with
 * BETWEEN (`:prefix` to `:prefix` + U+10FFFF). DynamoDB answers both alike, but DynamoDB Local,
 * where every local run and test reads, answers begins_with by walking the whole partition: at
 * 100k tickets the company partition holds ~320,000 items, and reading its two tags cost ~100 ms
 * of DynamoDB Local's CPU against ~4 ms as a range (docs/decisions, "Kanban board at 100k").
 * ElectroDB writes begins_with for every query on a partial sort key, so the data layer's client
 * rewrites them all (aws/dynamo.ts). Pure: no AWS imports.
 *
 * The two conditions hold the same items for every key this product writes: a sort key that
 * starts with the prefix is at or after it, and before the prefix followed by U+10FFFF (UTF-8's
 * highest character, which no key holds) unless that character itself follows the prefix.
 */

/** U+10FFFF: in UTF-8 (DynamoDB's order of strings) above every character a key holds. */
export const highestCharacter = '\u{10FFFF}';

const beginsWith = /begins_with\s*\(\s*([#\w.]+)\s*,\s*(:\w+)\s*\)/gi;

type Values = Record<string, unknown>;

/** A value as the document client holds it (`"TAG#"`) or marshalled (`{ S: "TAG#" }`), with its range's end. */
function rangeEnd(value: unknown): unknown {
  if (typeof value === 'string') return value === '' ? undefined : `${value}${highestCharacter}`;
  if (typeof value === 'object' && value !== null && Object.keys(value).length === 1) {
    const text = (value as { S?: unknown }).S;
    if (typeof text === 'string' && text !== '') return { S: `${text}${highestCharacter}` };
  }
  return undefined;
}

/**
 * The query's input with each begins_with of its key condition as a BETWEEN, or undefined when
 * there is nothing to rewrite (no key condition, no begins_with, or a prefix that is not a
 * non-empty string: a binary key, a value missing from the input).
 */
export function beginsWithAsRange<T extends { KeyConditionExpression?: string; ExpressionAttributeValues?: Values }>(
  input: T,
): T | undefined {
  const condition = input.KeyConditionExpression;
  const values = input.ExpressionAttributeValues;
  if (!condition || !values || !/begins_with/i.test(condition)) return undefined;
  const added: Values = {};
  let changed = false;
  const rewritten = condition.replace(beginsWith, (whole, attribute: string, placeholder: string) => {
    const end = rangeEnd(values[placeholder]);
    if (end === undefined) return whole;
    let endName = `${placeholder}_rangeEnd`;
    for (let n = 2; endName in values || endName in added; n += 1) endName = `${placeholder}_rangeEnd${n}`;
    added[endName] = end;
    changed = true;
    return `${attribute} BETWEEN ${placeholder} AND ${endName}`;
  });
  if (!changed) return undefined;
  return { ...input, KeyConditionExpression: rewritten, ExpressionAttributeValues: { ...values, ...added } };
}
