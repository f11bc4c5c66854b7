/**
 * Which sessions this task runs, and their lifecycle. A session is opened only after its lease is
 * taken; the lease is renewed every 10 s and a failed renewal stops the session at once (no
 * logout: the credentials belong to whoever runs it now). Every 15 s (and at start) the task
 * lists the connections that should run and takes the free or expired leases, so sessions move
 * to a healthy task by themselves.
 */
import type { ConnectionStatus } from '@atende/shared/entities/whatsapp';
import type { BackoffPolicy } from '../backoff.ts';
import { InboundOutbox } from '../inbound/outbox.ts';
import { SpoolStore } from '../inbound/spool.ts';
import type {
  ProviderContext,
  ProviderFactory,
  ProviderSession,
  SessionCallbacks,
} from '../providers/provider.ts';
import {
  childLogger,
  sleep,
  type Clock,
  type InboundQueuePort,
  type Logger,
  type MediaPort,
  type TableRef,
  type Timers,
} from '../ports.ts';
import { ConnectionStore, type StatusChange } from '../table/connections.ts';
import { TableCredentialStore } from '../table/credentials.ts';
import { FencedError } from '../table/errors.ts';
import { leaseMapKey, LeaseStore, type Lease } from '../table/leases.ts';
import { TaskRegistry, type LiveTask } from '../table/tasks.ts';
import { connectionKeyOf, notifyWaiters, waitConnected, type SessionHandle } from './handle.ts';

export interface ManagerOptions {
  leaseTtlMs: number;
  renewEveryMs: number;
  reconcileEveryMs: number;
  /** How long a command needing a live session waits for it to connect. */
  commandWaitMs: number;
  /** How long a stopping session's inbound events may take to be queued before they are left in the spool. */
  drainMs: number;
  /** Sessions one task runs at most. */
  maxSessions: number;
  /** Reconnection backoff of the providers. */
  backoff: BackoffPolicy;
  /** Retry backoff of the inbound queue. */
  inboundBackoff: BackoffPolicy;
  /** Every n-th reconcile also replays the spools of idle held sessions. */
  spoolReplayEvery: number;
  /** How often a task reads its doorbell for relayed commands and sessions handed to it. */
  relayPollMs: number;
  /** How often every held session is checked for relayed commands (a ring that was missed). */
  relaySweepMs: number;
  /** How often the task logs how many sessions it holds (the scaling metric). */
  metricEveryMs: number;
  /** How long a send's claim keeps a redelivery waiting (table/messages.ts). */
  sendClaimMs: number;
}

export const defaultManagerOptions: ManagerOptions = {
  leaseTtlMs: 30_000,
  renewEveryMs: 10_000,
  reconcileEveryMs: 15_000,
  commandWaitMs: 8_000,
  drainMs: 5_000,
  // The Fargate task sets its limit (task.ts: CONNECTOR_MAX_SESSIONS, 200); in-process, none.
  maxSessions: Number.POSITIVE_INFINITY,
  backoff: { baseMs: 1_000, capMs: 60_000 },
  inboundBackoff: { baseMs: 500, capMs: 30_000 },
  spoolReplayEvery: 20,
  relayPollMs: 500,
  relaySweepMs: 60_000,
  metricEveryMs: 60_000,
  sendClaimMs: 30_000,
};

export interface ManagerDeps {
  table: TableRef;
  inbound: InboundQueuePort;
  media: MediaPort;
  holderId: string;
  providers: Record<string, ProviderFactory>;
  clock: Clock;
  timers: Timers;
  random: () => number;
  log: Logger;
  options: ManagerOptions;
  /** Called when this task has taken a session (the router carries out what was relayed for it). */
  onTaken?: (companyId: number, whatsappId: number) => void;
  /** Called when this task handed a session's lease to another task (ring that task's doorbell). */
  onHandedOver?: (to: string, companyId: number, whatsappId: number) => Promise<void>;
}

/**
 * running: this task runs it now. held-elsewhere: another live task holds its lease. busy: this
 * task is stopping or at its session limit. missing: no such connection (or unknown provider).
 * not-running: its `running` flag is not set (and the caller required it).
 */
export type RunResult = 'running' | 'held-elsewhere' | 'busy' | 'missing' | 'not-running';

