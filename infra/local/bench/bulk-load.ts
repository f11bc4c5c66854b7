/**
 * Writes the seed straight into DynamoDB Local's SQLite file (`<dbDir>/shared-local-instance.db`)
 * with the `sqlite3` command, while DynamoDB Local is stopped: the rows are exactly the ones its
 * PutItem writes (same key columns, salted SHA-1 key hashes, item size, item JSON and index
 * columns), only without going through its HTTP API, which takes ~0.4–0.6 ms of a core per item
 * (the 100k company is ~1.9 million items: 15–30 minutes through the API, about one here).
 *
 * What a row holds was read from DynamoDB Local 2026-01-16 (`LocalDBUtils.getHashValue`,
 * `getItemSizeBytes`, `encodeBigDecimal`, `SQLiteDBAccess.sqliteColumnBindingsForAllAttributes`);
 * the column layout is read from the table's own description in the file (`dm.TableInfo`), and
 * `checkRows` compares rows made here with rows DynamoDB Local wrote, so a release that changes
 * the format is caught (bench.test.ts and the seeding step itself) rather than silently
 * measured on wrong data.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { TableItem } from './items.ts';

/** DynamoDB Local's file under -sharedDb. */
export function sharedDbFile(dbDir: string): string {
  return join(dbDir, 'shared-local-instance.db');
}

/** Whether the `sqlite3` command is there (the API path is used otherwise). */
export function sqliteAvailable(): boolean {
  const probe = spawnSync('sqlite3', ['-version'], { stdio: 'ignore' });
  return probe.status === 0;
}

/** The salt DynamoDB Local puts before every key it hashes (LocalDBUtils.SALT, "LocalDdb"). */
const salt = Buffer.from('LocalDdb');

function sha1(...parts: Buffer[]): Buffer {
  const hash = createHash('sha1').update(salt);
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/** A decimal string as DynamoDB stores it: sign, significant digits, power of ten. */
function decimalParts(text: string): { negative: boolean; digits: string; scale: number } {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`not a DynamoDB number: ${text}`);
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  let digits = (whole + fraction).replace(/^0+/, '');
  let scale = fraction.length - Number(exponent);
  while (digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    scale -= 1;
  }
  return { negative: sign === '-', digits, scale };
}

/** Bytes of DynamoDB Local's encoding of a number (LocalDBUtils.encodeBigDecimal), its size. */
export function numberSizeBytes(text: string): number {
  const { negative, digits, scale } = decimalParts(text);
  if (digits.length === 0) return 1;
  const exponent = digits.length - scale;
  const padding = exponent % 2 !== 0 ? 1 : 0;
  const mantissa = Math.floor((padding + digits.length + 1) / 2);
  return mantissa + 1 + (negative && mantissa < 20 ? 1 : 0);
}

/** Binary values are bytes in marshalled items and base64 in DynamoDB Local's JSON. */
const binaryLength = (value: Uint8Array | string) =>
  typeof value === 'string' ? Buffer.from(value, 'base64').length : value.length;

function valueSizeBytes(value: AttributeValue): number {
  if (value.S !== undefined) return Buffer.byteLength(value.S);
  if (value.N !== undefined) return numberSizeBytes(value.N);
  if (value.B !== undefined) return binaryLength(value.B);
  if (value.SS !== undefined) return value.SS.reduce((sum, s) => sum + Buffer.byteLength(s), 0);
  if (value.NS !== undefined) return value.NS.reduce((sum, n) => sum + numberSizeBytes(n), 0);
  if (value.BS !== undefined) return value.BS.reduce((sum, b) => sum + binaryLength(b), 0);
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.L !== undefined)
    return value.L.reduce((sum, element) => sum + valueSizeBytes(element), 0) + value.L.length + 3;
  if (value.M !== undefined) return mapSizeBytes(value.M as TableItem, true) + 3;
  throw new Error(`unknown attribute value ${JSON.stringify(value)}`);
}

function mapSizeBytes(map: TableItem, nested: boolean): number {
  let size = 0;
  for (const [name, value] of Object.entries(map)) size += Buffer.byteLength(name) + valueSizeBytes(value);
  return nested ? size + Object.keys(map).length : size;
}

/** The item's size as DynamoDB Local records it (LocalDBUtils.getItemSizeBytes). */
export function itemSizeBytes(item: TableItem): number {
  return mapSizeBytes(item, false);
}

