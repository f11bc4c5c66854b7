import { startRuntime } from '../src/runtime.ts';
import { mkdtempSync, readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
const rt = await startRuntime({ port: 0, dataDir: mkdtempSync('/tmp/atende-idle-'), quiet: true });
await new Promise((r) => setTimeout(r, 3000));
const port = rt.env.DYNAMODB_ENDPOINT!.split(':').at(-1);
const javaPid = execSync(`ps -eo pid,cmd | grep "[-]port ${port}" | grep "^ *[0-9]* java" | awk '{print $1}'`)
  .toString()
  .trim();
const cpu = (pid: string | number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
const j0 = cpu(javaPid),
  n0 = process.cpuUsage();
await new Promise((r) => setTimeout(r, 5000));
const j1 = cpu(javaPid),
  n1 = process.cpuUsage(n0);
console.log(
  'idle CPU over 5 s: java',
  (((j1 - j0) / 5) * 100).toFixed(1),
  '% node',
  (((n1.user + n1.system) / 1e6 / 5) * 100).toFixed(1),
  '%',
);
await rt.stop();
