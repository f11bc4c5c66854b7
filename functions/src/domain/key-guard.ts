/**
 * Keys are sacred: a write must never store a key or index attribute composed from a value it
 * did not hold. ElectroDB renders a missing composite as the text `undefined` (a partial update
 * of a connection once wrote `gsi1sk = "undefined"`), so every write is checked before it leaves
 * the bundle, and one whose key attributes carry an `undefined`, `null` or `NaN` segment that no
 * attribute of the same write holds is refused.
 *
 * Free text is part of many keys (search tokens `<token>#<id>`, name keys, name claims), and a
 * customer may well write the word "null": such a segment is allowed when the write also stores
 * that text as an attribute (ElectroDB stores every composite it builds a key from), which a
 * missing composite never is.
 */

/** The table's key attributes: the primary key and each index's (table-definition.ts). */
export const keyAttributes = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk']);

/** The texts a missing value becomes in a template. */
const missingTexts = new Set(['undefined', 'null', 'nan']);

type Item = Record<string, unknown>;

/** A marshalled value ({ S: "…" }, { N: "…" }, { NULL: true }) as what it holds. */
function plain(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const marshalled = value as { S?: unknown; N?: unknown; NULL?: unknown };
    if (marshalled.NULL === true) return null;
    if (marshalled.S !== undefined) return marshalled.S;
    if (marshalled.N !== undefined) return marshalled.N;
  }
  return value;
}

/** Lowercased texts of the write's non-key attributes, which a key may legitimately contain. */
function heldTexts(attributes: Item): Set<string> {
  const held = new Set<string>();
  for (const [name, raw] of Object.entries(attributes)) {
    if (keyAttributes.has(name)) continue;
    const value = plain(raw);
    if (typeof value === 'string' || typeof value === 'number') held.add(String(value).toLowerCase());
  }
  return held;
}

function badKeys(keys: Item, held: Set<string>, where: string): string[] {
  const problems: string[] = [];
  for (const [name, raw] of Object.entries(keys)) {
    if (!keyAttributes.has(name)) continue;
    const value = plain(raw);
    const missing =
      value === undefined ||
      value === null ||
      (typeof value === 'string' &&
        value
          .split('#')
          .some((segment) => missingTexts.has(segment.toLowerCase()) && !held.has(segment.toLowerCase())));
    if (missing) problems.push(`${where} ${name}=${JSON.stringify(value)}`);
  }
  return problems;
}

/** The attributes an update expression SETs, with the values they get. */
function setAttributes(update: {
  UpdateExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Item;
}): Item {
  const set: Item = {};
  for (const match of (update.UpdateExpression ?? '').matchAll(/(#?[\w.]+)\s*=\s*(:\w+)/g)) {
    const name = match[1]!.startsWith('#') ? update.ExpressionAttributeNames?.[match[1]!] : match[1];
    if (name) set[name] = update.ExpressionAttributeValues?.[match[2]!];
  }
  return set;
}

interface WriteInput {
  Item?: Item;
  /** The key a write addresses: an existing item's, not read (only what is stored is). */
  Key?: Item;
  UpdateExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Item;
  TransactItems?: { Put?: WriteInput; Update?: WriteInput; Delete?: WriteInput; ConditionCheck?: WriteInput }[];
  RequestItems?: Record<string, unknown>;
}

/**
 * What is wrong with the keys a document-client write stores (Put, Update, TransactWrite,
 * BatchWrite input), one line per bad attribute; empty when the write may go. Deletes and
 * condition checks store nothing and are not read.
 */
export function badWriteKeys(input: WriteInput): string[] {
  const problems: string[] = [];
  if (input.Item) problems.push(...badKeys(input.Item, heldTexts(input.Item), 'item'));
  if (input.UpdateExpression) {
    const set = setAttributes(input);
    problems.push(...badKeys(set, heldTexts(set), 'update'));
  }
  for (const [index, entry] of (input.TransactItems ?? []).entries()) {
    for (const operation of [entry.Put, entry.Update]) {
      if (operation) problems.push(...badWriteKeys(operation).map((line) => `TransactItems[${index}] ${line}`));
    }
  }
  for (const requests of Object.values(input.RequestItems ?? {})) {
    if (!Array.isArray(requests)) continue;
    for (const request of requests as { PutRequest?: { Item?: Item } }[]) {
      const item = request.PutRequest?.Item;
      if (item) problems.push(...badKeys(item, heldTexts(item), 'batch item'));
    }
  }
  return problems;
}

export class MissingKeyValueError extends Error {
  constructor(readonly problems: string[]) {
    super(`refused a write whose keys hold a missing value: ${problems.join('; ')}`);
    this.name = 'MissingKeyValueError';
  }
}
