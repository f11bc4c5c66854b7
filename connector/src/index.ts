/**
 * The connector: owns the WhatsApp sessions of every connection (docs/connector.md). Built from
 * injected ports, so the local runtime runs it in-process (calling handleCommands from its queue
 * stand-in) and the Fargate task (main.ts) runs it with AWS clients and an SQS long-poll loop.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dispatchCommand } from './commands/dispatch.ts';
import { handleCommandBatch } from './commands/handle-commands.ts';
import { CommandRouter } from './commands/router.ts';
import { createBetaProvider } from './providers/beta/beta-provider.ts';
import type { ProviderFactory } from './providers/provider.ts';
import { createSandboxProvider } from './providers/sandbox/sandbox-provider.ts';
import {
  jsonLogger,
  systemClock,
  systemTimers,
  type Clock,
  type InboundQueuePort,
  type Logger,
  type MediaPort,
  type Timers,
} from './ports.ts';
import {
  defaultManagerOptions,
  SessionManager,
  type ManagerOptions,
  type SessionSummary,
} from './sessions/session-manager.ts';
import type { SqsBatchResponseLike, SqsEventLike } from './sqs-event.ts';
import { MessageStore } from './table/messages.ts';
import { RelayStore } from './table/relays.ts';
import { ReplyStore } from './table/replies.ts';

export type { BackoffPolicy } from './backoff.ts';
export type { Clock, InboundQueuePort, Logger, MediaPort, TimerHandle, Timers } from './ports.ts';
export type {
  OutgoingMessage,
  ProviderContext,
  ProviderFactory,
  ProviderSession,
  SessionCallbacks,
} from './providers/provider.ts';
export type { ManagerOptions, SessionSummary } from './sessions/session-manager.ts';
export type { SqsBatchResponseLike, SqsEventLike, SqsRecordLike } from './sqs-event.ts';
export { createBetaProvider, type BetaOptions } from './providers/beta/beta-provider.ts';
export type { BaileysSocket, SocketFactory } from './providers/beta/socket.ts';
export { createSandboxProvider, sandboxNumber } from './providers/sandbox/sandbox-provider.ts';
export { jsonLogger } from './ports.ts';

export interface ConnectorDeps {
  /** DocumentClient of the one table (plain commands, not ElectroDB). */
  documents: DynamoDBDocumentClient;
  tableName: string;
  /** The inbound FIFO queue. */
  inbound: InboundQueuePort;
  /** The media bucket: inbound media are put there, outgoing media read from it. */
  media: MediaPort;
  /** This task's identity in leases (ECS task id, or hostname:pid). Unique per process. */
  holderId: string;
  /** Providers by name, merged over the defaults { beta, sandbox }. */
  providers?: Record<string, ProviderFactory>;
  clock?: Clock;
  timers?: Timers;
  /** [0, 1), for backoff jitter. */
  random?: () => number;
  log?: Logger;
  options?: Partial<ManagerOptions>;
  /** Reconcile at once and run the reconcile and renewal timers. Default true; tests pass false and call reconcile() / renewLeases() themselves. */
  autoStart?: boolean;
}

export interface ConnectorStatus {
  holderId: string;
  startedAt: string;
  stopped: boolean;
  sessions: SessionSummary[];
  lastReconcileAt: string | null;
  lastReconcileError: string | null;
}

export interface Connector {
  /** Consumer of the connector-commands FIFO queue (Lambda partial-batch semantics). */
  handleCommands(event: SqsEventLike): Promise<SqsBatchResponseLike>;
  /** Lists the connections that should run and starts those whose lease is free or expired. */
  reconcile(): Promise<void>;
  /** Reads the doorbell and carries out the commands relayed to this task now (runs every relayPollMs on its own). */
  pollRelays(): Promise<void>;
  /** Renews the leases now (runs every renewEveryMs on its own). */
  renewLeases(): Promise<void>;
  /** Closes every socket without logging out, frees the leases, stops the timers. */
  stop(): Promise<void>;
  /** For a health check. */
  status(): ConnectorStatus;
}

