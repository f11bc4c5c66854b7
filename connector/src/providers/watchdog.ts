/**
 * "Connected but dead" cannot last: when a socket has been silent for `silentMs`, it is probed;
 * if the probe fails or times out, `onDead` restarts it.
 */
import type { Clock, Timers } from '../ports.ts';

export interface WatchdogOptions {
  silentMs: number;
  checkEveryMs: number;
  probeTimeoutMs: number;
}

export const defaultWatchdog: WatchdogOptions = {
  silentMs: 60_000,
  checkEveryMs: 15_000,
  probeTimeoutMs: 15_000,
};

export interface Watchdog {
  /** Traffic seen. */
  touch(): void;
  stop(): void;
}

export function startWatchdog(input: {
  options: WatchdogOptions;
  clock: Clock;
  timers: Timers;
  probe: () => Promise<unknown>;
  onDead: (reason: unknown) => void;
}): Watchdog {
  const { options, clock, timers } = input;
  let lastSeen = clock.now();
  let stopped = false;
  let handle: unknown;
  let probing = false;

  const schedule = () => {
    if (!stopped) handle = timers.setTimeout(check, options.checkEveryMs);
  };

  const withTimeout = (promise: Promise<unknown>) =>
    new Promise<unknown>((resolve, reject) => {
      const timer = timers.setTimeout(() => reject(new Error('probe timed out')), options.probeTimeoutMs);
      promise.then(
        (value) => {
          timers.clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          timers.clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });

  const check = () => {
    if (stopped || probing) return schedule();
    if (clock.now() - lastSeen < options.silentMs) return schedule();
    probing = true;
    withTimeout(Promise.resolve().then(input.probe)).then(
      () => {
        probing = false;
        lastSeen = clock.now();
        schedule();
      },
      (error: unknown) => {
        probing = false;
        if (stopped) return;
        stopped = true;
        input.onDead(error);
      },
    );
  };

  schedule();
  return {
    touch: () => {
      lastSeen = clock.now();
    },
    stop: () => {
      stopped = true;
      timers.clearTimeout(handle);
    },
  };
}
