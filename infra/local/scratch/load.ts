import { startRuntime } from '../src/runtime.ts';
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
const rt = await startRuntime({ port: 0, dataDir: mkdtempSync('/tmp/atende-load-'), quiet: true });
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const get = (path: string) =>
  new Promise<number>((resolve, reject) => {
    const s = performance.now();
    request(`http://127.0.0.1:${rt.port}${path}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - s));
    })
      .on('error', reject)
      .end();
  });
for (const path of ['/api/version', '/']) {
  for (let i = 0; i < 300; i++) await get(path);
  const rate = 360,
    seconds = 5;
  const lat: number[] = [];
  const ps: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    ps.push(
      get(path).then((ms) => {
        lat.push(ms);
      }),
    );
  }
  await Promise.all(ps);
  lat.sort((a, b) => a - b);
  console.log(
    path,
    'n',
    lat.length,
    'p50',
    lat[Math.floor(lat.length * 0.5)]!.toFixed(2),
    'p99',
    lat[Math.floor(lat.length * 0.99)]!.toFixed(2),
    'max',
    lat.at(-1)!.toFixed(2),
  );
}
await rt.stop();
