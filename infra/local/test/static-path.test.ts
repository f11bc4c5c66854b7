import { describe, expect, it } from 'vitest';
import { cacheControlFor, contentTypeFor, staticTargetFor } from '../src/gateway/static-path.ts';

describe('staticTargetFor', () => {
  it('serves index.html at / and for every extensionless path (client-side routes)', () => {
    expect(staticTargetFor('/')).toEqual({ file: 'index.html', spaFallback: true });
    expect(staticTargetFor('/tickets/12')).toEqual({ file: 'index.html', spaFallback: true });
    expect(staticTargetFor('/settings/')).toEqual({ file: 'index.html', spaFallback: true });
  });

  it('serves files by their path', () => {
    expect(staticTargetFor('/assets/index-abc.js')).toEqual({
      file: 'assets/index-abc.js',
      spaFallback: false,
    });
    expect(staticTargetFor('/favicon.svg')).toEqual({ file: 'favicon.svg', spaFallback: false });
    expect(staticTargetFor('/assets/a%20b.css')).toEqual({ file: 'assets/a b.css', spaFallback: false });
  });

  it('refuses paths that could leave the build directory', () => {
    expect(staticTargetFor('/../package.json')).toBeUndefined();
    expect(staticTargetFor('/assets/%2e%2e/%2e%2e/secret.txt')).toBeUndefined();
    expect(staticTargetFor('/a%00.js')).toBeUndefined();
    expect(staticTargetFor('/%E0%A4%A')).toBeUndefined();
    expect(staticTargetFor('/..%5c..%5csecret.txt')).toBeUndefined();
  });
});

describe('static headers', () => {
  it('caches hashed assets for a year and revalidates the rest', () => {
    expect(cacheControlFor('assets/index-abc.js')).toContain('immutable');
    expect(cacheControlFor('index.html')).toBe('no-cache');
  });

  it('knows the usual content types', () => {
    expect(contentTypeFor('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('assets/x.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('x.unknown')).toBe('application/octet-stream');
  });
});
