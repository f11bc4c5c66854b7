import { Agent } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { sdkLogger } from '@atende/shared/sdk-logger';
import { localDynamoAuthScheme } from '../../../functions/src/aws/local-dynamo-auth.ts';
import { createRecordsReader, type ReadRecords } from './stream-records.ts';

/** DynamoDB Local runs with -sharedDb, so any region and key pair reach the same tables. */
const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const region = 'us-east-1';

/** Clients the runtime itself uses against DynamoDB Local, sharing one keep-alive agent. */
export interface RuntimeDynamoClients {
  dynamo: DynamoDBClient;
  documents: DynamoDBDocumentClient;
  streams: DynamoDBStreamsClient;
  /** The stream's GetRecords without the SDK's decoding (stream-records.ts), on the same agent. */
  readRecords: ReadRecords;
  destroy(): void;
}

export function createRuntimeDynamoClients(endpoint: string): RuntimeDynamoClients {
  const httpAgent = new Agent({ keepAlive: true, maxSockets: 64 });
  const common = { endpoint, region, credentials: localCredentials, requestHandler: { httpAgent }, logger: sdkLogger };
  // DynamoDB Local checks no signature (local-dynamo-auth.ts).
  const dynamo = new DynamoDBClient({ ...common, httpAuthSchemes: [localDynamoAuthScheme] });
  const documents = DynamoDBDocumentClient.from(dynamo, { marshallOptions: { removeUndefinedValues: true } });
  const streams = new DynamoDBStreamsClient(common);
  return {
    dynamo,
    documents,
    streams,
    readRecords: createRecordsReader(endpoint, httpAgent),
    destroy() {
      streams.destroy();
      dynamo.destroy();
      httpAgent.destroy();
    },
  };
}
