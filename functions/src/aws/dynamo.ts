import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { requireEnv } from './env.ts';
import { localDynamoAuthScheme } from './local-dynamo-auth.ts';
import { sdkLogger } from '@atende/shared/sdk-logger';
import { badWriteKeys, MissingKeyValueError } from '#domain/key-guard';
import { beginsWithAsRange } from '#domain/key-range';

const localEndpoint = process.env.DYNAMODB_ENDPOINT || undefined;

/**
 * The one DynamoDB client of a bundle. DYNAMODB_ENDPOINT is set only by the local runtime
 * (DynamoDB Local, which checks no signature: local-dynamo-auth.ts); in AWS the SDK resolves the
 * regional endpoint and signs with SigV4.
 */
export const dynamoClient = new DynamoDBClient({
  endpoint: localEndpoint,
  maxAttempts: 4,
  logger: sdkLogger,
  ...(localEndpoint ? { httpAuthSchemes: [localDynamoAuthScheme] } : {}),
});

export const documentClient = DynamoDBDocumentClient.from(dynamoClient, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});

/**
 * Write commands whose keys would hold a missing value are refused before they are sent
 * (key-guard.ts). The document client shares this client's middleware stack and names its
 * commands by the client command they become; at `initialize` a document command's input is
 * still plain values, a client command's is marshalled ({ S: … }), and the guard reads both.
 */
const writeCommands = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'TransactWriteItemsCommand',
  'BatchWriteItemCommand',
]);
documentClient.middlewareStack.add(
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
documentClient.middlewareStack.add(
  (next, context) => async (args) => {
    if (context.commandName !== 'QueryCommand') return next(args);
    const input = beginsWithAsRange(args.input as Parameters<typeof beginsWithAsRange>[0]);
    return next(input ? { ...args, input } : args);
  },
  { step: 'initialize', name: 'atendeBeginsWithAsRange' },
);

export const tableName = (): string => requireEnv('TABLE_NAME');
