import { fileURLToPath } from 'node:url';
import * as vite from 'vite';
import react from '@vitejs/plugin-react';
import { firstLoadBudget } from './first-load-budget.ts';

/** Builds and serves web/ whichever directory vite is started from. */
const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** The local runtime (infra/local) answers the API and the WebSocket on this port. */
const localRuntime = 'http://localhost:8080';

/** `npm run dev` (and `vite preview`) talk to the local runtime as if on one origin, like CloudFront. */
const localRuntimeProxy = {
  '/api': { target: localRuntime, changeOrigin: true },
  '/ws': { target: localRuntime.replace('http', 'ws'), ws: true },
};

/**
 * The libraries every page needs go into a few long-lived chunks, so an app deploy does not
 * invalidate them and the browser fetches them in parallel with the entry chunk. Any other
 * library is left to Rollup on purpose: a catch-all vendor chunk would pull a library that only
 * one lazy screen uses (a calendar, a chart) into the initial load.
 */
function vendorChunkOf(id: string): string | undefined {
  if (!id.includes('/node_modules/')) return undefined;
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  if (/\/node_modules\/(react-router|react-router-dom|cookie|set-cookie-parser)\//.test(id)) return 'router';
  if (id.includes('/node_modules/@tanstack/')) return 'query';
  // Amplify UI and what its primitives use; the rest of Amplify (auth, storage) stays out.
  if (
    /\/node_modules\/(@aws-amplify\/ui|@aws-amplify\/ui-react|@radix-ui\/[^/]+|@floating-ui\/[^/]+|lodash|tslib)\//.test(
      id,
    )
  ) {
    return 'amplify-ui';
  }
  return undefined;
}

export default vite.defineConfig({
  root: webRoot,
  plugins: [react(), firstLoadBudget()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: { manualChunks: vendorChunkOf },
    },
  },
  server: { proxy: localRuntimeProxy },
  preview: { proxy: localRuntimeProxy },
});
