/**
 * The whole product on one machine with no AWS account: DynamoDB Local, s3rver, the local
 * gateway (SPA, REST, WebSocket and @connections on one origin), the stream reader, and the
 * SQS and Scheduler stand-ins, wired to the Lambda bundles running in this process.
 *
 * One runtime per process at a time: the functions read their configuration from process.env.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { installLocalBindings } from '../../../functions/src/homes/local.ts';
import { ensureFunctionBundles } from './build-steps.ts';
import { createLocalMail } from './local-mail.ts';
import {
  connectorConsumerName,
  createLocalConnector,
  localHolderId,
  type LocalConnector,
} from './local-connector.ts';
import { runTasks } from './run-tasks.ts';
import { PortInUseError, startDynamoLocal } from './dynamo.ts';
import { createRuntimeDynamoClients, type RuntimeDynamoClients } from './dynamo-clients.ts';
import {
  applyEnvironment,
  jwtSecret,
  localCredentials,
  mediaBucket,
  region,
  runtimeEnvironment,
  stage,
  tableName,
} from './env.ts';
import { localSecurityHeaders } from '../../lib/security-headers.ts';
import { createRateLimiter, rateLimitsFromEnv, type RateLimitSettings } from './gateway/rate-limit.ts';
import { createExternalApiGate } from './gateway/external-api-gate.ts';
import { createExternalApiLimiter } from './gateway/external-api-limit.ts';
import { createRestApi } from './gateway/rest-api.ts';
import { startGateway, type Gateway } from './gateway/server.ts';
import { createStaticSite } from './gateway/static-site.ts';
import { createWebSocketApi } from './gateway/websocket-api.ts';
import { threadedBundleLoader } from './function-threads.ts';
import { functionThreadGroups } from './function-thread-groups.ts';
import { bundleLoader, FunctionInvoker, type HandlerLoader } from './invoke.ts';
import { LocalQueue } from './local-queue.ts';
import { LocalScheduler } from './local-scheduler.ts';
import { findFreePort } from './free-port.ts';
import { createLogger } from './log.ts';
import { createFunctionOutput, type FunctionOutput } from './function-output.ts';
import { defaultDataDir, webDistDir } from './paths.ts';
import {
  allQueues,
  functionSettings,
  productManifest,
  restModulesByPrefix,
  type RuntimeManifest,
} from './runtime-manifest.ts';
import { startLocalS3, type LocalS3 } from './s3.ts';
import { startStreamReader, type StreamLaneState } from './stream-reader.ts';
import { ensureTable } from './table.ts';
import { importFormerStandInItems } from './stand-in-table.ts';
import { StandInJournal } from './stand-in-journal.ts';

export type { HandlerLoader, LambdaHandler } from './invoke.ts';
export type { RuntimeManifest } from './runtime-manifest.ts';

export interface RuntimeOptions {
  /** Gateway port; 0 picks a free one. Default 8080. */
  port?: number;
  /** Gateway address. Default 127.0.0.1. */
  host?: string;
  /** Where DynamoDB Local, s3rver, checkpoints and the JWT secret keep their files. Default <repo>/.data. */
  dataDir?: string;
  /** Only errors on the console. */
  quiet?: boolean;
  /** What to serve instead of functions/src/manifest.ts (tests). */
  manifest?: RuntimeManifest;
  /** How to get a function's handler instead of importing functions/dist/<name>/index.mjs (tests). */
  loadHandler?: HandlerLoader;
  /** Build missing or out-of-date bundles first. Default: true unless loadHandler is given. */
  build?: boolean;
  /**
   * Import every function before answering (default): their cold starts happen at start rather
   * than on the first request. Tests turn it off, as a test file calls only a few functions.
   */
  warmUp?: boolean;
  /**
   * Run the bundles in worker threads (default), a few functions to a thread
   * (function-thread-groups.ts), rather than all of them on the runtime's own event loop.
   * ATENDE_FUNCTION_THREADS=false turns the threads off; =each gives each function its own.
   */
  functionThreads?: boolean;
  /** The built SPA. Default <repo>/web/dist. */
  webDistDir?: string;
  /** Cap on queue visibility timeouts, i.e. how soon a failed message is retried. Default 3000. */
  maxVisibilityTimeoutMs?: number;
  /**
   * Run the WhatsApp connector in-process (default: when the manifest has its command queue).
   * Without it, its commands wait in their queue.
   */
  connector?: boolean;
  /**
   * Per-address and per-company request budgets of the gateway (the WAF rules' stand-in).
   * Default: the ATENDE_RATE_LIMIT_* environment, else the defaults of gateway/rate-limit.ts.
   */
  rateLimits?: RateLimitSettings;
}

