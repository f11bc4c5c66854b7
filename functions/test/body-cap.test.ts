/**
 * Every route's body has a size cap (docs/security.md, "Inputs, third round"): bigger bodies
 * answer 413 ERR_PAYLOAD_TOO_LARGE before anything parses them; a route may declare more, and
 * multipart uploads keep the multipart parser's file cap.
 */
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { defaultMaxBodyBytes, restModule } from '../src/http/rest-module.ts';
import { route } from '../src/http/route.ts';
import { apiEvent, lambdaContext } from './api-event.ts';

const saved = vi.fn(async (body: unknown) => ({ saved: body }));
const handler = restModule([
  route({
    method: 'POST',
    path: '/notes',
    access: 'public',
    body: z.object({ text: z.string().max(1_000_000) }),
    handler: async ({ body }) => saved(body),
  }),
  route({
    method: 'POST',
    path: '/notes/big',
    access: 'public',
    maxBodyBytes: 1024 * 1024,
    body: z.object({ text: z.string().max(1_000_000) }),
    handler: async ({ body }) => saved(body),
  }),
]);
const call = (path: string, body: string, headers: Record<string, string> = {}) =>
  handler(apiEvent('POST', path, { body, headers }), lambdaContext);
const jsonOf = (bytes: number) => JSON.stringify({ text: 'x'.repeat(bytes - '{"text":""}'.length) });

describe('request body cap', () => {
  it('answers 413 ERR_PAYLOAD_TOO_LARGE above 256 KiB, before parsing, without calling the handler', async () => {
    saved.mockClear();
    const tooBig = await call('/notes', jsonOf(defaultMaxBodyBytes + 1));
    expect(tooBig.statusCode).toBe(413);
    expect(JSON.parse(tooBig.body)).toEqual({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    // Not even parsed: a malformed body of that size gets the same answer, not ERR_VALIDATION.
    const malformed = await call('/notes', `{${'x'.repeat(defaultMaxBodyBytes)}`);
    expect(malformed.statusCode).toBe(413);
    // Counted in UTF-8 bytes, not characters: 100,000 three-byte characters are 300 KB.
    const wide = await call('/notes', JSON.stringify({ text: '€'.repeat(100_000) }));
    expect(wide.statusCode).toBe(413);
    expect(saved).not.toHaveBeenCalled();
  });

  it('takes a body at the cap, and a route that declares more takes more', async () => {
    saved.mockClear();
    expect((await call('/notes', jsonOf(defaultMaxBodyBytes))).statusCode).toBe(200);
    expect((await call('/notes/big', jsonOf(700 * 1024))).statusCode).toBe(200);
    expect((await call('/notes/big', jsonOf(1024 * 1024 + 1))).statusCode).toBe(413);
    expect(saved).toHaveBeenCalledTimes(2);
  });

  it('answers 413 on a path no route serves too (the router’s 404 comes after)', async () => {
    const answer = await call('/nowhere', jsonOf(defaultMaxBodyBytes + 1));
    expect(answer.statusCode).toBe(413);
  });
});
