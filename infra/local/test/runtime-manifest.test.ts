import { describe, expect, it } from 'vitest';
import { moduleForPath } from '../../../functions/src/manifest.ts';
import { apiPrefixOf } from '../src/gateway/rest-event.ts';
import { productManifest, restModulesByPrefix } from '../src/runtime-manifest.ts';

describe('the gateway routes REST paths like the manifest', () => {
  it('picks the same module as moduleForPath for every prefix', () => {
    const byPrefix = restModulesByPrefix(productManifest.restModules);
    const paths = productManifest.restModules.flatMap((m) =>
      m.prefixes.flatMap((p) => [`/api/${p}`, `/api/${p}/x/y`]),
    );
    for (const path of [...paths, '/api/nothing-here/x']) {
      const prefix = apiPrefixOf(path);
      expect(prefix === undefined ? undefined : byPrefix.get(prefix)).toBe(moduleForPath(path));
    }
  });
});
