import { bundlesOutOfDate } from '../src/build-steps.ts';
const t = performance.now();
console.log(await bundlesOutOfDate(), (performance.now() - t).toFixed(1), 'ms');
