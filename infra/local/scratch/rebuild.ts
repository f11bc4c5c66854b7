import { ensureFunctionBundles, bundlesOutOfDate } from '../src/build-steps.ts';
console.log('before', await bundlesOutOfDate());
const t = Date.now();
const results = await Promise.all([
  ensureFunctionBundles({ quiet: true, log: console.log }),
  ensureFunctionBundles({ quiet: true, log: console.log }),
]);
console.log(results, Date.now() - t, 'ms', 'after', await bundlesOutOfDate());