/** How a session ends. */
interface EndMode {
  /** Log the device out of WhatsApp first (stopSession). */
  logout?: boolean;
  /** Delete its credentials (stopSession, logout by the phone already did). */
  clearCredentials?: boolean;
  /** Remove the connection's `running` flag. */
  notRunning?: boolean;
  /** A last status to write (fenced) before the lease goes. */
  finalStatus?: StatusChange;
  /** Free the lease (false when it was lost anyway). */
  release: boolean;
}

export interface SessionSummary {
  companyId: number;
  whatsappId: number;
  provider: string;
  status: ConnectionStatus | 'starting';
  fence: number;
  leaseExpiresAt: number;
  pendingInbound: number;
}

export class SessionManager {
  readonly connections: ConnectionStore;
  readonly leases: LeaseStore;
  readonly tasks: TaskRegistry;
  private readonly handles = new Map<string, SessionHandle>();
  private readonly locks = new Map<string, Promise<unknown>>();
  private reconcileRuns = 0;
  /** Reconcile rounds in a row that left a free session untaken because this task was at its share. */
  private untakenRounds = 0;
  private stopping = false;

  constructor(private readonly deps: ManagerDeps) {
    this.connections = new ConnectionStore(deps.table.documents, deps.table.tableName);
    this.leases = new LeaseStore(
      deps.table.documents,
      deps.table.tableName,
      deps.holderId,
      deps.options.leaseTtlMs,
    );
    this.tasks = new TaskRegistry(
      deps.table.documents,
      deps.table.tableName,
      deps.holderId,
      deps.options.leaseTtlMs,
    );
  }

  /** How many sessions this task holds (the sessions-per-task metric). */
  heldCount(): number {
    return this.handles.size;
  }

  handleOf(companyId: number, whatsappId: number): SessionHandle | undefined {
    return this.handles.get(connectionKeyOf(companyId, whatsappId));
  }

  sessions(): SessionSummary[] {
    return [...this.handles.values()].map((handle) => ({
      companyId: handle.companyId,
      whatsappId: handle.whatsappId,
      provider: handle.provider,
      status: handle.status,
      fence: handle.lease.fence,
      leaseExpiresAt: handle.lease.expiresAt,
      pendingInbound: handle.outbox.size,
    }));
  }

  waitConnected(handle: SessionHandle, timeoutMs = this.deps.options.commandWaitMs): Promise<boolean> {
    return waitConnected(handle, timeoutMs, this.deps.timers);
  }

  /** Runs `work` alone for one connection (commands, reconcile and lifecycle changes queue up). */
  withLock<T>(companyId: number, whatsappId: number, work: () => Promise<T>): Promise<T> {
    const key = connectionKeyOf(companyId, whatsappId);
    const previous = this.locks.get(key) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(work);
    const tail = run.catch(() => undefined);
    this.locks.set(key, tail);
    void tail.then(() => {
      if (this.locks.get(key) === tail) this.locks.delete(key);
    });
    return run;
  }

  // ------------------------------------------------------------------ starting

  /**
   * Makes sure this task runs the session: takes the lease and starts the provider session.
   * `requireRunning`: only when the connection's `running` flag is set (reconcile, and commands
   * other than startSession / newQr). `fresh`: clear the credentials first (a new QR).
   */
  async run(
    companyId: number,
    whatsappId: number,
    options: { requireRunning?: boolean; fresh?: boolean } = {},
  ): Promise<RunResult> {
    return this.withLock(companyId, whatsappId, () => this.runLocked(companyId, whatsappId, options));
  }

