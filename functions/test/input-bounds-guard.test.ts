/**
 * The guard that keeps every route's input bounded (docs/security.md, "Inputs, third round"):
 * every string a route reads from its path, query or body has a maximum length and every array a
 * maximum count, so no route stores or reads an input without limit. A new route or field without
 * a bound fails here, named.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { defaultMaxBodyBytes } from '#http/rest-module';
import { routeSchemasOf } from '#http/route-list';
import { restModules } from '../src/manifest.ts';
import { maxJsonBytes, unboundedPaths } from './support/schema-bounds.ts';

const functionsRoot = resolve(import.meta.dirname, '..');

/** Bodies whose long texts are base64 (one byte a character), counted as such. */
const asciiBodies = new Set(['POST /sandbox/{id}/inbound']);

describe('input bounds guard', () => {
  it('finds an unbounded string, array, record or unknown value, and passes bounded ones', () => {
    const schema = z.object({
      name: z.string().max(100),
      free: z.string(),
      id: z.uuid(),
      mail: z.email(),
      ids: z.array(z.string().max(10)),
      tags: z.array(z.number()).max(5),
      extra: z.record(z.string().max(5), z.string().max(5)),
      level: z.record(z.enum(['a', 'b']), z.number()),
      page: z.preprocess((v) => v, z.string().max(3)),
      raw: z.unknown(),
      nested: z.object({ deep: z.array(z.object({ text: z.string().optional() })).max(2) }).optional(),
    });
    expect(unboundedPaths(schema, 'body')).toEqual([
      'body.free: string without a maximum length',
      'body.mail: string without a maximum length',
      'body.ids: array without a maximum count',
      'body.extra: record with any number of keys',
      'body.raw: unknown value (any size)',
      'body.nested.deep[].text: string without a maximum length',
    ]);
  });

  it('every route bounds every string and array of its params, query and body', async () => {
    const found: string[] = [];
    let routes = 0;
    for (const module of restModules) {
      const loaded = (await import(resolve(functionsRoot, module.entry))) as { handler?: unknown };
      const schemas = routeSchemasOf(loaded.handler);
      if (!schemas) throw new Error(`${module.entry} does not export a handler built by restModule()`);
      for (const [key, { params, query, body }] of schemas) {
        routes += 1;
        for (const [part, schema] of [
          ['params', params],
          ['query', query],
          ['body', body],
        ] as const) {
          if (schema) found.push(...unboundedPaths(schema, part).map((where) => `${key} ${where}`));
        }
      }
    }
    expect(routes).toBeGreaterThan(150);
    expect(found).toEqual([]);
  }, 60_000);

  it('every route’s largest valid JSON body fits within its body cap', async () => {
    const tooBig: string[] = [];
    for (const module of restModules) {
      const loaded = (await import(resolve(functionsRoot, module.entry))) as { handler?: unknown };
      for (const [key, { body, maxBodyBytes }] of routeSchemasOf(loaded.handler) ?? []) {
        if (!body) continue;
        const cap = maxBodyBytes ?? defaultMaxBodyBytes;
        const largest = maxJsonBytes(body, asciiBodies.has(key) ? 1 : 3);
        if (largest > cap) tooBig.push(`${key}: up to ${largest} bytes, cap ${cap}`);
      }
    }
    expect(tooBig).toEqual([]);
  });

  it('measures the largest JSON a schema accepts', () => {
    expect(maxJsonBytes(z.object({ a: z.string().max(10) }))).toBe(2 + 1 + 4 + 32);
    expect(maxJsonBytes(z.array(z.boolean()).max(3))).toBe(2 + 3 * 33);
    expect(maxJsonBytes(z.object({ a: z.string() }))).toBe(Infinity);
  });
});
