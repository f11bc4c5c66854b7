/**
 * Outbound calls to company URLs (functions/src/http-out/safe-fetch.ts) may reach loopback over
 * plain http only when OUTBOUND_ALLOW_LOOPBACK=true and APP_STAGE=local, which only the local
 * runtime sets. No deployed stage may carry either, sandbox or not.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFunctions } from '../../functions/build.ts';
import { ownFunctions, synthesize, type Synthesized } from './synthesize.ts';

let stages: Synthesized[];

beforeAll(async () => {
  await buildFunctions({ ifMissing: true, quiet: true });
  stages = [synthesize(), synthesize({ sandbox: true })];
});

describe('the outbound URL policy in AWS', () => {
  it('never lets a function reach loopback: no OUTBOUND_ALLOW_LOOPBACK and no local stage anywhere', () => {
    for (const { template } of stages) {
      expect(JSON.stringify(template.toJSON())).not.toContain('OUTBOUND_ALLOW_LOOPBACK');
      const functions = Object.values(ownFunctions(template));
      expect(functions.length).toBeGreaterThan(0);
      for (const fn of functions) {
        expect(fn.Properties.Environment?.Variables.OUTBOUND_ALLOW_LOOPBACK).toBeUndefined();
        expect(fn.Properties.Environment?.Variables.APP_STAGE).not.toBe('local');
      }
    }
  });
});
