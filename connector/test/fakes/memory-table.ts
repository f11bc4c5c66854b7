/**
 * An in-memory stand-in for the DocumentClient commands the connector sends (Get, Put, Update,
 * Delete, Query incl. the gsi2 index, BatchGet, TransactWrite), enforcing what the real table
 * would: condition expressions, atomic transactions with cancellation reasons, one operation per
 * item in a transaction, no consistent reads on a GSI, no unused or undefined placeholders.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  parseCondition,
  parseProjection,
  parseUpdate,
  Placeholders,
  ValidationException,
} from './expressions.ts';

type Item = Record<string, unknown>;
type Key = { pk: string; sk: string };

const indexes: Record<string, { pk: string; sk: string }> = {
  gsi1: { pk: 'gsi1pk', sk: 'gsi1sk' },
  gsi2: { pk: 'gsi2pk', sk: 'gsi2sk' },
  gsi3: { pk: 'gsi3pk', sk: 'gsi3sk' },
};

const keyOf = (key: Record<string, unknown>): string => {
  if (typeof key.pk !== 'string' || typeof key.sk !== 'string')
    throw new ValidationException('key needs string pk and sk');
  return `${key.pk}\u0000${key.sk}`;
};

function assertDefined(value: unknown, path: string): void {
  if (value === undefined) throw new ValidationException(`undefined value at ${path}`);
  if (Array.isArray(value)) value.forEach((entry, index) => assertDefined(entry, `${path}[${index}]`));
  else if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
    for (const [key, entry] of Object.entries(value)) assertDefined(entry, `${path}.${key}`);
  }
}

interface Operation {
  key: string;
  check: (item: Item | undefined) => boolean;
  apply?: () => void;
}

export class MemoryTable {
  readonly items = new Map<string, Item>();
  /** Every command sent, by name (for assertions). */
  readonly sent: { name: string; input: Record<string, unknown> }[] = [];
  /** Items per Query page, to exercise pagination. */
  pageSize = 1000;
  /** Makes the next sends matching `when` throw `error` (once each). */
  private readonly faults: {
    when: (name: string, input: Record<string, unknown>) => boolean;
    error: Error;
  }[] = [];

  constructor(readonly tableName = 'atende-test') {}

  /** The table as a DynamoDBDocumentClient. */
  get client(): DynamoDBDocumentClient {
    return { send: (command: unknown) => this.send(command) } as unknown as DynamoDBDocumentClient;
  }

  failNext(
    when: (name: string, input: Record<string, unknown>) => boolean,
    error: Error = new Error('injected failure'),
  ): void {
    this.faults.push({ when, error });
  }

  get(pk: string, sk: string): Item | undefined {
    const item = this.items.get(keyOf({ pk, sk }));
    return item ? structuredClone(item) : undefined;
  }

  put(item: Item): void {
    this.items.set(keyOf(item), structuredClone(item));
  }

  /** Items of a partition whose sort key starts with `prefix`, in sort-key order. */
  list(pk: string, prefix = ''): Item[] {
    return [...this.items.values()]
      .filter((item) => item.pk === pk && String(item.sk).startsWith(prefix))
      .sort((a, b) => String(a.sk).localeCompare(String(b.sk)))
      .map((item) => structuredClone(item));
  }

  async send(command: unknown): Promise<unknown> {
    // Let the caller's synchronous code run first, like a real round trip.
    await Promise.resolve();
    const name = (command as { constructor: { name: string } }).constructor.name;
    const input = structuredClone((command as { input: Record<string, unknown> }).input);
    this.sent.push({ name, input });
    const fault = this.faults.findIndex((f) => f.when(name, input));
    if (fault >= 0) throw this.faults.splice(fault, 1)[0]!.error;
    if (command instanceof GetCommand) return this.getItem(input);
    if (command instanceof PutCommand) return this.single(this.putOperation(input));
    if (command instanceof UpdateCommand) return this.updateItem(input);
    if (command instanceof DeleteCommand) return this.single(this.deleteOperation(input));
    if (command instanceof QueryCommand) return this.query(input);
    if (command instanceof BatchGetCommand) return this.batchGet(input);
    if (command instanceof TransactWriteCommand) return this.transact(input);
    throw new Error(`MemoryTable: unsupported command ${name}`);
  }

  private checkTable(input: Record<string, unknown>): void {
    if (input.TableName !== this.tableName)
      throw new ValidationException(`unknown table ${String(input.TableName)}`);
  }

  private condition(
    input: Record<string, unknown>,
    placeholders: Placeholders,
  ): (item: Item | undefined) => boolean {
    return typeof input.ConditionExpression === 'string'
      ? parseCondition(input.ConditionExpression, placeholders)
      : () => true;
  }

  private placeholders(input: Record<string, unknown>): Placeholders {
    return new Placeholders({
      names: input.ExpressionAttributeNames as Record<string, string> | undefined,
      values: input.ExpressionAttributeValues as Record<string, unknown> | undefined,
    });
  }

  private getItem(input: Record<string, unknown>) {
    this.checkTable(input);
    const item = this.items.get(keyOf(input.Key as Key));
    return { Item: item ? structuredClone(item) : undefined };
  }

  private putOperation(input: Record<string, unknown>): Operation {
    this.checkTable(input);
    const item = input.Item as Item;
    assertDefined(item, 'Item');
    const key = keyOf(item);
    const placeholders = this.placeholders(input);
    const check = this.condition(input, placeholders);
    placeholders.assertAllUsed();
    return { key, check, apply: () => this.items.set(key, structuredClone(item)) };
  }

  private deleteOperation(input: Record<string, unknown>): Operation {
    this.checkTable(input);
    const key = keyOf(input.Key as Key);
    const placeholders = this.placeholders(input);
    const check = this.condition(input, placeholders);
    placeholders.assertAllUsed();
    return { key, check, apply: () => this.items.delete(key) };
  }

  private updateOperation(input: Record<string, unknown>): Operation & { result: () => Item } {
    this.checkTable(input);
    const keyInput = input.Key as Key;
    const key = keyOf(keyInput);
    const placeholders = this.placeholders(input);
    const check = this.condition(input, placeholders);
    const update = parseUpdate(String(input.UpdateExpression), placeholders);
    placeholders.assertAllUsed();
    let after: Item = {};
    return {
      key,
      check,
      apply: () => {
        const item = structuredClone(this.items.get(key) ?? { pk: keyInput.pk, sk: keyInput.sk });
        update(item);
        if (item.pk !== keyInput.pk || item.sk !== keyInput.sk)
          throw new ValidationException('cannot update key attributes');
        this.items.set(key, item);
        after = item;
      },
      result: () => structuredClone(after),
    };
  }

  private conditionCheckOperation(input: Record<string, unknown>): Operation {
    this.checkTable(input);
    const placeholders = this.placeholders(input);
    const check = this.condition(input, placeholders);
    placeholders.assertAllUsed();
    return { key: keyOf(input.Key as Key), check };
  }

  private single(operation: Operation) {
    if (!operation.check(this.items.get(operation.key))) {
      throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    }
    operation.apply?.();
    return {};
  }

  private updateItem(input: Record<string, unknown>) {
    const operation = this.updateOperation(input);
    this.single(operation);
    return input.ReturnValues === 'ALL_NEW' ? { Attributes: operation.result() } : {};
  }

  private transact(input: Record<string, unknown>) {
    const entries = input.TransactItems as Record<string, Record<string, unknown>>[];
    if (entries.length === 0 || entries.length > 100)
      throw new ValidationException('TransactItems must hold 1 to 100 items');
    const operations = entries.map((entry) => {
      if (entry.ConditionCheck) return this.conditionCheckOperation(entry.ConditionCheck);
      if (entry.Put) return this.putOperation(entry.Put);
      if (entry.Update) return this.updateOperation(entry.Update);
      if (entry.Delete) return this.deleteOperation(entry.Delete);
      throw new ValidationException('unknown transaction item');
    });
    if (new Set(operations.map((op) => op.key)).size !== operations.length) {
      throw new ValidationException('Transaction request cannot include multiple operations on one item');
    }
    const codes = operations.map((op) =>
      op.check(this.items.get(op.key)) ? 'None' : 'ConditionalCheckFailed',
    );
    if (codes.some((code) => code !== 'None')) {
      throw new TransactionCanceledException({
        message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
        $metadata: {},
        CancellationReasons: codes.map((Code) => ({ Code })),
      });
    }
    for (const op of operations) op.apply?.();
    return {};
  }

  private query(input: Record<string, unknown>) {
    this.checkTable(input);
    const indexName = input.IndexName as string | undefined;
    const index = indexName ? indexes[indexName] : { pk: 'pk', sk: 'sk' };
    if (!index) throw new ValidationException(`unknown index ${indexName}`);
    if (indexName && input.ConsistentRead)
      throw new ValidationException('Consistent reads are not supported on global secondary indexes');
    const placeholders = this.placeholders(input);
    const matches = parseCondition(String(input.KeyConditionExpression), placeholders);
    const projection =
      typeof input.ProjectionExpression === 'string'
        ? parseProjection(input.ProjectionExpression, placeholders)
        : null;
    placeholders.assertAllUsed();
    let found = [...this.items.values()]
      .filter((item) => item[index.pk] !== undefined && item[index.sk] !== undefined && matches(item))
      .sort(
        (a, b) =>
          String(a[index.sk]).localeCompare(String(b[index.sk])) || String(a.sk).localeCompare(String(b.sk)),
      );
    const start = input.ExclusiveStartKey as Key | undefined;
    if (start) {
      const position = found.findIndex((item) => item.pk === start.pk && item.sk === start.sk);
      found = found.slice(position + 1);
    }
    const page = found.slice(0, this.pageSize);
    const last = page.at(-1);
    return {
      Items: page.map((item) =>
        projection
          ? Object.fromEntries(projection.filter((p) => p in item).map((p) => [p, structuredClone(item[p])]))
          : structuredClone(item),
      ),
      LastEvaluatedKey: found.length > page.length && last ? { pk: last.pk, sk: last.sk } : undefined,
    };
  }

  private batchGet(input: Record<string, unknown>) {
    const requests = input.RequestItems as Record<string, { Keys: Key[] }>;
    const responses: Record<string, Item[]> = {};
    for (const [table, { Keys }] of Object.entries(requests)) {
      if (table !== this.tableName) throw new ValidationException(`unknown table ${table}`);
      if (Keys.length > 100) throw new ValidationException('too many keys');
      const keys = Keys.map(keyOf);
      if (new Set(keys).size !== keys.length)
        throw new ValidationException('Provided list of item keys contains duplicates');
      responses[table] = keys.flatMap((key) => {
        const item = this.items.get(key);
        return item ? [structuredClone(item)] : [];
      });
    }
    return { Responses: responses, UnprocessedKeys: {} };
  }
}
