/**
 * What a call to DynamoDB Local stands for in AWS, for the bench's counter (call-counter.mjs):
 * its kind by the table it names, and the capacity units DynamoDB Local reports for it.
 * Plain JavaScript, no imports: function threads load it untranspiled.
 *
 * Kinds: `table` (the product's table: what AWS bills as DynamoDB requests), `standIn` (the local
 * SQS and Scheduler stand-ins' own table, infra/local/src/stand-in-table.ts: in AWS these are SQS
 * and Scheduler requests, counted apart), `control` (table management: free in AWS), `other`.
 */

/** infra/local/src/env.ts's standInTableName (a unit test keeps them equal). */
export const standInTableName = 'atende-local-stand-ins';

const controlOperations = new Set([
  'CreateTable',
  'DeleteTable',
  'DescribeTable',
  'ListTables',
  'UpdateTable',
  'DescribeTimeToLive',
  'UpdateTimeToLive',
  'DescribeContinuousBackups',
  'ListTagsOfResource',
  'DescribeLimits',
  'DescribeEndpoints',
]);

/** The operations that accept ReturnConsumedCapacity. */
export const capacityOperations = new Set([
  'GetItem',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'Query',
  'Scan',
  'BatchGetItem',
  'BatchWriteItem',
  'TransactGetItems',
  'TransactWriteItems',
]);

export const readOperations = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems']);

/** Every table a request body names (TableName, RequestItems' keys, transaction items). */
export function tablesOf(body) {
  const tables = new Set();
  if (!body || typeof body !== 'object') return tables;
  if (typeof body.TableName === 'string') tables.add(body.TableName);
  if (body.RequestItems && typeof body.RequestItems === 'object')
    for (const name of Object.keys(body.RequestItems)) tables.add(name);
  if (Array.isArray(body.TransactItems)) {
    for (const entry of body.TransactItems) {
      for (const action of Object.values(entry ?? {}))
        if (typeof action?.TableName === 'string') tables.add(action.TableName);
    }
  }
  return tables;
}

/** The kind of a table by its name. */
export function tableKind(name, productTable) {
  if (name === productTable) return 'table';
  if (name === standInTableName) return 'standIn';
  return 'other';
}

/** The kind of one DynamoDB call: a call that names the product table is the product's. */
export function callKind(operation, tables, productTable) {
  if (controlOperations.has(operation)) return 'control';
  if (tables.has(productTable)) return 'table';
  if (tables.has(standInTableName)) return 'standIn';
  return 'other';
}

/** The body with ReturnConsumedCapacity TOTAL added, or undefined when it already asks or cannot be changed. */
/**
 * The kind of a call from its request body as sent: the product table's when the body names it
 * where a table is named (`"TableName":"…"`, or the first of `"RequestItems"`), found by text,
 * since a quoted name followed by a string can only be a parameter there (an item's attributes
 * are typed objects); any other body is parsed whole. Parsing every body (a transaction's
 * items) cost the counted threads a few per cent of their time, and the figures with it.
 */
export function callKindOfText(operation, text, productTable) {
  if (controlOperations.has(operation)) return 'control';
  if (
    typeof text === 'string' &&
    (text.includes(`"TableName":"${productTable}"`) || text.includes(`"RequestItems":{"${productTable}":`))
  )
    return 'table';
  let body;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return callKind(operation, tablesOf(body), productTable);
}

export function withConsumedCapacity(operation, text) {
  if (!capacityOperations.has(operation) || typeof text !== 'string') return undefined;
  if (!text.startsWith('{') || text.includes('"ReturnConsumedCapacity"')) return undefined;
  return text === '{}'
    ? '{"ReturnConsumedCapacity":"TOTAL"}'
    : `{"ReturnConsumedCapacity":"TOTAL",${text.slice(1)}`;
}

/**
 * The capacity units of a response, per table: its ConsumedCapacity (one object, or a list for
 * batches and transactions). Answers undefined when the response carries none.
 */
export function consumedCapacity(responseText) {
  const start = responseText.indexOf('"ConsumedCapacity"');
  if (start < 0) return undefined;
  const value = jsonValueAfter(responseText, responseText.indexOf(':', start) + 1);
  if (value === undefined) return undefined;
  let parsed;
  try {
    parsed = JSON.parse(value);
  } catch {
    return undefined;
  }
  const units = {};
  for (const entry of Array.isArray(parsed) ? parsed : [parsed]) {
    if (!entry || typeof entry.TableName !== 'string') continue;
    const total = Number(
      entry.CapacityUnits ?? (entry.ReadCapacityUnits ?? 0) + (entry.WriteCapacityUnits ?? 0),
    );
    if (Number.isFinite(total)) units[entry.TableName] = (units[entry.TableName] ?? 0) + total;
  }
  return units;
}

/** The JSON text of the value starting at `from` (an object, array, number or literal). */
function jsonValueAfter(text, from) {
  let i = from;
  while (i < text.length && /\s/.test(text[i])) i += 1;
  const open = text[i];
  if (open !== '{' && open !== '[') {
    const end = text.slice(i).search(/[,}\]]/);
    return end < 0 ? undefined : text.slice(i, i + end);
  }
  let depth = 0;
  let inString = false;
  for (let j = i; j < text.length; j += 1) {
    const c = text[j];
    if (inString) {
      if (c === '\\') j += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth += 1;
    else if (c === '}' || c === ']') {
      depth -= 1;
      if (depth === 0) return text.slice(i, j + 1);
    }
  }
  return undefined;
}
