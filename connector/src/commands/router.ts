/**
 * Routing commands between connector tasks (docs/connector.md, "Sharding"). Every task polls the
 * one connector-commands queue, so a command may reach a task that does not hold its session.
 * Such a command is relayed through the table to the holder (table/relays.ts) instead of going
 * back to the queue: a returned command would come back to a random task again and again, each
 * time after the queue's visibility timeout and counting towards its dead-letter limit.
 *
 * Order: the relaying task keeps the command's message in hand until the holder has carried it
 * out, so the FIFO queue holds back the rest of its group as it does for any command in hand.
 * A task that takes a session over carries out what was relayed to the task before first.
 */
import { connectorCommandGroup, type ConnectorCommand } from '@atende/shared/entities/connector-command';
import { sleep, type Clock, type Logger, type Timers } from '../ports.ts';
import type { RelayedCommand, RelayStore } from '../table/relays.ts';
import type { CommandOutcome } from './dispatch.ts';

export interface RouterDeps {
  relays: RelayStore;
  holderId: string;
  dispatch: (command: ConnectorCommand) => Promise<CommandOutcome>;
  /**
   * Runs the session if this task holds its lease and the connection should run: for a ring,
   * which may be a session handed over to this task (its lease names it) rather than a relay.
   */
  adopt: (companyId: number, whatsappId: number) => Promise<unknown>;
  /** The sessions this task holds now (swept for relayed commands every sweepEveryMs). */
  held: () => { companyId: number; whatsappId: number }[];
  clock: Clock;
  timers: Timers;
  log: Logger;
  /** How often the doorbell is read. */
  pollMs: number;
  /** How often every held session's relayed commands are looked for (a missed ring). */
  sweepEveryMs: number;
  /** How long a relayed command is kept in hand waiting for its holder. */
  relayWaitMs: number;
  /** A relayed command that failed this many times is dropped (like a dead letter). */
  maxAttempts: number;
}

/** What draining a connection's relayed commands found. */
type Drained = 'clear' | 'blocked';

export class CommandRouter {
  private readonly lanes = new Map<string, Promise<unknown>>();
  /** Connections whose relayed commands are to be carried out at the next tick. */
  private readonly due = new Map<string, { companyId: number; whatsappId: number; rung?: boolean }>();
  /** Connections whose drain waits in their lane (not queued twice). */
  private readonly queued = new Set<string>();
  private timer: unknown;
  private stopped = false;
  private lastSweep = 0;

  constructor(private readonly deps: RouterDeps) {}

  /** Starts reading the doorbell. */
  start(): void {
    this.lastSweep = this.deps.clock.now();
    this.schedule();
  }

  /** Stops reading the doorbell and waits for the work in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.deps.timers.clearTimeout(this.timer);
    await Promise.all([...this.lanes.values()].map((lane) => lane.catch(() => undefined)));
  }

  /** This task took the session: carry out what was relayed for it (its last holder may have left some). */
  taken(companyId: number, whatsappId: number): void {
    this.due.set(`${companyId}:${whatsappId}`, { companyId, whatsappId });
  }