export interface Runtime {
  /** The gateway's origin, e.g. http://localhost:8080. */
  url: string;
  port: number;
  /** What was set in process.env for the functions. */
  env: Record<string, string>;
  dataDir: string;
  /** True when this start created the table (an empty data directory). */
  firstStart: boolean;
  /** The SQS stand-in (send, dead letters), also installed as the functions' QueuePort. */
  queue: LocalQueue;
  /** The Scheduler stand-in, also installed as the functions' SchedulerPort. */
  scheduler: LocalScheduler;
  /** Where the local mail adapter writes each e-mail as a text file (the SES stand-in). */
  outboxDir: string;
  /** Every line the functions' threads and the connector print (function-output.ts). */
  output: Pick<FunctionOutput, 'onLine'>;
  /** The stream consumers' lanes now (records waiting, the batch in hand), for failure reports. */
  streamLanes(): StreamLaneState[];
  /** The in-process connector: stopping it leaves its commands waiting in their queue. */
  connector: { start(): Promise<void>; stop(): Promise<void>; running(): boolean };
  /** Stops everything, in an order that loses nothing; resolves when no process or socket is left. */
  stop(): Promise<void>;
}

let running = false;
let generation = 0;

export async function startRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  // A free port is picked before the JVM binds it, so another process may take it in between
  // (seen with several runtimes starting at once): the start is undone and tried again with
  // new ports, as the error asks of a person.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startRuntimeOnce(options);
    } catch (error) {
      if (!(error instanceof PortInUseError) || attempt >= portRaceAttempts) throw error;
    }
  }
}

const portRaceAttempts = 3;

