import { CachedDocumentClient } from './cached-document-client.ts';
import { requireEnv } from './env.ts';
import { localDynamoAuthScheme } from './local-dynamo-auth.ts';
import { sdkLogger } from '@atende/shared/sdk-logger';
import { badWriteKeys, MissingKeyValueError } from '#domain/key-guard';
import { beginsWithAsRange } from '#domain/key-range';

const localEndpoint = process.env.DYNAMODB_ENDPOINT || undefined;

/**
 * The one DynamoDB document client of a bundle (cached-document-client.ts: document commands go
 * out as plain commands through the SDK's handler cache). DYNAMODB_ENDPOINT is set only by the
 * local runtime (DynamoDB Local, which checks no signature: local-dynamo-auth.ts); in AWS the SDK
 * resolves the regional endpoint and signs with SigV4.
 */
export const documentClient = new CachedDocumentClient(
  {
    endpoint: localEndpoint,
    maxAttempts: 4,
    logger: sdkLogger,
    ...(localEndpoint ? { httpAuthSchemes: [localDynamoAuthScheme] } : {}),
  },
  { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } },
);

/** Both ways a command leaves: the document client's own stack and the caching plain client's. */
const stacks = [documentClient.middlewareStack, documentClient.plainClient.middlewareStack];

/**
 * Write commands whose keys would hold a missing value are refused before they are sent
 * (key-guard.ts). Both stacks name commands by the client command they become; at `initialize`
 * a document command sent the document client's own way still holds plain values, one sent
 * through the caching client is marshalled ({ S: … }), and the guard reads both.
 */
const writeCommands = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'TransactWriteItemsCommand',
  'BatchWriteItemCommand',
]);
for (const stack of stacks)
  stack.add(
    (next, context) => async (args) => {
      if (writeCommands.has(context.commandName ?? '')) {
        const problems = badWriteKeys(args.input as Parameters<typeof badWriteKeys>[0]);
        if (problems.length > 0) throw new MissingKeyValueError(problems);
      }
      return next(args);
    },
    { step: 'initialize', name: 'atendeKeyGuard' },
  );

/**
 * Every Query's begins_with key condition goes out as the same range with BETWEEN: DynamoDB
 * Local walks a whole partition for begins_with (domain/key-range.ts). Runs after the document
 * client's marshalling (values are `{ S: … }` then) and on client commands alike.
 */
for (const stack of stacks)
  stack.add(
    (next, context) => async (args) => {
      if (context.commandName !== 'QueryCommand') return next(args);
      const input = beginsWithAsRange(args.input as Parameters<typeof beginsWithAsRange>[0]);
      return next(input ? { ...args, input } : args);
    },
    { step: 'initialize', name: 'atendeBeginsWithAsRange' },
  );

export const tableName = (): string => requireEnv('TABLE_NAME');
