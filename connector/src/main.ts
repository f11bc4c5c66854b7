/**
 * The Fargate task (task.ts): the connector on AWS clients, a long-poll loop on the
 * connector-commands queue, a health endpoint on PORT (default 8080), and a graceful stop on
 * SIGTERM (no more commands taken, outboxes drained, sockets closed without logging out, leases
 * freed so the other tasks take the sessions at once).
 */
import { fetchLatestWaWebVersion, type WAVersion } from '@whiskeysockets/baileys';
import { createBetaProvider, jsonLogger } from './index.ts';
import { runTask } from './task.ts';

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
  const version = await waVersion();
  const task = await runTask({
    env: process.env,
    log,
    providers: { beta: createBetaProvider(version ? { version } : {}) },
  });
  log.info('connector ready', {
    holderId: task.holderId,
    port: task.port,
    waVersion: version?.join('.') ?? 'built-in',
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('connector stopping', { signal });
    try {
      await task.stop();
    } finally {
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
