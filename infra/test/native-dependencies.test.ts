import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundlesMissingNativeBinaries } from '../lib/native-dependencies.ts';

function bundle(distDir: string, name: string, code: string, nodeModules: string[] = []): void {
  mkdirSync(join(distDir, name), { recursive: true });
  writeFileSync(join(distDir, name, 'index.mjs'), code);
  for (const folder of nodeModules)
    mkdirSync(join(distDir, name, 'node_modules', folder), { recursive: true });
}

describe('the native addon check of bin/app.ts', () => {
  it('names the bundles that import argon2 without its Linux ARM64 build', () => {
    const distDir = mkdtempSync(join(tmpdir(), 'atende-dist-'));
    const imports = 'import{hash as a}from"@node-rs/argon2";export const handler=a;';
    bundle(distDir, 'auth', imports);
    bundle(distDir, 'users', imports, ['@node-rs/argon2']);
    bundle(distDir, 'companies', imports, ['@node-rs/argon2', '@node-rs/argon2-linux-arm64-gnu']);
    bundle(distDir, 'version', 'export const handler=()=>"6.0.0";');
    writeFileSync(join(distDir, 'sizes.json'), '{}');
    expect(bundlesMissingNativeBinaries(distDir).sort()).toEqual([
      'auth (@node-rs/argon2)',
      'users (@node-rs/argon2)',
    ]);
  });

  it('finds nothing to report without bundles', () => {
    expect(bundlesMissingNativeBinaries(join(tmpdir(), 'atende-no-such-dist'))).toEqual([]);
  });
});
