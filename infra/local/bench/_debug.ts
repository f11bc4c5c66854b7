import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { restoreSeed } from './seed-cache.ts';
import { startRuntimeProcess } from './runtime-process.ts';
import { signIn, superUser } from './setup.ts';
import { readdirSync } from 'node:fs';

const entry = readdirSync('.bench/seed').find((e) => e.startsWith('1000-'))!;
const key = entry.split('-')[1]!;
const dataDir = await mkdtemp('/dev/shm/atende-debug-');
const seed = (await restoreSeed(1000, key, dataDir))!;
const rt = await startRuntimeProcess({ dataDir, env: { ADMIN_EMAIL: superUser.email, ADMIN_PASSWORD: superUser.password }, logFile: '.bench/debug.log' });
console.log('url', rt.url);
const agent = await signIn(rt.url, seed.setup.agents[0]!);
const admin = await signIn(rt.url, seed.setup.admin);
const paths = process.argv.slice(2);
for (const path of paths) {
  for (let i = 0; i < 3; i++) {
    const before = await rt.dynamoCalls();
    const t = performance.now();
    const a = await (path.startsWith('A') ? admin : agent).get<any>(path.replace(/^A/, ''));
    const ms = (performance.now() - t).toFixed(1);
    const after = await rt.dynamoCalls();
    const d: Record<string, number> = {};
    for (const [k, v] of Object.entries(after)) if (v - (before[k] ?? 0) > 0) d[k] = v - (before[k] ?? 0);
    console.log(path, a.status, ms, 'ms', JSON.stringify(d), JSON.stringify(a.body).length, 'bytes');
  }
}
if (process.env.HOLD) await new Promise((r) => setTimeout(r, Number(process.env.HOLD)));
await rt.stop();
await rm(dataDir, { recursive: true, force: true });
