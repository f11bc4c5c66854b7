import { startRuntime } from '../src/runtime.ts';
import { createRecorder, fixtureLoader, fixtureManifest } from '../test/fixtures/fixture-functions.ts';
import { mkdtempSync } from 'node:fs';
const rt = await startRuntime({
  port: 0,
  dataDir: mkdtempSync('/tmp/atende-orphan-'),
  quiet: true,
  manifest: fixtureManifest,
  loadHandler: fixtureLoader(createRecorder()),
});
console.log('READY', process.pid, rt.env.DYNAMODB_ENDPOINT);
setInterval(() => {}, 1000);