/** Which item attribute goes to which column, from the table's description in the file. */
export interface TableLayout {
  table: string;
  hashKey: string;
  rangeKey: string;
  /** Index key columns (indexKey_N) by attribute name. */
  indexColumns: { attribute: string; column: string }[];
}

interface SqliteIndexElement {
  DynamoDBAttribute: { AttributeName: string; AttributeType: string };
  KeyType: 'HASH' | 'RANGE';
  SQLiteColumnName: string;
}

/** Reads the layout out of DynamoDB Local's `dm` table; throws when it is not the known one. */
export function parseTableLayout(table: string, tableInfoJson: string): TableLayout {
  const info = JSON.parse(tableInfoJson) as {
    UniqueIndexes?: SqliteIndexElement[];
    UniqueGSIIndexes?: SqliteIndexElement[][];
  };
  const base = info.UniqueIndexes ?? [];
  const hash = base.find((element) => element.KeyType === 'HASH');
  const range = base.find((element) => element.KeyType === 'RANGE');
  if (!hash || !range || hash.SQLiteColumnName !== 'hashKey' || range.SQLiteColumnName !== 'rangeKey') {
    throw new Error(`DynamoDB Local's description of ${table} is not the known layout (hashKey/rangeKey)`);
  }
  const indexColumns = (info.UniqueGSIIndexes ?? []).flat().map((element) => {
    if (element.DynamoDBAttribute.AttributeType !== 'S' || !/^indexKey_\d+$/.test(element.SQLiteColumnName)) {
      throw new Error(
        `DynamoDB Local's index column ${element.SQLiteColumnName} for ${element.DynamoDBAttribute.AttributeName} is not the known layout`,
      );
    }
    return { attribute: element.DynamoDBAttribute.AttributeName, column: element.SQLiteColumnName };
  });
  return {
    table,
    hashKey: hash.DynamoDBAttribute.AttributeName,
    rangeKey: range.DynamoDBAttribute.AttributeName,
    indexColumns,
  };
}

/** One row of the table as DynamoDB Local's PutItem writes it; binary columns as Buffers. */
export interface TableRow {
  hashKey: Buffer;
  rangeKey: Buffer;
  hashValue: Buffer;
  rangeValue: Buffer;
  itemSize: number;
  ObjectJSON: Buffer;
  hashRangeValue: Buffer;
  /** indexKey_N → value, only the ones the item has. */
  indexKeys: Record<string, Buffer>;
}

function stringKey(item: TableItem, name: string): string {
  const value = item[name]?.S;
  if (value === undefined)
    throw new Error(`item without a string ${name}: ${JSON.stringify(item).slice(0, 200)}`);
  return value;
}

/** DynamoDB Local keeps binary values as base64 strings in its JSON. */
function binaryAsBase64(this: Record<string, unknown>, key: string, value: unknown): unknown {
  // The holder's own value: a Buffer's toJSON has already run on `value`.
  const original = this[key];
  return original instanceof Uint8Array ? Buffer.from(original).toString('base64') : value;
}

/**
 * Hashes of partition keys: most items share a few partitions (search tokens, the company's),
 * so each is hashed once. Cleared when large (one partition per ticket timeline).
 */
const partitionHashes = new Map<string, Buffer>();
function partitionHash(key: string): Buffer {
  let hash = partitionHashes.get(key);
  if (!hash) {
    if (partitionHashes.size > 10_000) partitionHashes.clear();
    hash = sha1(Buffer.from(key));
    partitionHashes.set(key, hash);
  }
  return hash;
}

/** A row with its text columns as strings (what the SQL is written from). */
interface TextRow {
  hashKey: string;
  rangeKey: string;
  hashValue: Buffer;
  rangeValue: Buffer;
  itemSize: number;
  ObjectJSON: string;
  hashRangeValue: Buffer;
  indexKeys: Record<string, string>;
}

function textRow(layout: TableLayout, item: TableItem): TextRow {
  const hashKey = stringKey(item, layout.hashKey);
  const rangeKey = stringKey(item, layout.rangeKey);
  const hashValue = partitionHash(hashKey);
  const rangeValue = sha1(Buffer.from(rangeKey));
  const indexKeys: Record<string, string> = {};
  for (const { attribute, column } of layout.indexColumns) {
    if (item[attribute] !== undefined) indexKeys[column] = stringKey(item, attribute);
  }
  return {
    hashKey,
    rangeKey,
    hashValue,
    rangeValue,
    itemSize: itemSizeBytes(item),
    ObjectJSON: JSON.stringify(item, binaryAsBase64),
    hashRangeValue: sha1(hashValue, rangeValue),
    indexKeys,
  };
}

