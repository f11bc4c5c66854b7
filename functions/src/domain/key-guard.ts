/**
 * Keys are sacred: a write must never store a key or index attribute composed from a value it
 * did not hold. ElectroDB renders a missing composite as the text `undefined` (a partial update
 * of a connection once wrote `gsi1sk = "undefined"`), so every write is checked before it leaves
 * the bundle, and one whose key attributes carry an `undefined` or `null` segment is refused.
 */

/** The table's key attributes: the primary key and each index's (table-definition.ts). */
export const keyAttributes = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk']);

/** A key segment (between `#`s, or the whole value) that is the text of a missing value. */
const missingSegment = /(^|#)(undefined|null|NaN)(#|$)/;

type Item = Record<string, unknown>;

function badKeyValues(item: Item | undefined, where: string): string[] {
  if (!item) return [];
  return Object.entries(item)
    .filter(([name, value]) => keyAttributes.has(name) && isBadKeyValue(value))
    .map(([name, value]) => `${where} ${name}=${JSON.stringify(value)}`);
}

function isBadKeyValue(value: unknown): boolean {
  // A marshalled value ({ S: "…" }, { N: "…" }, { NULL: true }) is read for what it holds.
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const marshalled = value as { S?: unknown; N?: unknown; NULL?: unknown };
    if (marshalled.NULL === true) return true;
    const held = marshalled.S ?? marshalled.N;
    if (held !== undefined) return isBadKeyValue(held);
  }
  return value === undefined || value === null || (typeof value === 'string' && missingSegment.test(value));
}

/** The key attributes an update expression SETs, with the values they get. */
function updatedKeys(update: {
  UpdateExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Item;
}): Item {
  const set: Item = {};
  const expression = update.UpdateExpression ?? '';
  for (const match of expression.matchAll(/(#?[\w.]+)\s*=\s*(:[\w]+)/g)) {
    const name = match[1]!.startsWith('#') ? update.ExpressionAttributeNames?.[match[1]!] : match[1];
    if (name && keyAttributes.has(name)) set[name] = update.ExpressionAttributeValues?.[match[2]!];
  }
  return set;
}

interface WriteInput {
  Item?: Item;
  Key?: Item;
  UpdateExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Item;
  TransactItems?: { Put?: WriteInput; Update?: WriteInput; Delete?: WriteInput; ConditionCheck?: WriteInput }[];
  RequestItems?: Record<string, { PutRequest?: { Item?: Item }; DeleteRequest?: { Key?: Item } }[] | unknown>;
}

/**
 * What is wrong with the keys of a document-client write (Put, Update, Delete, TransactWrite,
 * BatchWrite input), one line per bad attribute; empty when the write may go.
 */
export function badWriteKeys(input: WriteInput): string[] {
  const problems = [
    ...badKeyValues(input.Item, 'item'),
    ...badKeyValues(input.Key, 'key'),
    ...badKeyValues(updatedKeys(input), 'update'),
  ];
  for (const [index, entry] of (input.TransactItems ?? []).entries()) {
    for (const operation of [entry.Put, entry.Update, entry.Delete, entry.ConditionCheck]) {
      if (operation) problems.push(...badWriteKeys(operation).map((line) => `TransactItems[${index}] ${line}`));
    }
  }
  for (const requests of Object.values(input.RequestItems ?? {})) {
    if (!Array.isArray(requests)) continue;
    for (const request of requests as { PutRequest?: { Item?: Item }; DeleteRequest?: { Key?: Item } }[]) {
      problems.push(...badKeyValues(request.PutRequest?.Item, 'batch item'), ...badKeyValues(request.DeleteRequest?.Key, 'batch key'));
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
