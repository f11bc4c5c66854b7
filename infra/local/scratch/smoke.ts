import { startRuntime } from '../src/runtime.ts';
import { createRecorder, fixtureLoader, fixtureManifest } from '../test/fixtures/fixture-functions.ts';
import { mkdtempSync } from 'node:fs';
const dataDir = mkdtempSync('/tmp/atende-smoke-');
const recorder = createRecorder();
const t0 = Date.now();
const rt = await startRuntime({
  port: 0,
  dataDir,
  quiet: true,
  manifest: fixtureManifest,
  loadHandler: fixtureLoader(recorder),
});
console.log('started in', Date.now() - t0, rt.url);
const r = await fetch(`${rt.url}/api/echo/a%20b/c?x=1&x=2&y=%20z`, {
  method: 'POST',
  body: 'hi',
  headers: { 'content-type': 'text/plain' },
});
console.log(r.status, [...r.headers], await r.text());
console.log(JSON.stringify(recorder.restEvents[0], null, 1));
const t1 = Date.now();
await rt.stop();
console.log('stopped in', Date.now() - t1);