export function tableRow(layout: TableLayout, item: TableItem): TableRow {
  const row = textRow(layout, item);
  return {
    ...row,
    hashKey: Buffer.from(row.hashKey),
    rangeKey: Buffer.from(row.rangeKey),
    ObjectJSON: Buffer.from(row.ObjectJSON),
    indexKeys: Object.fromEntries(
      Object.entries(row.indexKeys).map(([column, value]) => [column, Buffer.from(value)]),
    ),
  };
}

const hex = (buffer: Buffer) => `X'${buffer.toString('hex')}'`;
/**
 * A blob literal of UTF-8 text: DynamoDB Local binds keys and JSON as bytes, and SQLite compares
 * a blob with a text value as never equal, so they must be blobs here too. As text cast to a
 * blob (half the size of hex to pipe and parse), or hex when it holds a NUL.
 */
const textBlob = (text: string) =>
  text.includes('\u0000')
    ? hex(Buffer.from(text))
    : `CAST('${text.includes("'") ? text.replace(/'/g, "''") : text}' AS BLOB)`;

function rowValues(layout: TableLayout, row: TextRow): string {
  let values = `(${textBlob(row.hashKey)},${textBlob(row.rangeKey)},${hex(row.hashValue)},${hex(row.rangeValue)},${row.itemSize},${textBlob(row.ObjectJSON)},${hex(row.hashRangeValue)}`;
  for (const { column } of layout.indexColumns) {
    const value = row.indexKeys[column];
    values += value === undefined ? ',NULL' : `,${textBlob(value)}`;
  }
  return `${values})`;
}

/** Runs `sqlite3 <file>` with `sql` on stdin; resolves with its stdout. */
function sqlite(file: string, sql: string | AsyncIterable<string>): Promise<string> {
  return new Promise((resolveRun, reject) => {
    const child = spawn('sqlite3', ['-bail', file], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 && !err.trim()
        ? resolveRun(out)
        : reject(new Error(`sqlite3 ${file} failed (${code}): ${err.trim()}`)),
    );
    child.stdin.on('error', () => undefined);
    if (typeof sql === 'string') {
      child.stdin.end(sql);
      return;
    }
    const exited = new Promise<void>((resolveExit) => child.once('close', () => resolveExit()));
    void (async () => {
      try {
        for await (const chunk of sql) {
          // sqlite3 stops at the first error (-bail): then stop making rows too.
          if (child.exitCode !== null) break;
          if (!child.stdin.write(chunk))
            await Promise.race([new Promise((drained) => child.stdin.once('drain', drained)), exited]);
        }
      } finally {
        child.stdin.end();
      }
    })().catch(reject);
  });
}

export async function readTableLayout(file: string, table: string): Promise<TableLayout> {
  if (!existsSync(file)) throw new Error(`no DynamoDB Local database at ${file}`);
  const json = await sqlite(
    file,
    `.mode list\nSELECT CAST(TableInfo AS TEXT) FROM dm WHERE TableName = ${sqlText(table)};\n`,
  );
  if (!json.trim()) throw new Error(`table ${table} not found in ${file}`);
  return parseTableLayout(table, json.trim());
}

const rowsPerInsert = 500;
const sqlText = (text: string) => `'${text.replace(/'/g, "''")}'`;
const sqlIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Inserts every item into the table of the stopped DynamoDB Local's file, in one transaction.
 * `onProgress` gets the count so far. No stream records are written: the seed stands for data
 * that was already there before the runtime is started on it.
 */
