import { describe, expect, it } from 'vitest';
import { moduleForPath } from '../../../functions/src/manifest.ts';
import { streamConsumerFilterPatterns } from '../../../functions/src/live/stream-filter.ts';
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

describe('the product runtime filters its stream as the stack does', () => {
  it('gives the stream reader the patterns every stream mapping carries', () => {
    expect(productManifest.streamFilterPatterns).toEqual(streamConsumerFilterPatterns());
    expect(productManifest.streamFilterPatterns?.length).toBeGreaterThan(0);
  });
});