  private async runLocked(
    companyId: number,
    whatsappId: number,
    options: { requireRunning?: boolean; fresh?: boolean },
  ): Promise<RunResult> {
    if (this.stopping) return 'busy';
    const existing = this.handleOf(companyId, whatsappId);
    if (existing) {
      if (options.fresh) await this.replaceSession(existing);
      return 'running';
    }
    const connection = await this.connections.get(companyId, whatsappId);
    if (!connection) return 'missing';
    if (options.requireRunning && !connection.running) return 'not-running';
    const factory = this.deps.providers[connection.provider];
    if (!factory) {
      this.deps.log.error('connection uses an unknown provider', {
        companyId,
        whatsappId,
        provider: connection.provider,
      });
      return 'missing';
    }
    if (this.handles.size >= this.deps.options.maxSessions) return 'busy';
    const lease = await this.leases.take(companyId, whatsappId, this.deps.clock.now());
    if (!lease) return 'held-elsewhere';

    const handle = this.createHandle(lease, connection.provider, factory);
    this.handles.set(handle.key, handle);
    this.deps.log.info('session taken', {
      companyId,
      whatsappId,
      provider: connection.provider,
      fence: lease.fence,
    });
    this.deps.onTaken?.(companyId, whatsappId);
    try {
      if (options.fresh) await this.credentialsOf(handle).clear();
      void handle.outbox
        .replaySpool()
        .catch((error: unknown) => this.deps.log.warn('spool replay failed', { error }));
      await handle.session.start();
    } catch (error) {
      this.deps.log.error('session could not start', { companyId, whatsappId, error });
      await this.end(handle, { release: !(error instanceof FencedError) });
      throw error;
    }
    return 'running';
  }

  private createHandle(lease: Lease, provider: string, factory: ProviderFactory): SessionHandle {
    const { companyId, whatsappId } = lease;
    const log = childLogger(this.deps.log, { companyId, whatsappId, provider });
    const outbox = new InboundOutbox({
      queue: this.deps.inbound,
      spool: new SpoolStore(this.deps.table.documents, this.deps.table.tableName, companyId, whatsappId),
      clock: this.deps.clock,
      timers: this.deps.timers,
      random: this.deps.random,
      log,
      backoff: this.deps.options.inboundBackoff,
    });
    const handle: SessionHandle = {
      key: connectionKeyOf(companyId, whatsappId),
      companyId,
      whatsappId,
      provider,
      lease,
      session: undefined as unknown as ProviderSession,
      sessionGeneration: 0,
      outbox,
      status: 'starting',
      statusChain: Promise.resolve(),
      lastStatusChange: '',
      waiters: new Set(),
      ended: false,
      closing: false,
      startedAt: this.deps.clock.now(),
    };
    handle.session = this.newSession(handle, factory, log);
    return handle;
  }

  private newSession(handle: SessionHandle, factory: ProviderFactory, log: Logger): ProviderSession {
    const generation = ++handle.sessionGeneration;
    const current = () => !handle.ended && handle.sessionGeneration === generation;
    const callbacks: SessionCallbacks = {
      onQr: (qr) => {
        if (!current()) return;
        // A QR starts a pairing: the number of the phone paired before no longer holds (the
        // connections screen would go on showing it), as the source product clears it.
        this.setStatus(handle, { status: 'qrcode', qrcode: qr, retries: 0, number: '' });
      },
      onStatus: (status, details) => {
        if (!current()) return;
        this.setStatus(handle, {
          status,
          ...(details?.retries !== undefined ? { retries: details.retries } : {}),
          ...(details?.number !== undefined ? { number: details.number } : {}),
          ...(details?.reason !== undefined ? { reason: details.reason } : {}),
        });
        if (status === 'TIMEOUT') {
          void this.withLock(handle.companyId, handle.whatsappId, () =>
            this.end(handle, { notRunning: true, release: true }),
          ).catch((error: unknown) => log.error('ending a timed-out session failed', { error }));
        }
      },
      // Events already received are queued even if the session is ending meanwhile.
      onInbound: (event) => handle.outbox.push(event),
      onCredentialsCleared: () => {
        if (!current()) return;
        void this.withLock(handle.companyId, handle.whatsappId, () =>
          this.end(handle, {
            notRunning: true,
            finalStatus: { status: 'DISCONNECTED', retries: 0 },
            release: true,
          }),
        ).catch((error: unknown) => log.error('ending a logged-out session failed', { error }));
      },
    };
    const context: ProviderContext = {
      companyId: handle.companyId,
      whatsappId: handle.whatsappId,
      credentials: this.credentialsOf(handle),
      media: this.deps.media,
      table: this.deps.table,
      callbacks,
      clock: this.deps.clock,
      timers: this.deps.timers,
      random: this.deps.random,
      backoff: this.deps.options.backoff,
      log,
    };
    return factory(context);
  }

