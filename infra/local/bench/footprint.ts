/**
 * What the product weighs rather than how fast it answers (issue #26, "Lambda bundles and SPA",
 * "local start"): each function bundle's bytes and its cold start (importing the bundle in a fresh
 * Node process, as a Lambda's init does; with --enable-source-maps, as the Lambdas run), and the
 * local runtime's start on a new data folder and its restart on the same one, with the resident
 * memory of its whole process tree (the runtime's Node process and DynamoDB Local's JVM).
 *
 * `npx tsx infra/local/bench/footprint.ts [--bundles] [--start]`; the bench (main.ts) runs both
 * after its sizes and keeps the result in `.bench/latest.json` under `footprint`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { distDir, maxBundleBytes } from '../../../functions/build.ts';
import { rssMb } from './memory.ts';
import { startRuntimeProcess } from './runtime-process.ts';

const run = promisify(execFile);

export interface BundleFootprint {
  name: string;
  bytes: number;
  /** Median wall-clock time of fresh-process imports, ms. */
  coldImportMs: number;
  /** Median CPU time (user + system) of the same imports, ms: steadier than wall clock on a busy machine. */
  coldImportCpuMs: number;
}

export interface StartFootprint {
  /** Seconds until the runtime answered, on a new data folder. */
  firstStartSeconds: number;
  /** Seconds until it answered again on the same folder. */
  restartSeconds: number;
  /** Resident memory of the runtime's process tree (Node + JVM + children) once ready, MB. */
  rssAfterRestartMb: number;
  byProcess: Record<string, number>;
}

export interface Footprint {
  bundles?: BundleFootprint[];
  start?: StartFootprint;
}

