import { createHash } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  startConnector,
  type Connector,
  type Logger as ConnectorLogger,
} from '../../../connector/src/index.ts';
import type { LambdaHandler } from './invoke.ts';
import type { LocalQueue } from './local-queue.ts';
import type { FunctionOutput } from './function-output.ts';
import { jsonLine } from '../../../connector/src/ports.ts';
import { connectorServiceName } from '../../lib/lambda-defaults.ts';

/**
 * The connector's identity in its session leases: one per data directory, since only one
 * runtime runs on a data directory at a time. A runtime started again after a crash is then the
 * holder of the leases its predecessor left and takes its sessions back at once, instead of
 * waiting up to 30 s for them to expire while its commands are redelivered, each delivery
 * counting towards the queue's ten receives before a dead letter (docs/reliability.md).
 */
export function localHolderId(dataDir: string): string {
  return `local-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;
}

/** The name the connector's command queue names as its consumer (manifest serviceQueues). */
export const connectorConsumerName = 'connector';
/** The queues the connector consumes: its commands and its lookups (manifest serviceQueues). */
const connectorQueues = ['connector-commands', 'connector-lookups'];

export interface LocalConnector {
  /** The invoker's handler for the `connector` consumer: the running connector's handleCommands. */
  handler: LambdaHandler;
  start(): Promise<void>;
  /** Stops the connector like a task that goes away: its commands wait in the queue. */
  stop(): Promise<void>;
  running(): boolean;
}

/**
 * Runs the connector in the runtime's process, as the Fargate task runs it in AWS: fed by the
 * connector-commands queue, sending to the inbound queue, keeping media in the local S3.
 */
export function createLocalConnector(options: {
  documents: DynamoDBDocumentClient;
  tableName: string;
  queue: LocalQueue;
  s3Endpoint: string;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The session leases' holder (localHolderId). */
  holderId: string;
  /** Where its log lines go (function-output.ts). */
  output: FunctionOutput;
}): LocalConnector {
  const s3 = new S3Client({
    endpoint: options.s3Endpoint,
    forcePathStyle: true,
    region: options.region,
    credentials: options.credentials,
  });
  let connector: Connector | undefined;
  // The connector's JSON lines, as the Fargate task prints them, into the runtime's output
  // (printed by its rules, heard by its listeners).
  const write = (level: string) => (message: string, data?: Record<string, unknown>) =>
    options.output.write('connector', jsonLine(level, message, { service: connectorServiceName, ...data }));
  const log: ConnectorLogger = {
    debug: () => {},
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
  };
  return {
    handler: async (event) => {
      if (!connector) throw new Error('the connector is not running');
      return connector.handleCommands(event as Parameters<Connector['handleCommands']>[0]);
    },
    async start() {
      if (connector) return;
      connector = await startConnector({
        documents: options.documents,
        tableName: options.tableName,
        holderId: options.holderId,
        inbound: { send: (message) => options.queue.send('inbound', message) },
        media: {
          async put(key, bytes, contentType, contentDisposition) {
            await s3.send(
              new PutObjectCommand({
                Bucket: options.bucket,
                Key: key,
                Body: bytes,
                ContentType: contentType,
                ...(contentDisposition ? { ContentDisposition: contentDisposition } : {}),
              }),
            );
          },
          async get(key) {
            const object = await s3.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
            return { bytes: await object.Body!.transformToByteArray(), contentType: object.ContentType };
          },
        },
        log,
      });
      for (const name of connectorQueues) if (options.queue.definition(name)) options.queue.resumeConsumer(name);
    },
    async stop() {
      if (!connector) return;
      for (const name of connectorQueues)
        if (options.queue.definition(name)) await options.queue.pauseConsumer(name);
      const stopping = connector;
      connector = undefined;
      await stopping.stop();
    },
    running: () => connector !== undefined,
  };
}
