/**
 * `npm start`: the whole product on this machine, no AWS account needed. Builds what is
 * missing, starts the local runtime on PORT (default 8080) with its data in DATA_DIR (default
 * .data/), prints the URL (and, on the first start, the super user's credentials), and stops
 * cleanly on Ctrl-C.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildWeb, ensureFunctionBundles, webBuildExists } from './build-steps.ts';
import { javaIsUsable, javaMissingMessage } from './java.ts';
import { defaultDataDir } from './paths.ts';
import { startRuntime } from './runtime.ts';

// The Lambdas run on Node 22 in AWS; the SDK's notice about this machine's Node 20 is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

async function main(): Promise<void> {
  if (!(await javaIsUsable())) {
    console.error(javaMissingMessage);
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a port number, not ${process.env.PORT}`);
    process.exit(1);
  }

  await ensureFunctionBundles({ quiet: false, log: (line) => console.log(line) });
  if (!webBuildExists()) {
    console.log('Building the web app (first run)…');
    await buildWeb();
  }

  console.log('Starting DynamoDB Local, S3 and the gateway…');
  const runtime = await startRuntime({
    port,
    dataDir: process.env.DATA_DIR || defaultDataDir,
    build: false,
    // Each function's thread starts on its first call, as a Lambda's sandbox does, rather than all
    // 49 at start: a start then waits for DynamoDB Local only, and the memory is that of the
    // functions in use. ATENDE_WARM_UP=true imports them all before answering, as before.
    warmUp: process.env.ATENDE_WARM_UP === 'true',
  });
  console.log(`\n  atende is running at ${runtime.url}\n`);
  if (!runtime.firstStart && existsSync(join(runtime.dataDir, 'first-start.txt'))) {
    // Shown once, when created; later starts only say where it was kept.
    console.log(`  The first-start credentials are in ${join(runtime.dataDir, 'first-start.txt')}.\n`);
  }
  console.log('Press Ctrl-C to stop.');

  let stoppingSince: number | undefined;
  const stop = (signal: NodeJS.Signals) => {
    if (stoppingSince !== undefined) {
      // tsx relays the terminal's Ctrl-C to this process, which also gets it directly: only a
      // second, later press means "do not wait".
      if (Date.now() - stoppingSince < 1000) return;
      console.log(`\n${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stoppingSince = Date.now();
    console.log('\nStopping…');
    runtime.stop().then(
      () => {
        console.log(`Stopped; data kept in ${runtime.dataDir}`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error('Stopping failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
