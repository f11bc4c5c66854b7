import { startRuntime } from '../src/runtime.ts';
import { createRecorder, fixtureLoader, fixtureManifest } from '../test/fixtures/fixture-functions.ts';
import { mkdtempSync } from 'node:fs';
const dataDir = mkdtempSync('/tmp/atende-smoke-');
for (let i = 0; i < 3; i++) {
  const t0 = Date.now();
  const rt = await startRuntime({
    port: 0,
    dataDir,
    quiet: false,
    manifest: fixtureManifest,
    loadHandler: fixtureLoader(createRecorder()),
  });
  console.log('started in', Date.now() - t0);
  const t1 = Date.now();
  await rt.stop();
  console.log('stopped in', Date.now() - t1);
}