/** Environment a bundle reads at import (its Lambda's variables); the values are never used. */
const importEnv: Record<string, string> = {
  TABLE_NAME: 'footprint',
  APP_STAGE: 'footprint',
  MAIL_FROM: 'footprint@example.test',
  MEDIA_BUCKET: 'footprint',
  REST_API_ID: 'footprint',
  REST_API_STAGE: 'footprint',
  SCHEDULER_GROUP_NAME: 'footprint',
  SCHEDULER_ROLE_ARN: 'arn:aws:iam::000000000000:role/footprint',
  WS_MANAGEMENT_ENDPOINT: 'http://127.0.0.1:1',
  AWS_REGION: 'us-east-1',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

const importScript =
  'const t = performance.now(); const c = process.cpuUsage(); await import(process.argv[1]); const u = process.cpuUsage(c); ' +
  'process.stdout.write(JSON.stringify({ wallMs: performance.now() - t, cpuMs: (u.user + u.system) / 1000 })); process.exit(0);';

/** One import of a bundle in a fresh Node process: wall-clock and CPU ms. */
export async function coldImport(
  bundleFile: string,
  sourceMaps = true,
): Promise<{ wallMs: number; cpuMs: number }> {
  const { stdout } = await run(
    process.execPath,
    [...(sourceMaps ? ['--enable-source-maps'] : []), '--input-type=module', '-e', importScript, bundleFile],
    { env: { ...process.env, ...importEnv }, timeout: 60_000 },
  );
  return JSON.parse(stdout) as { wallMs: number; cpuMs: number };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Every built bundle's size and median cold import over `runs` fresh processes. */
export async function measureBundles(runs = 3): Promise<BundleFootprint[]> {
  const names = (await readdir(distDir, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  const results: BundleFootprint[] = [];
  for (const name of names.sort()) {
    const file = join(distDir, name, 'index.mjs');
    const { size } = await stat(file);
    const times: { wallMs: number; cpuMs: number }[] = [];
    for (let i = 0; i < runs; i += 1) times.push(await coldImport(file));
    results.push({
      name,
      bytes: size,
      coldImportMs: Math.round(median(times.map((t) => t.wallMs))),
      coldImportCpuMs: Math.round(median(times.map((t) => t.cpuMs))),
    });
  }
  return results.sort((a, b) => b.bytes - a.bytes);
}

/** Pids of a process and all its descendants (from /proc). */
async function processTree(rootPid: number): Promise<number[]> {
  const parents = new Map<number, number[]>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = await readFile(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while the folder was read.
    }
  }
  const tree: number[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    tree.push(pid);
    queue.push(...(parents.get(pid) ?? []));
  }
  return tree;
}

async function commandOf(pid: number): Promise<string> {
  try {
    const parts = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    return parts[0]?.endsWith('java') ? 'dynamodb (java)' : `node ${pid}`;
  } catch {
    return String(pid);
  }
}

/** Resident memory of a process tree, MB, in all and by process. */
export async function treeRssMb(
  rootPid: number,
): Promise<{ totalMb: number; byProcess: Record<string, number> }> {
  const byProcess: Record<string, number> = {};
  let totalMb = 0;
  for (const pid of await processTree(rootPid)) {
    const mb = rssMb(pid);
    if (mb === undefined) continue;
    totalMb += mb;
    byProcess[pid === rootPid ? 'runtime' : await commandOf(pid)] = Math.round(mb);
  }
  return { totalMb: Math.round(totalMb), byProcess };
}

/**
 * The runtime started on a new data folder, stopped, and started again on the same one, as
 * `npm start` starts it: each function imported on its first call, unless `warmUp` is set.
 */
export async function measureStart(options: { warmUp?: boolean } = {}): Promise<StartFootprint> {
  const dataDir = await mkdtemp(
    join(process.platform === 'linux' ? '/dev/shm' : tmpdir(), 'atende-footprint-'),
  );
  const logFile = join(dataDir, 'runtime.log');
  const startOnce = async () => {
    const began = performance.now();
    const runtime = await startRuntimeProcess({
      dataDir,
      env: {},
      logFile,
      warmUp: options.warmUp ?? false,
      startTimeoutMs: 600_000,
    });
    return { runtime, seconds: (performance.now() - began) / 1000 };
  };
  try {
    const first = await startOnce();
    await first.runtime.stop();
    const second = await startOnce();
    // A few seconds for the JVM and the threads to settle after "ready".
    await new Promise((wait) => setTimeout(wait, 3_000));
    const memory = await treeRssMb(second.runtime.pid);
    await second.runtime.stop();
    return {
      firstStartSeconds: Number(first.seconds.toFixed(1)),
      restartSeconds: Number(second.seconds.toFixed(1)),
      rssAfterRestartMb: memory.totalMb,
      byProcess: memory.byProcess,
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function footprintText(footprint: Footprint): string {
  const lines: string[] = [];
  if (footprint.bundles) {
    const over = footprint.bundles.filter((b) => b.bytes > maxBundleBytes);
    lines.push(
      `Function bundles (cold import, median of fresh processes, --enable-source-maps): ${footprint.bundles.length}, ` +
        `${over.length === 0 ? `all ≤ ${maxBundleBytes / 1e6} MB` : `OVER ${maxBundleBytes / 1e6} MB: ${over.map((b) => b.name).join(', ')}`}`,
    );
    for (const b of footprint.bundles.slice(0, 8))
      lines.push(
        `  ${b.name.padEnd(24)} ${(b.bytes / 1024).toFixed(0).padStart(5)} KiB  ${String(b.coldImportMs).padStart(5)} ms (CPU ${b.coldImportCpuMs} ms)`,
      );
  }
  if (footprint.start) {
    const s = footprint.start;
    lines.push(
      `Local runtime: first start ${s.firstStartSeconds} s, restart ${s.restartSeconds} s, RSS of its process tree ${s.rssAfterRestartMb} MB ` +
        `(${Object.entries(s.byProcess)
          .map(([name, mb]) => `${name} ${mb}`)
          .join(', ')})`,
    );
  }
  return lines.join('\n');
}

export async function measureFootprint(parts: { bundles: boolean; start: boolean }): Promise<Footprint> {
  return {
    ...(parts.bundles ? { bundles: await measureBundles() } : {}),
    ...(parts.start ? { start: await measureStart() } : {}),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const all = !args.includes('--bundles') && !args.includes('--start');
  const footprint = await measureFootprint({
    bundles: all || args.includes('--bundles'),
    start: all || args.includes('--start'),
  });
  console.log(footprintText(footprint));
  if (args.includes('--json')) console.log(JSON.stringify(footprint, null, 2));
}
