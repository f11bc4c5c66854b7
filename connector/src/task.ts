/**
 * One connector task (main.ts runs it on Fargate; the two-connector test runs it in child
 * processes): the connector on AWS clients, long-poll loops on the connector-commands and
 * connector-lookups queues, and a health endpoint. Its stop is the graceful one of a rolling deploy: no more commands taken,
 * the batches in hand finished, each session's inbound events drained to the queue, then the
 * leases freed so the other tasks take the sessions at once.
 *
 * Environment: TABLE_NAME, MEDIA_BUCKET, QUEUE_URL_INBOUND, QUEUE_URL_CONNECTOR_COMMANDS,
 * QUEUE_URL_CONNECTOR_LOOKUPS (optional),
 * AWS_REGION (read by the SDK), PORT (0: any free port), CONNECTOR_MAX_SESSIONS (sessions one
 * task holds at most, default 200). For tests, the timings: CONNECTOR_LEASE_TTL_MS,
 * CONNECTOR_RENEW_MS, CONNECTOR_RECONCILE_MS, CONNECTOR_RELAY_POLL_MS, CONNECTOR_METRIC_MS,
 * CONNECTOR_SEND_CLAIM_MS, CONNECTOR_DRAIN_MS.
 */
import type { AddressInfo } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { sdkLogger } from '@atende/shared/sdk-logger';
import { holderIdentity, s3Media, sqsInboundQueue } from './aws/adapters.ts';
import { startCommandPoller } from './aws/command-poller.ts';
import { startHealthServer } from './aws/health-server.ts';
import { startConnector, type Connector } from './index.ts';
import type { ProviderFactory } from './providers/provider.ts';
import type { Logger } from './ports.ts';
import type { ManagerOptions } from './sessions/session-manager.ts';

/** Sessions one task holds at most unless CONNECTOR_MAX_SESSIONS says otherwise. */
export const defaultMaxSessions = 200;

/** A receive longer ago than this means the loop is stuck. */
const heartbeatLimitMs = 120_000;

export interface TaskOptions {
  env: NodeJS.ProcessEnv;
  log: Logger;
  /** Merged over the defaults (main.ts passes Baileys at the current WhatsApp Web version). */
  providers?: Record<string, ProviderFactory>;
  holderId?: string;
}

export interface RunningTask {
  holderId: string;
  connector: Connector;
  port: number;
  /** The graceful stop (SIGTERM). */
  stop(): Promise<void>;
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/** The manager's options that the environment sets (a missing or invalid value keeps the default). */
export function optionsFromEnv(env: NodeJS.ProcessEnv): Partial<ManagerOptions> {
  const options: Partial<ManagerOptions> = {};
  const names: [keyof ManagerOptions, string][] = [
    ['maxSessions', 'CONNECTOR_MAX_SESSIONS'],
    ['leaseTtlMs', 'CONNECTOR_LEASE_TTL_MS'],
    ['renewEveryMs', 'CONNECTOR_RENEW_MS'],
    ['reconcileEveryMs', 'CONNECTOR_RECONCILE_MS'],
    ['relayPollMs', 'CONNECTOR_RELAY_POLL_MS'],
    ['metricEveryMs', 'CONNECTOR_METRIC_MS'],
    ['sendClaimMs', 'CONNECTOR_SEND_CLAIM_MS'],
    ['drainMs', 'CONNECTOR_DRAIN_MS'],
  ];
  for (const [option, name] of names) {
    const value = Number(env[name]);
    if (env[name] && Number.isFinite(value) && value > 0) (options as Record<string, number>)[option] = value;
  }
  return options;
}

export async function runTask(options: TaskOptions): Promise<RunningTask> {
  const { env, log } = options;
  const tableName = required(env, 'TABLE_NAME');
  const bucket = required(env, 'MEDIA_BUCKET');
  const inboundUrl = required(env, 'QUEUE_URL_INBOUND');
  const commandsUrl = required(env, 'QUEUE_URL_CONNECTOR_COMMANDS');

  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ logger: sdkLogger }), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const sqs = new SQSClient({ logger: sdkLogger });
  const s3 = new S3Client({ logger: sdkLogger });
  const holderId = options.holderId ?? (await holderIdentity(env));

  const connector = await startConnector({
    documents,
    tableName,
    inbound: sqsInboundQueue(sqs, inboundUrl),
    media: s3Media(s3, bucket),
    holderId,
    ...(options.providers ? { providers: options.providers } : {}),
    log,
    options: { maxSessions: defaultMaxSessions, ...optionsFromEnv(env) },
  });
  const poll = (envName: string, queueUrl: string, pollers?: number) =>
    startCommandPoller({
      sqs,
      queueUrl,
      visibilityTimeoutSeconds: Number(env[`${envName}_VISIBILITY_SECONDS`] ?? 60),
      maxBatchSeconds: Number(env[`${envName}_MAX_BATCH_SECONDS`] ?? 300),
      ...(env.CONNECTOR_POLL_WAIT_SECONDS ? { waitTimeSeconds: Number(env.CONNECTOR_POLL_WAIT_SECONDS) } : {}),
      handle: (event) => connector.handleCommands(event),
      log,
      ...(pollers ? { pollers } : {}),
    });
  // The lookups (checkNumber, profilePicture) have a queue and pollers of their own, so a
  // backlog of sends never holds an answer somebody waits for (connectorCommandQueue).
  const lookupsUrl = env.QUEUE_URL_CONNECTOR_LOOKUPS;
  const pollers = [
    poll('QUEUE_URL_CONNECTOR_COMMANDS', commandsUrl),
    ...(lookupsUrl ? [poll('QUEUE_URL_CONNECTOR_LOOKUPS', lookupsUrl, 2)] : []),
  ];
  const poller = {
    lastBeat: () => Math.min(...pollers.map((p) => p.lastBeat())),
    stop: () => Promise.all(pollers.map((p) => p.stop())),
  };

  let stopping = false;
  const server = await startHealthServer(Number(env.PORT ?? 8080), () => {
    const status = connector.status();
    const healthy = !stopping && Date.now() - poller.lastBeat() < heartbeatLimitMs;
    return { healthy, body: { healthy, ...status } };
  });

  return {
    holderId,
    connector,
    port: (server.address() as AddressInfo).port,
    async stop() {
      if (stopping) return;
      stopping = true;
      try {
        await poller.stop();
        await connector.stop();
      } finally {
        server.close();
      }
    },
  };
}
