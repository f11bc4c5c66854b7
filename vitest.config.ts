import { defineConfig } from 'vitest/config';
import SlowestFirstSequencer from './infra/local/test-support/slowest-first-sequencer.ts';

/** The Lambdas run on Node 22 in AWS; the SDK's notice about Node 20 concerns only this machine. */
const env = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
/**
 * Suites that start the local runtime send far more requests from 127.0.0.1 than any office
 * would: its per-address and per-company budgets (infra/local/src/gateway/rate-limit.ts) are
 * lifted for them; infra/local/test/edge.integration.test.ts sets its own small ones.
 */
const runtimeEnv = {
  ...env,
  ATENDE_RATE_LIMIT_PER_ADDRESS: '0',
  ATENDE_RATE_LIMIT_PER_COMPANY: '0',
  // Runtimes that start often and live minutes: DynamoDB Local's quicker start (infra/local/src/dynamo.ts).
  ATENDE_DYNAMODB_JIT: 'c1',
};

/**
 * Test files that start a runtime of their own (a fixture manifest, a stop and restart on the
 * same data, the data layer imported against it): they cannot share the worker's runtime.
 */
const ownRuntimeFiles = [
  'infra/local/test/*.integration.test.ts',
  'connector/test/*.integration.test.ts',
  'functions/test/integration/live-channel.integration.test.ts',
  'functions/test/integration/schedules-restart.integration.test.ts',
  // Counts the table calls of every thread: no other file's work may run on its runtime.
  'functions/test/integration/reply-cost.integration.test.ts',
];

/** Builds the bundles (and, for browser tests, the SPA) once, before any worker starts. */
const runtimeSetup = ['infra/local/test-support/global-setup.ts'];
/** Prints the shared runtime's queues when a test fails (what its work waited behind). */
const reportOnFailure = 'infra/local/test-support/report-on-failure.ts';

/**
 * One `npm test` runs every kind of test, each kind a project:
 * - unit: pure domain logic and handlers with aws-sdk-client-mock (no processes started);
 * - integration: HTTP and WebSocket against the local runtime, one runtime per test worker shared
 *   by the files it runs (isolate: false; infra/local/test-support/worker-runtime.ts);
 * - integration-own: the integration files that start a runtime of their own, one per file;
 * - infra: CDK template assertions and cdk-nag;
 * - browser: playwright-core driving Debian's Chromium against the local runtime, shared per
 *   worker like the integration project's.
 *
 * Two workers (vitest's default is cores − 1, one here): most of a runtime test's time is
 * waiting on the runtime, so two files side by side use both cores. The slowest files start
 * first and the ten slowest are printed at the end (infra/local/test-support/).
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    sequence: { sequencer: SlowestFirstSequencer },
    reporters: ['default', './infra/local/test-support/slowest-files-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          env,
          include: ['{shared,functions,connector,web,infra/local}/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/*.integration.test.ts', '**/*.browser.test.ts', '**/dist/**'],
          environment: 'node',
          setupFiles: ['functions/test/unit-env.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          env: runtimeEnv,
          include: ['**/*.integration.test.ts'],
          exclude: ['**/node_modules/**', ...ownRuntimeFiles],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          isolate: false,
          globalSetup: runtimeSetup,
          setupFiles: [reportOnFailure],
        },
      },
      {
        test: {
          name: 'integration-own',
          env: runtimeEnv,
          include: ownRuntimeFiles,
          exclude: ['**/node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          globalSetup: runtimeSetup,
        },
      },
      {
        test: {
          name: 'infra',
          env,
          include: ['infra/test/**/*.test.ts'],
          // The files of a worker share the synthesized default stacks (infra/test/synthesize.ts).
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'browser',
          env: runtimeEnv,
          include: ['**/*.browser.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 90_000,
          hookTimeout: 240_000,
          isolate: false,
          globalSetup: [...runtimeSetup, 'web/e2e/support/global-setup.ts'],
          setupFiles: [reportOnFailure],
          // Every check of the page retries (expect.poll) for up to 10 s unless it says otherwise:
          // vitest's default of 1 s is shorter than a busy 2-core machine needs to draw a screen.
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});
