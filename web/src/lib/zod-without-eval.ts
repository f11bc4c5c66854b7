import * as z from 'zod';

/**
 * zod 4 compiles object schemas with `new Function` when it can, first probing for it. The
 * Content-Security-Policy (no 'unsafe-eval' in script-src) refuses that probe and the browser
 * reports a violation each time; the interpreted path zod then falls back to is the one that
 * runs anyway, so it is chosen up front.
 */
z.config({ jitless: true });
