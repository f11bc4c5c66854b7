import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { requireEnv } from './env.ts';
import { sdkLogger } from '@atende/shared/sdk-logger';

/**
 * The one DynamoDB client of a bundle. DYNAMODB_ENDPOINT is set only by the local runtime
 * (DynamoDB Local); in AWS the SDK resolves the regional endpoint.
 */
export const dynamoClient = new DynamoDBClient({
  endpoint: process.env.DYNAMODB_ENDPOINT || undefined,
  maxAttempts: 4,
  logger: sdkLogger,
});

export const documentClient = DynamoDBDocumentClient.from(dynamoClient, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});

export const tableName = (): string => requireEnv('TABLE_NAME');
