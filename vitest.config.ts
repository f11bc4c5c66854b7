import { defineConfig } from 'vitest/config';

/** The Lambdas run on Node 22 in AWS; the SDK's notice about Node 20 concerns only this machine. */
const env = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
/**
 * Suites that start the local runtime send far more requests from 127.0.0.1 than any office
 * would: its per-address and per-company budgets (infra/local/src/gateway/rate-limit.ts) are
 * lifted for them; infra/local/test/edge.integration.test.ts sets its own small ones.
 */
const runtimeEnv = { ...env, ATENDE_RATE_LIMIT_PER_ADDRESS: '0', ATENDE_RATE_LIMIT_PER_COMPANY: '0' };

/**
 * One `npm test` runs every kind of test, each kind a project:
 * - unit: pure domain logic and handlers with aws-sdk-client-mock (no processes started);
 * - integration: HTTP and WebSocket against the local runtime, started by the tests on free ports;
 * - infra: CDK template assertions and cdk-nag;
 * - browser: playwright-core driving Debian's Chromium against the local runtime.
 */
export default defineConfig({
  test: {
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
          exclude: ['**/node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'infra',
          env,
          include: ['infra/test/**/*.test.ts'],
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
          fileParallelism: false,
          // Every check of the page retries (expect.poll) for up to 10 s unless it says otherwise:
          // vitest's default of 1 s is shorter than a busy 2-core machine needs to draw a screen.
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});
