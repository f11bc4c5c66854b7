/**
 * Where a runtime's CPU went, from a profile written by `npm run bench -- --profile`: self time
 * by function (the bundles are single files, so functions are named, not files), the top ones.
 * `npx tsx infra/local/bench/profile.ts .bench/profiles/<file>.cpuprofile [count]`
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Self milliseconds per function (name, file and line), largest first. */
export function selfTimes(profile: CpuProfile): { name: string; ms: number; share: number }[] {
  const msPerNode = new Map<number, number>();
  profile.samples.forEach((nodeId, index) => {
    msPerNode.set(nodeId, (msPerNode.get(nodeId) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = msPerNode.get(node.id);
    if (!ms) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.includes('/functions/dist/') ? url.split('/functions/dist/')[1]!.split('?')[0] : basename(url.split('?')[0]!)}:${lineNumber + 1}` : '';
    const name = `${functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const total = [...byFunction.values()].reduce((sum, ms) => sum + ms, 0);
  return [...byFunction]
    .map(([name, ms]) => ({ name, ms, share: ms / total }))
    .sort((a, b) => b.ms - a.ms);
}

if (process.argv[1]?.endsWith('profile.ts')) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npx tsx infra/local/bench/profile.ts <file.cpuprofile> [count]');
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const count = Number(process.argv[3] ?? 30);
  console.log(`${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s profiled; self time by function:`);
  for (const entry of selfTimes(profile).slice(0, count)) {
    console.log(`${(entry.share * 100).toFixed(1).padStart(5)} %  ${Math.round(entry.ms).toString().padStart(7)} ms  ${entry.name}`);
  }
}