  private credentialsOf(handle: SessionHandle): TableCredentialStore {
    return new TableCredentialStore(
      this.deps.table.documents,
      this.deps.table.tableName,
      handle.companyId,
      handle.whatsappId,
      () => handle.lease,
      this.deps.timers,
      () => this.leaseLost(handle, 'a fenced write was refused'),
    );
  }

  /** New QR on a running session: log the old device out, drop its credentials, start afresh. */
  private async replaceSession(handle: SessionHandle): Promise<void> {
    const factory = this.deps.providers[handle.provider];
    if (!factory) return;
    const old = handle.session;
    handle.sessionGeneration += 1;
    await old
      .logout()
      .catch((error: unknown) => this.deps.log.warn('logout before a new QR failed', { error }));
    await this.credentialsOf(handle).clear();
    if (handle.ended) return;
    handle.status = 'starting';
    handle.lastStatusChange = '';
    handle.session = this.newSession(
      handle,
      factory,
      childLogger(this.deps.log, { companyId: handle.companyId, whatsappId: handle.whatsappId }),
    );
    await handle.session.start();
  }

  // ------------------------------------------------------------------ status

  private setStatus(handle: SessionHandle, change: StatusChange): void {
    handle.status = change.status;
    notifyWaiters(handle);
    // E.g. OPENING from a close and again from the new socket's "connecting".
    const serialised = JSON.stringify(change);
    if (serialised === handle.lastStatusChange) return;
    handle.lastStatusChange = serialised;
    handle.statusChain = handle.statusChain.then(() => this.writeStatus(handle, change));
  }

  private async writeStatus(handle: SessionHandle, change: StatusChange): Promise<void> {
    for (let attempt = 0; attempt < 4 && !handle.ended; attempt += 1) {
      try {
        const exists = await this.connections.setStatus(
          handle.lease,
          change,
          new Date(this.deps.clock.now()),
        );
        if (!exists)
          this.deps.log.warn('status not written: the connection no longer exists', { key: handle.key });
        return;
      } catch (error) {
        if (error instanceof FencedError) {
          this.leaseLost(handle, 'a fenced status write was refused');
          return;
        }
        this.deps.log.warn('status write failed; retrying', { error, attempt, status: change.status });
        await sleep(this.deps.timers, 500 * 2 ** attempt);
      }
    }
  }

  // ------------------------------------------------------------------ ending

  /** Ends a session this task holds (caller holds the connection's lock). */
  async end(handle: SessionHandle, mode: EndMode): Promise<void> {
    if (handle.ended) return;
    handle.closing = true;
    if (mode.notRunning) {
      await this.connections
        .setRunning(handle.companyId, handle.whatsappId, false, new Date(this.deps.clock.now()))
        .catch((error: unknown) => this.deps.log.error('running flag not removed', { error }));
    }
    const session = handle.session;
    handle.sessionGeneration += 1;
    if (mode.logout)
      await session.logout().catch((error: unknown) => this.deps.log.warn('logout failed', { error }));
    else await session.stop().catch((error: unknown) => this.deps.log.warn('session stop failed', { error }));
    await handle.statusChain;
    if (mode.clearCredentials) {
      await this.credentialsOf(handle)
        .clear()
        .catch((error: unknown) => this.deps.log.error('credentials not cleared', { error }));
    }
    if (mode.finalStatus) {
      await this.connections
        .setStatus(handle.lease, mode.finalStatus, new Date(this.deps.clock.now()))
        .catch((error: unknown) => this.deps.log.warn('final status not written', { error }));
    }
    this.forget(handle);
    await handle.outbox.close(this.deps.options.drainMs);
    if (mode.release) {
      await this.leases
        .release(handle.lease, this.deps.clock.now())
        .catch((error: unknown) => this.deps.log.warn('lease not released', { error }));
    }
    this.deps.log.info('session ended', { companyId: handle.companyId, whatsappId: handle.whatsappId });
  }

