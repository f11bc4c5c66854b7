/**
 * The Fargate task: the connector on AWS clients, long-poll loops on the connector-commands
 * and connector-lookups queues, a health endpoint on PORT (default 8080), and a graceful stop on SIGTERM (sockets
 * closed without logging out, leases freed so the next task takes the sessions at once).
 *
 * Environment: TABLE_NAME, MEDIA_BUCKET, QUEUE_URL_INBOUND, QUEUE_URL_CONNECTOR_COMMANDS,
 * QUEUE_URL_CONNECTOR_LOOKUPS, AWS_REGION (read by the SDK), PORT.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { fetchLatestWaWebVersion, type WAVersion } from '@whiskeysockets/baileys';
import { holderIdentity, s3Media, sqsInboundQueue } from './aws/adapters.ts';
import { startCommandPoller } from './aws/command-poller.ts';
import { startHealthServer } from './aws/health-server.ts';
import { createBetaProvider, jsonLogger, startConnector } from './index.ts';
import { sdkLogger } from '@atende/shared/sdk-logger';

/** A receive longer ago than this means the loop is stuck. */
const heartbeatLimitMs = 120_000;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/** The current WhatsApp Web version (an old one may be refused); Baileys' own if unreachable. */
async function waVersion(): Promise<WAVersion | undefined> {
  try {
    const latest = await fetchLatestWaWebVersion({ signal: AbortSignal.timeout(5000) });
    return latest.error ? undefined : latest.version;
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const log = jsonLogger;
  const tableName = required('TABLE_NAME');
  const bucket = required('MEDIA_BUCKET');
  const inboundUrl = required('QUEUE_URL_INBOUND');
  const commandsUrl = required('QUEUE_URL_CONNECTOR_COMMANDS');
  const lookupsUrl = process.env.QUEUE_URL_CONNECTOR_LOOKUPS;
  const port = Number(process.env.PORT ?? 8080);

  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ logger: sdkLogger }), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const sqs = new SQSClient({ logger: sdkLogger });
  const s3 = new S3Client({ logger: sdkLogger });
  const holderId = await holderIdentity();
  const version = await waVersion();
  log.info('connector starting', { holderId, waVersion: version?.join('.') ?? 'built-in' });

  const connector = await startConnector({
    documents,
    tableName,
    inbound: sqsInboundQueue(sqs, inboundUrl),
    media: s3Media(s3, bucket),
    holderId,
    providers: { beta: createBetaProvider(version ? { version } : {}) },
    log,
  });
  const poll = (envName: string, queueUrl: string, pollers?: number) =>
    startCommandPoller({
      sqs,
      queueUrl,
      visibilityTimeoutSeconds: Number(process.env[`${envName}_VISIBILITY_SECONDS`] ?? 60),
      maxBatchSeconds: Number(process.env[`${envName}_MAX_BATCH_SECONDS`] ?? 300),
      handle: (event) => connector.handleCommands(event),
      log,
      ...(pollers ? { pollers } : {}),
    });
  // The lookups (checkNumber, profilePicture) have a queue and pollers of their own, so a
  // backlog of sends never holds an answer somebody waits for (connectorCommandQueue).
  const pollers = [
    poll('QUEUE_URL_CONNECTOR_COMMANDS', commandsUrl),
    ...(lookupsUrl ? [poll('QUEUE_URL_CONNECTOR_LOOKUPS', lookupsUrl, 2)] : []),
  ];
  const poller = {
    lastBeat: () => Math.min(...pollers.map((p) => p.lastBeat())),
    stop: () => Promise.all(pollers.map((p) => p.stop())),
  };

  let stopping = false;
  const server = await startHealthServer(port, () => {
    const status = connector.status();
    const healthy = !stopping && Date.now() - poller.lastBeat() < heartbeatLimitMs;
    return { healthy, body: { healthy, ...status } };
  });
  log.info('connector ready', { port });

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('connector stopping', { signal });
    try {
      await poller.stop();
      await connector.stop();
    } finally {
      server.close();
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  jsonLogger.error('connector failed to start', { error });
  process.exit(1);
});
