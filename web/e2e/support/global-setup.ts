/** Builds the SPA once, before any browser test worker starts, when web/dist is missing or stale. */
import { ensureWebBuild } from './ensure-web-build.ts';

export default function setup(): void {
  ensureWebBuild();
}