  /** The lease is gone: stop at once, without logging out and without writing anything more. */
  leaseLost(handle: SessionHandle, reason: string): void {
    if (handle.ended) return;
    this.deps.log.warn('lease lost: stopping the session', {
      companyId: handle.companyId,
      whatsappId: handle.whatsappId,
      reason,
    });
    this.forget(handle);
    handle.sessionGeneration += 1;
    void handle.session.stop().catch(() => undefined);
    void handle.outbox.close(this.deps.options.drainMs);
  }

  private forget(handle: SessionHandle): void {
    handle.ended = true;
    notifyWaiters(handle);
    if (this.handles.get(handle.key) === handle) this.handles.delete(handle.key);
  }

  /**
   * stopSession: the connection should no longer run. Logs out, clears the credentials, sets
   * DISCONNECTED. Without a local session the lease is taken first; 'held-elsewhere' when another
   * live task runs it (that task must do it: the caller lets SQS redeliver).
   */
  async stopConnection(companyId: number, whatsappId: number): Promise<RunResult> {
    const now = () => new Date(this.deps.clock.now());
    await this.connections.setRunning(companyId, whatsappId, false, now());
    return this.withLock(companyId, whatsappId, async () => {
      const handle = this.handleOf(companyId, whatsappId);
      if (handle) {
        await this.end(handle, {
          logout: true,
          clearCredentials: true,
          finalStatus: { status: 'DISCONNECTED', retries: 0 },
          release: true,
        });
        return 'running';
      }
      const lease = await this.leases.take(companyId, whatsappId, this.deps.clock.now());
      if (!lease) return 'held-elsewhere';
      const credentials = new TableCredentialStore(
        this.deps.table.documents,
        this.deps.table.tableName,
        companyId,
        whatsappId,
        () => lease,
        this.deps.timers,
        () => undefined,
      );
      try {
        await credentials.clear();
        await this.connections.setStatus(lease, { status: 'DISCONNECTED', retries: 0 }, now());
      } finally {
        await this.leases.release(lease, this.deps.clock.now());
      }
      return 'missing';
    });
  }

  // ------------------------------------------------------------------ periodic work

  /** Renews every held lease; a refused renewal stops that session at once. */
  async renewAll(): Promise<void> {
    if (!this.stopping) {
      await this.tasks
        .beat(this.handles.size, this.deps.options.maxSessions, this.deps.clock.now())
        .catch((error: unknown) => this.deps.log.warn('task registry not renewed', { error }));
    }
    await Promise.all(
      [...this.handles.values()].map(async (handle) => {
        try {
          const renewed = await this.leases.renew(handle.lease, this.deps.clock.now());
          if (!renewed) this.leaseLost(handle, 'renewal refused');
        } catch (error) {
          // Unknown outcome: once the lease may have expired, it can no longer be trusted.
          const expiresMs = handle.lease.expiresAt * 1000;
          if (this.deps.clock.now() >= expiresMs - this.deps.options.renewEveryMs / 2) {
            this.leaseLost(handle, 'renewal failing until expiry');
          } else {
            this.deps.log.warn('lease renewal failed; will retry', { error, key: handle.key });
          }
        }
      }),
    );
  }