export async function bulkLoad(
  file: string,
  table: string,
  items: AsyncIterable<TableItem> | Iterable<TableItem>,
  onProgress?: (written: number) => void,
): Promise<number> {
  const layout = await readTableLayout(file, table);
  // Its secondary indexes (the GSIs' and the hash value's) are dropped and made again after
  // the rows are in: SQLite builds an index from sorted keys much faster than it updates it per row.
  const indexes = JSON.parse(
    (await sqlite(
      file,
      `.mode json\nSELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name = ${sqlText(table)};\n`,
    )) || '[]',
  ) as { name: string; sql: string }[];
  const columns = [
    'hashKey',
    'rangeKey',
    'hashValue',
    'rangeValue',
    'itemSize',
    'ObjectJSON',
    'hashRangeValue',
    ...layout.indexColumns.map((c) => c.column),
  ];
  // OR REPLACE: a key written twice keeps the last item, as PutItem does.
  const insert = `INSERT OR REPLACE INTO ${sqlIdentifier(table)} (${columns.join(',')}) VALUES\n`;
  let written = 0;
  async function* statements(): AsyncGenerator<string> {
    // The file is a throw-away copy in RAM: no journal, no fsync, and pages kept in memory
    // until the end rather than written and read back as the indexes grow.
    yield 'PRAGMA journal_mode=OFF;\nPRAGMA synchronous=OFF;\nPRAGMA cache_size=-1048576;\nBEGIN;\n';
    for (const index of indexes) yield `DROP INDEX ${sqlIdentifier(index.name)};\n`;
    let values: string[] = [];
    for await (const item of items as AsyncIterable<TableItem>) {
      values.push(rowValues(layout, textRow(layout, item)));
      if (values.length === rowsPerInsert) {
        written += values.length;
        yield `${insert}${values.join(',\n')};\n`;
        values = [];
        onProgress?.(written);
      }
    }
    if (values.length > 0) {
      written += values.length;
      yield `${insert}${values.join(',\n')};\n`;
      onProgress?.(written);
    }
    for (const index of indexes) yield `${index.sql};\n`;
    yield 'COMMIT;\n';
  }
  await sqlite(file, statements());
  return written;
}

/** Every row of the table (tests, and the check against DynamoDB Local's own writes). */
export async function readRows(file: string, table: string): Promise<Map<string, TableRow>> {
  const layout = await readTableLayout(file, table);
  const indexColumns = layout.indexColumns.map((c) => c.column);
  const select = [
    'hashKey',
    'rangeKey',
    'hashValue',
    'rangeValue',
    'ObjectJSON',
    'hashRangeValue',
    ...indexColumns,
  ].map((c) => `quote(${c})`);
  const out = await sqlite(
    file,
    `.mode tabs\n.headers off\nSELECT ${select.join(', ')}, itemSize FROM ${sqlIdentifier(table)};\n`,
  );
  const rows = new Map<string, TableRow>();
  const blob = (text: string): Buffer | undefined =>
    text === 'NULL' ? undefined : Buffer.from(/^X'([0-9A-Fa-f]*)'$/.exec(text)?.[1] ?? '', 'hex');
  for (const line of out.split('\n')) {
    if (!line) continue;
    const fields = line.split('\t');
    const [hashKey, rangeKey, hashValue, rangeValue, objectJson, hashRangeValue] = fields
      .slice(0, 6)
      .map(blob) as Buffer[];
    const indexKeys: Record<string, Buffer> = {};
    indexColumns.forEach((column, i) => {
      const value = blob(fields[6 + i]!);
      if (value) indexKeys[column] = value;
    });
    rows.set(`${hashKey!.toString()}\u0000${rangeKey!.toString()}`, {
      hashKey: hashKey!,
      rangeKey: rangeKey!,
      hashValue: hashValue!,
      rangeValue: rangeValue!,
      itemSize: Number(fields.at(-1)),
      ObjectJSON: objectJson!,
      hashRangeValue: hashRangeValue!,
      indexKeys,
    });
  }
  return rows;
}

/**
 * Differences between what DynamoDB Local wrote for items and what tableRow makes of the same
 * items (read back from its JSON): empty when this file's rows are exactly DynamoDB Local's.
 */
export function checkRows(layout: TableLayout, written: Iterable<TableRow>, limit = 10): string[] {
  const problems: string[] = [];
  for (const actual of written) {
    const item = JSON.parse(actual.ObjectJSON.toString()) as TableItem;
    const made = tableRow(layout, item);
    const key = `${actual.hashKey.toString()} / ${actual.rangeKey.toString()}`;
    for (const column of ['hashKey', 'rangeKey', 'hashValue', 'rangeValue', 'hashRangeValue'] as const) {
      if (!made[column].equals(actual[column])) problems.push(`${key}: ${column} differs`);
    }
    if (made.itemSize !== actual.itemSize)
      problems.push(`${key}: itemSize ${made.itemSize}, DynamoDB Local ${actual.itemSize}`);
    const columns = new Set([...Object.keys(made.indexKeys), ...Object.keys(actual.indexKeys)]);
    for (const column of columns) {
      if (!made.indexKeys[column]?.equals(actual.indexKeys[column] ?? Buffer.alloc(0)))
        problems.push(`${key}: ${column} differs`);
    }
    if (problems.length >= limit) break;
  }
  return problems;
}