async function startRuntimeOnce(options: RuntimeOptions): Promise<Runtime> {
  if (running) throw new Error('A local runtime is already running in this process; stop() it first');
  running = true;
  const startedAtMs = Date.now();
  const quiet = options.quiet ?? false;
  const log = createLogger(quiet);
  const output = createFunctionOutput({ quiet });
  const dataDir = resolve(options.dataDir ?? defaultDataDir);
  const manifest = options.manifest ?? productManifest;
  // One setting drives both per-company budgets: the gateway's (exact, WebSocket handshakes
  // included) and the REST functions' own, the one AWS relies on.
  const rateLimits = options.rateLimits ?? rateLimitsFromEnv();
  const shouldBuild = options.build ?? options.loadHandler === undefined;
  // What is running, by the order it must stop in: the gateway first (open sockets get their
  // $disconnect while the table is still there), then the timers, queues and stream reader
  // (finishing what they hold), the environment, and the stores last.
  const stopOrder = [
    'gateway',
    'connector',
    'scheduler',
    'queue',
    'streamReader',
    'functions',
    'standIns',
    'environment',
    'clients',
    's3',
    'dynamo',
  ] as const;
  const cleanups = new Map<(typeof stopOrder)[number], () => Promise<void> | void>();
  const stopAll = async () => {
    for (const part of stopOrder) {
      const cleanup = cleanups.get(part);
      cleanups.delete(part);
      try {
        await cleanup?.();
      } catch (error) {
        log.error(`local runtime: stopping ${part} failed`, error);
      }
    }
  };

  try {
    await mkdir(dataDir, { recursive: true });
    generation++;
    // The connector is not a bundle: its command queue's consumer name routes to it in-process.
    let localConnector: LocalConnector | undefined;
    // Bundles run in worker threads, a few to a thread, unless told otherwise (function-threads.ts).
    // Set once the stream reader runs: a function's thread saw a write to the table answered.
    let tableWritten: (() => void) | undefined;
    const threaded =
      options.loadHandler === undefined &&
      (options.functionThreads ?? process.env.ATENDE_FUNCTION_THREADS !== 'false')
        ? threadedBundleLoader(
            undefined,
            (name, line) => output.write(name, line),
            () => tableWritten?.(),
            functionThreadGroups(manifest, process.env.ATENDE_FUNCTION_THREADS === 'each' ? 'each' : 'grouped'),
          )
        : undefined;
    if (threaded) cleanups.set('functions', () => threaded.terminate());
    const loadBundle = options.loadHandler ?? threaded?.load ?? bundleLoader(generation);
    const invoker = new FunctionInvoker(
      (name) =>
        name === connectorConsumerName && manifest.serviceQueues?.length
          ? Promise.resolve((event, context) => {
              if (!localConnector) throw new Error('the connector is not running');
              return localConnector.handler(event, context);
            })
          : loadBundle(name),
      functionSettings(manifest),
      region,
    );
    const settings = { stage, apiId: 'local', accountId: '000000000000' };
    // The external API's usage plans: the gateway applies them, the functions' port updates them.
    const externalApiLimiter = createExternalApiLimiter();
    const externalAuthorizer = manifest.restAuthorizers?.find(
      (authorizer) => authorizer.path === '/api/messages/send',
    );
    const externalApiGate = externalAuthorizer
      ? createExternalApiGate({
          authorize: (event) => invoker.invoke(externalAuthorizer.name, event),
          limiter: externalApiLimiter,
          ttlSeconds: externalAuthorizer.ttlSeconds,
          region,
        })
      : undefined;
    const webSocketApi = createWebSocketApi({
      functionName: manifest.webSocketApi.name,
      invoker,
      settings,
      log,
    });

    // Everything the functions' environment names is settled first (the gateway binds its port
    // but answers 503 until the end), so the bundles can be imported while the JVM starts.
    const dynamoPort = await findFreePort();
    // The CSP names s3rver's origin (presigned media URLs), known once it has started.
    let mediaOrigins: string[] = [];
    // Made again only when the origins change (once s3rver is up), not for every response.
    let securityHeadersFor:
      { origins: string[]; headers: Record<string, string>; flat: string[] } | undefined;
    const currentSecurityHeaders = () => {
      if (securityHeadersFor?.origins !== mediaOrigins) {
        const headers = localSecurityHeaders({ mediaOrigins });
        securityHeadersFor = { origins: mediaOrigins, headers, flat: Object.entries(headers).flat() };
      }
      return securityHeadersFor;
    };
    const securityHeaders = () => currentSecurityHeaders().headers;
    // The gateway verifies bearer tokens before charging their company; the secret comes next to it.
    let signingSecret: string | undefined = undefined;
    const [s3Result, gatewayResult, secretResult] = await Promise.allSettled([
      startLocalS3({ directory: join(dataDir, 's3'), bucket: mediaBucket, credentials: localCredentials() }),
      startGateway({
        port: options.port ?? 8080,
        host: options.host ?? '127.0.0.1',
        restApi: createRestApi({
          modulesByPrefix: restModulesByPrefix(manifest.restModules),
          invoker,
          settings: { ...settings, binaryMediaTypes: ['multipart/form-data'] },
          log,
          responseHeaders: () => currentSecurityHeaders().flat,
        }),
        webSocketApi,
        staticSite: createStaticSite(options.webDistDir ?? webDistDir, { securityHeaders }),
        rateLimiter: createRateLimiter(rateLimits),
        externalApiGate,
        jwtSecret: () => signingSecret,
        log,
      }),
      jwtSecret(dataDir),
    ]);
    if (s3Result.status === 'fulfilled') cleanups.set('s3', () => s3Result.value.stop());
    if (gatewayResult.status === 'fulfilled') cleanups.set('gateway', () => gatewayResult.value.close());
    for (const result of [s3Result, gatewayResult, secretResult])
      if (result.status === 'rejected') throw result.reason;
    const s3 = (s3Result as PromiseFulfilledResult<LocalS3>).value;
    const gateway = (gatewayResult as PromiseFulfilledResult<Gateway>).value;
    // Presigned URLs name 127.0.0.1; a developer may rewrite them to localhost.
    mediaOrigins = [s3.endpoint, s3.endpoint.replace('//127.0.0.1:', '//localhost:')];
    signingSecret = (secretResult as PromiseFulfilledResult<string>).value;

    const dynamoEndpoint = `http://127.0.0.1:${dynamoPort}`;
    const env = runtimeEnvironment({
      dataDir,
      dynamoEndpoint,
      s3Endpoint: s3.endpoint,
      gatewayPort: gateway.port,
      jwtSecret: (secretResult as PromiseFulfilledResult<string>).value,
      queues: manifest.queues,
      companyRequestsPerMinute: Math.round((rateLimits.perCompany * 60) / rateLimits.windowSeconds),
    });
    cleanups.set('environment', applyEnvironment(env));

    // The adapters are installed before any bundle is imported, so none ever sees the AWS ones.
    const clients: RuntimeDynamoClients = createRuntimeDynamoClients(dynamoEndpoint);
    cleanups.set('clients', () => clients.destroy());
    // The queues' messages and the timers (stand-in-journal.ts), read back from the last run.
    const standIns = StandInJournal.open(join(dataDir, 'stand-ins.jsonl'));
    cleanups.set('standIns', () => standIns.close());
    if (standIns.unreadableLines > 0)
      log.info(`local runtime: ${standIns.unreadableLines} line(s) of the stand-ins' journal could not be read (a crash's last write)`);
    const queue = new LocalQueue({
      journal: standIns,
      queues: allQueues(manifest),
      invoker,
      region,
      log,
      maxVisibilityTimeoutMs: options.maxVisibilityTimeoutMs,
    });
    const scheduler = new LocalScheduler(standIns, queue, log);
    const mail = createLocalMail(dataDir, log);
    installLocalBindings({ queue, scheduler, mail, apiUsage: externalApiLimiter });

    // The slow parts side by side: the JVM, and the bundles (built if needed, then imported:
    // their cold starts happen now rather than on the first request).
    const dynamoStarting = startDynamoLocal({
      dbDir: join(dataDir, 'dynamodb'),
      port: dynamoPort,
    });
    // A bundle that fails to import only breaks its own function (retried on each call), as in AWS.
    const bundlesLoading = (
      shouldBuild ? ensureFunctionBundles({ quiet, log: log.info }) : Promise.resolve(false)
    ).then(() =>
      (options.warmUp ?? true)
        ? invoker
            .warmUp()
            .catch((error: unknown) => log.error('local runtime: loading a function failed', error))
        : undefined,
    );
    const [dynamoResult, bundlesResult] = await Promise.allSettled([dynamoStarting, bundlesLoading]);
    if (dynamoResult.status === 'fulfilled') cleanups.set('dynamo', () => dynamoResult.value.stop());
    for (const result of [dynamoResult, bundlesResult]) if (result.status === 'rejected') throw result.reason;

    const firstStart = await ensureTable(clients.dynamo, tableName);
    // What older data directories kept of the stand-ins in DynamoDB Local, moved into the journal
    // before the queues and the scheduler start.
    const movedStandInItems = await importFormerStandInItems(
      clients.documents,
      tableName,
      allQueues(manifest).map((definition) => definition.name),
      standIns,
    );
    if (movedStandInItems > 0)
      log.info(`local runtime: moved ${movedStandInItems} queue and timer items into the stand-ins' journal`);
    // The connector's commands wait in their queue until the connector runs (its start resumes
    // them), as the Fargate task receives nothing before it has started: commands left from
    // before a stop or a crash are not handed to a consumer that is not there yet.
    for (const serviceQueue of manifest.serviceQueues ?? [])
      if (serviceQueue.service === 'connector') await queue.pauseConsumer(serviceQueue.name);
    cleanups.set('queue', () => queue.stop());
    cleanups.set('scheduler', () => scheduler.stop());
    // One poll of the stream for every consumer, each consumer on a lane of its own, as AWS gives
    // each its own event source mapping: a slow consumer (the dashboard aggregator) never holds
    // back another (the live broadcaster). Each keeps its own checkpoint file; the first keeps the
    // original one, so existing data directories resume in place.
    const [readerResult, queuesResult] = await Promise.allSettled([
      startStreamReader({
        dynamo: clients.dynamo,
        streams: clients.streams,
        readRecords: clients.readRecords,
        tableName,
        consumers: manifest.streamConsumers,
        invoker,
        checkpointFileOf: (consumer, index) =>
          join(dataDir, index === 0 ? 'stream-checkpoints.json' : `stream-checkpoints.${consumer.name}.json`),
        region,
        log,
        // As the stack's event source mappings filter (functions/src/live/stream-filter.ts).
        ...(manifest.streamFilterPatterns ? { filterPatterns: manifest.streamFilterPatterns } : {}),
      }).then((reader) => {
        // A write answered in a function's thread, or an invocation ended (whatever it wrote is in
        // the table by then): the reader polls now instead of sleeping out its idle pause. A read
        // (a REST GET) that ended wrote nothing to wake it for (a write on one was reported when
        // answered): at hundreds of lists a second those polls were most of DynamoDB Local's work.
        // A function in a thread of its own reported each write as it was answered (above), so
        // its end wakes nothing more: at every stream batch handed to four consumers those wakes
        // were empty polls (~2 ms of CPU on each side). What runs on this thread (the in-process
        // connector, or every function with ATENDE_FUNCTION_THREADS=false) wakes it at its end.
        const stopWaking = invoker.onSettled((name, event) => {
          if (wakesStreamAtEnd(name, event, threaded !== undefined)) reader.wake();
        });
        tableWritten = () => reader.wake();
        return {
          stop: () => {
            stopWaking();
            tableWritten = undefined;
            return reader.stop();
          },
          describe: () => reader.describe(),
        };
      }),
      // Timers that fell due while stopped go to queues that already hold what was left in them.
      queue
        .start()
        .then(async () => {
          for (const recurring of manifest.recurringSchedules ?? [])
            await scheduler.scheduleRecurring(recurring);
        })
        .then(() => scheduler.start()),
    ]);
    if (readerResult.status === 'fulfilled') cleanups.set('streamReader', () => readerResult.value.stop());
    for (const result of [readerResult, queuesResult]) if (result.status === 'rejected') throw result.reason;
    await runTasks(manifest.tasks ?? [], invoker, dataDir, log);
    if (manifest.serviceQueues?.some((q) => q.service === 'connector') && (options.connector ?? true)) {
      localConnector = createLocalConnector({
        documents: clients.documents,
        tableName,
        queue,
        s3Endpoint: s3.endpoint,
        bucket: mediaBucket,
        region,
        credentials: localCredentials(),
        holderId: localHolderId(dataDir),
        output,
      });
      const connectorRef = localConnector;
      cleanups.set('connector', () => connectorRef.stop());
      await localConnector.start();
    }
    gateway.open();

    const url = `http://localhost:${gateway.port}`;
    log.info(`Local runtime ready in ${((Date.now() - startedAtMs) / 1000).toFixed(1)} s`);
    let stopping: Promise<void> | undefined;
    return {
      url,
      port: gateway.port,
      env,
      dataDir,
      firstStart,
      queue,
      scheduler,
      outboxDir: mail.directory,
      output: { onLine: (listener) => output.onLine(listener) },
      streamLanes: () => (readerResult.status === 'fulfilled' ? readerResult.value.describe() : []),
      connector: {
        start: async () => localConnector?.start(),
        stop: async () => localConnector?.stop(),
        running: () => localConnector?.running() ?? false,
      },
      stop() {
        stopping ??= stopAll().finally(() => {
          running = false;
        });
        return stopping;
      },
    };
  } catch (error) {
    await stopAll();
    running = false;
    throw error;
  }
}

/**
 * Whether an invocation's end wakes the stream reader: not a REST read (it wrote nothing), and not
 * a function in a thread of its own (each of its writes woke the reader as it was answered); the
 * in-process connector, and every function when they run on the runtime's thread, do.
 */
export function wakesStreamAtEnd(functionName: string, event: unknown, functionThreads: boolean): boolean {
  if (isRestRead(event)) return false;
  return !functionThreads || functionName === connectorConsumerName;
}

/**
 * A REST API GET or HEAD: the routes that read. The one that may write (opening a ticket's
 * messages marks it read) reaches the readers at their idle poll, within 250 ms.
 */
function isRestRead(event: unknown): boolean {
  const method = (event as { httpMethod?: unknown } | null)?.httpMethod;
  return method === 'GET' || method === 'HEAD';
}