  /** Takes the free or expired leases of the connections that should run, and starts them. */
  async reconcile(): Promise<void> {
    if (this.stopping) return;
    this.reconcileRuns += 1;
    const wanted = await this.connections.listRunning();
    const wantedKeys = new Set(wanted.map((c) => connectionKeyOf(c.companyId, c.whatsappId)));
    const candidates = wanted.filter((c) => {
      const key = connectionKeyOf(c.companyId, c.whatsappId);
      return !this.handles.has(key) && !this.locks.has(key);
    });
    await this.tasks.beat(this.handles.size, this.deps.options.maxSessions, this.deps.clock.now());
    const live = await this.tasks.live(this.deps.clock.now());
    const share = this.fairShare(wanted.length, live);
    let leftUntaken = false;
    if (candidates.length > 0) {
      const current = await this.leases.peek(candidates);
      const limit = Math.min(this.deps.options.maxSessions, share);
      for (const candidate of candidates) {
        if (this.stopping) break;
        if (this.handles.size >= limit) {
          leftUntaken ||= this.leases.takeable(
            current.get(leaseMapKey(candidate.companyId, candidate.whatsappId)),
            this.deps.clock.now(),
          );
          continue;
        }
        const info = current.get(leaseMapKey(candidate.companyId, candidate.whatsappId));
        if (!this.leases.takeable(info, this.deps.clock.now())) continue;
        await this.run(candidate.companyId, candidate.whatsappId, { requireRunning: true }).catch(
          (error: unknown) =>
            this.deps.log.error('reconcile could not start a session', { ...candidate, error }),
        );
      }
    }
    // Free sessions left by every task at its share two rounds running: take them anyway.
    this.untakenRounds = leftUntaken ? this.untakenRounds + 1 : 0;
    await this.shareOut(share, live);
    for (const handle of [...this.handles.values()]) {
      if (wantedKeys.has(handle.key) || handle.ended) continue;
      // The index is eventually consistent: check the item itself before ending anything.
      await this.withLock(handle.companyId, handle.whatsappId, async () => {
        if (handle.ended) return;
        const connection = await this.connections.get(handle.companyId, handle.whatsappId);
        if (connection?.running) return;
        this.deps.log.warn('held session no longer wanted; ending it', {
          key: handle.key,
          deleted: !connection,
        });
        // A deleted connection whose stopSession never arrived: log it out too.
        await this.end(
          handle,
          connection ? { release: true } : { logout: true, clearCredentials: true, release: true },
        );
      });
    }
    if (this.reconcileRuns % this.deps.options.spoolReplayEvery === 0) {
      for (const handle of this.handles.values()) {
        if (handle.outbox.size === 0) await handle.outbox.replaySpool().catch(() => undefined);
      }
    }
  }

  /**
   * The sessions this task takes in a reconcile: the connections that should run shared evenly
   * among the live tasks that hold any (and this one), rounded up. A task that starts beside busy
   * ones takes the free and orphaned sessions first; a task already at its share leaves them to
   * the others, and takes them only when nobody else does (the others are then at their limit,
   * or gone: their leases expire and they no longer count).
   */
  private fairShare(wanted: number, live: LiveTask[]): number {
    const tasks = new Set<string>([this.deps.holderId, ...live.map((task) => task.holder)]);
    const share = Math.max(1, Math.ceil(wanted / tasks.size));
    return this.untakenRounds >= 2 ? Number.POSITIVE_INFINITY : share;
  }

  /**
   * Above its share while another live task is below it (a task just started, say): hands one
   * connected session a round to the least busy task, lease and all, so it moves at once and
   * only one session is reconnecting at a time. The session is stopped here first (its outbox
   * drained), then its lease handed over with a new fence; the commands that reach this task
   * for it from then on are relayed to the new holder.
   */
  private async shareOut(share: number, live: LiveTask[]): Promise<void> {
    if (this.stopping || this.handles.size <= share) return;
    const target = live
      .filter((task) => task.holder !== this.deps.holderId)
      .filter((task) => task.sessions + 1 < this.handles.size && task.sessions < share)
      .filter((task) => task.sessions < task.maxSessions)
      .sort((a, b) => a.sessions - b.sessions)[0];
    if (!target) return;
    const handle = [...this.handles.values()].find(
      (candidate) => candidate.status === 'CONNECTED' && !this.locks.has(candidate.key),
    );
    if (!handle) return;
    await this.withLock(handle.companyId, handle.whatsappId, async () => {
      if (handle.ended) return;
      const lease = { ...handle.lease };
      await this.end(handle, { release: false });
      if (!(await this.leases.handOver(lease, target.holder, this.deps.clock.now()))) return;
      this.deps.log.info('session handed over', {
        companyId: handle.companyId,
        whatsappId: handle.whatsappId,
        to: target.holder,
      });
      await this.deps.onHandedOver?.(target.holder, handle.companyId, handle.whatsappId);
    });
  }

  /** Stops every session without logging out and frees the leases, so another task takes them at once. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    await this.tasks
      .leave()
      .catch((error: unknown) => this.deps.log.warn('task registry not left', { error }));
    await Promise.all(
      [...this.handles.values()].map((handle) =>
        this.withLock(handle.companyId, handle.whatsappId, () => this.end(handle, { release: true })).catch(
          (error: unknown) => this.deps.log.error('session did not stop cleanly', { key: handle.key, error }),
        ),
      ),
    );
  }
}