  /**
   * A command received from the queue: carried out here, or relayed to the session's holder.
   * A relayed command stays in hand (its batch's visibility renewed by the poller) until the
   * holder has carried it out, so the queue hands out nothing later of its FIFO group meanwhile:
   * order holds without any check on the direct path, which costs nothing more than before.
   */
  async route(command: ConnectorCommand): Promise<CommandOutcome> {
    const { companyId, whatsappId } = command;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const outcome = await this.deps.dispatch(command);
      if (outcome !== 'elsewhere') return outcome;
      const relayed = await this.deps.relays.relay(command, this.deps.holderId, this.deps.clock.now());
      if (relayed) {
        this.deps.log.debug('command relayed to the holder of its session', {
          companyId,
          whatsappId,
          type: command.type,
          holder: relayed.holder,
        });
        return this.carriedOut(companyId, relayed.sk);
      }
      // The holder let the lease go in between: dispatch again (this task may take it now).
    }
    return 'retry';
  }

  /**
   * Waits until the relayed command is gone (carried out by the holder, or by the next one if
   * the holder died). Past relayWaitMs it goes back to the queue ('retry'): carried out twice at
   * worst, which every command tolerates.
   */
  private async carriedOut(companyId: number, sk: string): Promise<CommandOutcome> {
    const deadline = this.deps.clock.now() + this.deps.relayWaitMs;
    while (this.deps.clock.now() < deadline) {
      await sleep(this.deps.timers, this.deps.pollMs);
      if (!(await this.deps.relays.exists(companyId, sk))) return 'done';
    }
    this.deps.log.warn('relayed command not carried out in time; back to the queue', { companyId, sk });
    return 'retry';
  }

  /**
   * Carries out the connection's relayed commands (caller is in the connection's lane): each
   * FIFO group's in order, the groups side by side, as the queue would have handed them over.
   */
  private async drain(companyId: number, whatsappId: number): Promise<Drained> {
    const relayed = await this.deps.relays.list(companyId, whatsappId);
    if (relayed.length === 0) return 'clear';
    const groups = new Map<string, RelayedCommand[]>();
    for (const item of relayed) {
      const group = connectorCommandGroup(item.command);
      groups.set(group, [...(groups.get(group) ?? []), item]);
    }
    const results = await Promise.all(
      [...groups.values()].map((items) => this.drainGroup(companyId, whatsappId, items)),
    );
    return results.includes('blocked') ? 'blocked' : 'clear';
  }

  private async drainGroup(companyId: number, whatsappId: number, items: RelayedCommand[]): Promise<Drained> {
    for (const item of items) {
      let outcome: CommandOutcome;
      try {
        outcome = await this.deps.dispatch(item.command);
      } catch (error) {
        this.deps.log.error('relayed command failed', {
          companyId,
          whatsappId,
          type: item.command.type,
          error,
        });
        outcome = 'retry';
      }
      if (outcome === 'done') {
        await this.deps.relays.remove(companyId, item.sk);
        continue;
      }
      // Its session is held by another task now: that one carries them out when it takes it.
      if (outcome === 'elsewhere') return 'blocked';
      if (item.attempts + 1 >= this.deps.maxAttempts) {
        this.deps.log.error('relayed command dropped after its last attempt', {
          companyId,
          whatsappId,
          type: item.command.type,
          commandId: item.command.commandId,
          attempts: item.attempts + 1,
        });
        await this.deps.relays.remove(companyId, item.sk);
        continue;
      }
      await this.deps.relays.countAttempt(companyId, item.sk);
      this.taken(companyId, whatsappId);
      return 'blocked';
    }
    return 'clear';
  }

  /** Runs `work` after the connection's earlier commands (routed or relayed). */
  private inOrder<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.lanes.get(key) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(work);
    const tail = run.catch(() => undefined);
    this.lanes.set(key, tail);
    void tail.then(() => {
      if (this.lanes.get(key) === tail) this.lanes.delete(key);
    });
    return run;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = this.deps.timers.setTimeout(() => {
      void this.tick().finally(() => this.schedule());
    }, this.deps.pollMs);
  }

  /** Reads the doorbell and starts draining what it names (and what is due). */
  async tick(): Promise<void> {
    try {
      for (const rung of await this.deps.relays.answerDoorbell(this.deps.holderId))
        this.due.set(`${rung.companyId}:${rung.whatsappId}`, { ...rung, rung: true });
    } catch (error) {
      this.deps.log.warn('reading the relay doorbell failed', { error });
    }
    if (this.deps.clock.now() - this.lastSweep >= this.deps.sweepEveryMs) {
      this.lastSweep = this.deps.clock.now();
      for (const held of this.deps.held()) this.due.set(`${held.companyId}:${held.whatsappId}`, held);
    }
    const due = [...this.due.entries()];
    this.due.clear();
    for (const [key, { companyId, whatsappId, rung }] of due) {
      if (this.stopped || this.queued.has(key)) continue;
      this.queued.add(key);
      void this.inOrder(key, async () => {
        this.queued.delete(key);
        if (rung) await this.deps.adopt(companyId, whatsappId);
        return this.drain(companyId, whatsappId);
      }).catch((error: unknown) => {
        this.deps.log.warn('carrying out relayed commands failed', { companyId, whatsappId, error });
        this.taken(companyId, whatsappId);
      });
    }
  }
}