export async function startConnector(deps: ConnectorDeps): Promise<Connector> {
  const clock = deps.clock ?? systemClock;
  const timers = deps.timers ?? systemTimers;
  const log = deps.log ?? jsonLogger;
  const options: ManagerOptions = { ...defaultManagerOptions, ...deps.options };
  const table = { documents: deps.documents, tableName: deps.tableName };
  const relays = new RelayStore(deps.documents, deps.tableName);
  const manager = new SessionManager({
    table,
    inbound: deps.inbound,
    media: deps.media,
    holderId: deps.holderId,
    providers: { beta: createBetaProvider(), sandbox: createSandboxProvider(), ...deps.providers },
    clock,
    timers,
    random: deps.random ?? Math.random,
    log,
    options,
    // Called only once sessions run, after the router below exists.
    onTaken: (companyId, whatsappId) => commandRouter.taken(companyId, whatsappId),
    onHandedOver: (to, companyId, whatsappId) => relays.ring(to, companyId, whatsappId, clock.now()),
  });
  const dispatchDeps = {
    manager,
    messages: new MessageStore(deps.documents, deps.tableName, options.sendClaimMs),
    replies: new ReplyStore(deps.documents, deps.tableName),
    clock,
    timers,
    log,
  };

  const commandRouter = new CommandRouter({
    relays,
    holderId: deps.holderId,
    dispatch: (command) => dispatchCommand(command, dispatchDeps),
    adopt: (companyId, whatsappId) => manager.run(companyId, whatsappId, { requireRunning: true }),
    held: () => manager.sessions(),
    clock,
    timers,
    log,
    pollMs: options.relayPollMs,
    sweepEveryMs: options.relaySweepMs,
    // Long enough for a dead holder's lease to expire and another task to take the session.
    relayWaitMs: options.leaseTtlMs + options.reconcileEveryMs,
    maxAttempts: 10,
  });

  const startedAt = new Date(clock.now()).toISOString();
  let stopped = false;
  let lastReconcileAt: string | null = null;
  let lastReconcileError: string | null = null;
  let reconcileTimer: unknown;
  let renewTimer: unknown;
  let metricTimer: unknown;
  let reconciling: Promise<void> | null = null;

  const reconcile = (): Promise<void> => {
    // One at a time; a call during a run waits for that run.
    reconciling ??= manager
      .reconcile()
      .then(
        () => {
          lastReconcileAt = new Date(clock.now()).toISOString();
          lastReconcileError = null;
        },
        (error: unknown) => {
          lastReconcileError = error instanceof Error ? error.message : String(error);
          log.error('reconcile failed', { error });
        },
      )
      .finally(() => {
        reconciling = null;
      });
    return reconciling;
  };

  const scheduleReconcile = () => {
    reconcileTimer = timers.setTimeout(() => {
      void reconcile().finally(() => {
        if (!stopped) scheduleReconcile();
      });
    }, options.reconcileEveryMs);
  };
  const scheduleRenew = () => {
    renewTimer = timers.setTimeout(() => {
      void manager
        .renewAll()
        .catch((error: unknown) => log.error('lease renewal round failed', { error }))
        .finally(() => {
          if (!stopped) scheduleRenew();
        });
    }, options.renewEveryMs);
  };

  // One line a minute with the sessions held: the connector's log group turns it into the
  // SessionsHeld metric that the service scales on (infra/lib/connector-service.ts).
  const scheduleMetric = () => {
    metricTimer = timers.setTimeout(() => {
      log.info('sessions held', {
        metric: 'SessionsHeld',
        sessionsHeld: manager.heldCount(),
        maxSessions: Number.isFinite(options.maxSessions) ? options.maxSessions : null,
      });
      if (!stopped) scheduleMetric();
    }, options.metricEveryMs);
  };

  if (deps.autoStart !== false) {
    await manager.renewAll();
    await reconcile();
    scheduleReconcile();
    scheduleRenew();
    scheduleMetric();
    commandRouter.start();
  }
  log.info('connector started', { holderId: deps.holderId });

  return {
    handleCommands: (event) => handleCommandBatch(event, (command) => commandRouter.route(command), log),
    pollRelays: () => commandRouter.tick(),
    reconcile,
    renewLeases: () => manager.renewAll(),
    async stop() {
      if (stopped) return;
      stopped = true;
      timers.clearTimeout(reconcileTimer);
      timers.clearTimeout(renewTimer);
      timers.clearTimeout(metricTimer);
      await reconciling;
      await commandRouter.stop();
      await manager.stopAll();
      log.info('connector stopped', { holderId: deps.holderId });
    },
    status: () => ({
      holderId: deps.holderId,
      startedAt,
      stopped,
      sessions: manager.sessions(),
      lastReconcileAt,
      lastReconcileError,
    }),
  };
}
