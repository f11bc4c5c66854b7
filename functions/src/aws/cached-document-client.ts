import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  DynamoDBDocumentClientCommand,
  type TranslateConfig,
} from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall, type marshallOptions, type unmarshallOptions } from '@aws-sdk/util-dynamodb';

/**
 * A document client that sends each document command as its plain client command through a
 * client with the SDK's handler cache (`cacheMiddleware`).
 *
 * Why: the document client resolves its middleware stack on every call, twice (its command
 * concatenates the client's stack with its own, then the client command does it again, each
 * with relative entries to sort), and its commands cannot use the handler cache (their
 * marshalling middleware closes over the command instance). Measured on one thread with the
 * network left out: ~260 µs of CPU per call through the document client, ~70 µs for the same
 * call as a plain command through a caching client (docs/performance.md). Every table call of
 * every function pays it, in AWS (billed Lambda time) as locally.
 *
 * The translation is lib-dynamodb's own: each document command names which parts of its input
 * and output hold item values (`inputKeyNodes`, `outputKeyNodes`), and those parts are marshalled
 * and unmarshalled with the same options. A call with options (an abort signal) or a callback,
 * or a command of another kind, goes the document client's own way.
 */
export class CachedDocumentClient extends DynamoDBDocumentClient {
  /** The client plain commands are sent through; its middleware stack is the one to extend. */
  readonly plainClient: DynamoDBClient;
  private readonly marshalling: marshallOptions;
  private readonly unmarshalling: unmarshallOptions;

  constructor(config: DynamoDBClientConfig, translateConfig: TranslateConfig = {}) {
    super(new DynamoDBClient(config), translateConfig);
    this.plainClient = new DynamoDBClient({ ...config, cacheMiddleware: true });
    // As lib-dynamodb's marshalling middleware sets them.
    this.marshalling = { ...translateConfig.marshallOptions, convertTopLevelContainer: true };
    this.unmarshalling = {
      ...translateConfig.unmarshallOptions,
      convertWithoutMapWrapper: translateConfig.unmarshallOptions?.convertWithoutMapWrapper ?? true,
    };
  }

  /**
   * The document client's send, through the caching plain client when it can. An own property
   * rather than a method, so aws-sdk-client-mock's `mockClient(documentClient)` replaces it.
   */
  override send = ((...args: unknown[]) => {
    const [command, options, callback] = args;
    const plain =
      command instanceof DynamoDBDocumentClientCommand &&
      callback === undefined &&
      (options === undefined ||
        (typeof options === 'object' && options !== null && Object.values(options).every((v) => v === undefined)));
    if (!plain) return (DynamoDBDocumentClient.prototype.send as (...rest: unknown[]) => unknown).apply(this, args);
    return this.sendPlain(command as unknown as DocumentCommand);
  }) as DynamoDBDocumentClient['send'];

  private async sendPlain(command: DocumentCommand): Promise<unknown> {
    const input = translate(command.input, command.inputKeyNodes, (value) => marshall(value, this.marshalling));
    const Plain = command.clientCommand.constructor as new (input: unknown) => PlainCommand;
    const output = await this.plainClient.send(new Plain(input) as never);
    return translate(output, command.outputKeyNodes, (value) => unmarshall(value as never, this.unmarshalling));
  }

  override destroy(): void {
    this.plainClient.destroy();
    super.destroy();
  }
}

type KeyNodes = Record<string, unknown> | unknown[] | null;
interface DocumentCommand {
  input: Record<string, unknown>;
  inputKeyNodes: KeyNodes;
  outputKeyNodes: KeyNodes;
  clientCommand: object;
}
type PlainCommand = object;

/** lib-dynamodb's "every key of this level" marker is `*`. */
const nextLevel = '*';

/**
 * Applies `convert` to the parts of a command's input or output its key nodes name, as
 * lib-dynamodb does: at the top the named keys (the others copied as they are); below, a node
 * `null` converts the value itself, `{}` or `[]` every member of it, `{ '*': node }` applies the
 * node to every member, and `{ a: node, b: node }` to those keys. Functions are dropped, as there.
 */
function translate(value: unknown, keyNodes: KeyNodes, convert: (value: unknown) => unknown): unknown {
  if (value === undefined || value === null) return value;
  return namedKeys(value as Record<string, unknown>, keyNodes as Record<string, KeyNodes>, convert);
}

function atNode(value: unknown, keyNodes: KeyNodes | undefined, convert: (value: unknown) => unknown): unknown {
  if (value === undefined) return undefined;
  if (keyNodes == null) return convert(value);
  const keys = Object.keys(keyNodes);
  if (keys.length === 0) return eachMember(value, (member) => atNode(member, null, convert));
  if (keys.length === 1 && keys[0] === nextLevel) {
    const node = (keyNodes as Record<string, KeyNodes>)[nextLevel];
    return eachMember(value ?? {}, (member) => atNode(member, node, convert), true);
  }
  return namedKeys(value as Record<string, unknown>, keyNodes as Record<string, KeyNodes>, convert);
}

function namedKeys(
  object: Record<string, unknown>,
  keyNodes: Record<string, KeyNodes>,
  convert: (value: unknown) => unknown,
): unknown {
  const copy: Record<string, unknown> | unknown[] = Array.isArray(object)
    ? object.filter((member) => typeof member !== 'function')
    : Object.fromEntries(Object.entries(object).filter(([, member]) => typeof member !== 'function'));
  for (const [key, node] of Object.entries(keyNodes)) {
    if (typeof object[key] === 'function') continue;
    const converted = atNode(object[key], node, convert);
    if (converted !== undefined && typeof converted !== 'function') (copy as Record<string, unknown>)[key] = converted;
  }
  return copy;
}

/** Each member converted (undefined ones dropped from objects, unless `keepUndefined`). */
function eachMember(value: unknown, convert: (member: unknown) => unknown, keepUndefined = false): unknown {
  if (Array.isArray(value))
    return value.filter((member) => typeof member !== 'function').map((member) => convert(member));
  const result: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    if (typeof member === 'function') continue;
    const converted = convert(member);
    if (keepUndefined || (converted !== undefined && typeof converted !== 'function')) result[key] = converted;
  }
  return result;
}
