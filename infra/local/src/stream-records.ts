/**
 * GetRecords against DynamoDB Local, keeping the records in their wire form.
 *
 * Lambda hands stream consumers the records as the wire carries them (attribute values as JSON,
 * binary as base64, the creation time in epoch seconds). The SDK's client decodes that wire form
 * into its own (bytes, Dates) and the reader had to encode it back: on the runtime's main
 * thread, which also runs the gateway, that decoding and encoding was about a tenth of its busy
 * time while customers' messages arrived (docs/performance.md). This reader posts the same
 * request the SDK would (JSON 1.0 on the same keep-alive agent, so the bench still counts it as
 * a stream read) and parses the answer with JSON.parse alone. Only GetRecords goes this way: the
 * reader's other calls are rare and keep the SDK.
 */
import { request, type Agent } from 'node:http';
import type { AttributeValue } from 'aws-lambda';
import { localDynamoAuthorization } from '../../../functions/src/aws/local-dynamo-auth.ts';

/** A stream record as DynamoDB Streams' GetRecords answers it on the wire. */
export interface WireStreamRecord {
  eventID?: string;
  eventName?: 'INSERT' | 'MODIFY' | 'REMOVE';
  eventVersion?: string;
  eventSource?: string;
  awsRegion?: string;
  dynamodb?: {
    ApproximateCreationDateTime?: number;
    Keys?: Record<string, AttributeValue>;
    NewImage?: Record<string, AttributeValue>;
    OldImage?: Record<string, AttributeValue>;
    SequenceNumber?: string;
    SizeBytes?: number;
    StreamViewType?: 'KEYS_ONLY' | 'NEW_IMAGE' | 'OLD_IMAGE' | 'NEW_AND_OLD_IMAGES';
  };
  userIdentity?: { type?: string; principalId?: string };
}

export interface RecordsPage {
  Records?: WireStreamRecord[];
  NextShardIterator?: string;
}

export type ReadRecords = (shardIterator: string, limit: number) => Promise<RecordsPage>;

/** An error answer, named as the SDK names its exceptions (`ExpiredIteratorException`, …). */
export class StreamReadError extends Error {
  constructor(
    override readonly name: string,
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

export function createRecordsReader(endpoint: string, agent: Agent): ReadRecords {
  const url = new URL(endpoint);
  return (shardIterator, limit) =>
    new Promise<RecordsPage>((resolve, reject) => {
      const body = JSON.stringify({ ShardIterator: shardIterator, Limit: limit });
      const call = request(
        {
          host: url.hostname,
          port: url.port,
          path: '/',
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/x-amz-json-1.0',
            'x-amz-target': 'DynamoDBStreams_20120810.GetRecords',
            'content-length': Buffer.byteLength(body),
            authorization: localDynamoAuthorization,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            try {
              const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordsPage & {
                __type?: string;
                message?: string;
                Message?: string;
              };
              const status = response.statusCode ?? 0;
              if (status >= 200 && status < 300) resolve(answer);
              else reject(errorOf(status, answer));
            } catch (error) {
              reject(error as Error);
            }
          });
        },
      );
      call.on('error', reject);
      call.end(body);
    });
}

/** `com.amazonaws.dynamodb.v20120810#ExpiredIteratorException` → `ExpiredIteratorException`. */
function errorOf(status: number, answer: { __type?: string; message?: string; Message?: string }): StreamReadError {
  const name = answer.__type?.split('#').at(-1) ?? `HTTP${status}`;
  return new StreamReadError(name, answer.message ?? answer.Message ?? `GetRecords answered ${status}`, status);
}
