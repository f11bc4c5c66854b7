/**
 * What every REST call costs before its handler (issue #26): the access token's key is imported
 * once per container, a token is verified once per container while it lasts, and the multipart
 * parser runs only for a form sent to an upload route.
 */
import { webcrypto } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { signAccessToken, verifyAccessToken } from '../src/auth/access-token.ts';
import { restModule } from '../src/http/rest-module.ts';
import { route } from '../src/http/route.ts';
import { apiEvent, lambdaContext } from './api-event.ts';

afterEach(() => vi.restoreAllMocks());

describe('the access token key', () => {
  it('is imported once per container, not on every verification', async () => {
    const principal = { userId: 7, companyId: 3, profile: 'user' as const, isSuper: false, sessionId: 's1' };
    const token = await signAccessToken(principal);
    await verifyAccessToken(token);
    const importKey = vi.spyOn(webcrypto.subtle, 'importKey');
    for (let i = 0; i < 3; i += 1) expect((await verifyAccessToken(token)).userId).toBe(7);
    expect(importKey).not.toHaveBeenCalled();
  });
});

describe('a verified access token', () => {
  const principal = { userId: 8, companyId: 3, profile: 'admin' as const, isSuper: false, sessionId: 's2' };

  it('is verified once per container while it lasts: no HMAC on its later requests', async () => {
    const token = await signAccessToken(principal);
    const verify = vi.spyOn(webcrypto.subtle, 'verify');
    for (let i = 0; i < 3; i += 1) expect(await verifyAccessToken(token)).toEqual(principal);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('is refused from its expiry on, as a token never seen; a changed byte is never taken from memory', async () => {
    const issued = new Date('2026-12-05T10:00:00Z');
    const token = await signAccessToken(principal, issued);
    const expiry = issued.getTime() + 15 * 60 * 1000;
    expect((await verifyAccessToken(token, expiry - 1000)).userId).toBe(8);
    await expect(verifyAccessToken(token, expiry)).rejects.toMatchObject({ code: 'ERR_SESSION_EXPIRED' });
    const [head, body, signature] = token.split('.');
    const forged = `${head}.${body}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BA' : 'AA'}`;
    await expect(verifyAccessToken(forged, expiry - 1000)).rejects.toMatchObject({ code: 'ERR_SESSION_EXPIRED' });
  });

  it('hands each caller a principal of its own', async () => {
    const token = await signAccessToken(principal);
    const first = await verifyAccessToken(token);
    first.companyId = 99;
    expect((await verifyAccessToken(token)).companyId).toBe(3);
  });
});

describe('the multipart parser', () => {
  const file = z.object({ filename: z.string(), mimetype: z.string(), content: z.instanceof(Buffer) });
  const handler = restModule([
    route({
      method: 'POST',
      path: '/uploads',
      access: 'public',
      multipart: true,
      body: z.object({ file }),
      handler: async ({ body }) => ({ name: body.file.filename, bytes: body.file.content.length }),
    }),
    route({
      method: 'POST',
      path: '/notes',
      access: 'public',
      body: z.object({ text: z.string() }),
      handler: async ({ body }) => ({ text: body.text }),
    }),
  ]);
  const boundary = 'XyZboundary123';
  const form = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="a.txt"',
    'Content-Type: text/plain',
    '',
    'hello',
    `--${boundary}`,
    'Content-Disposition: form-data; name="text"',
    '',
    'hi',
    `--${boundary}--`,
    '',
  ].join('\r\n');
  const post = (path: string) =>
    handler(
      apiEvent('POST', path, {
        body: form,
        headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      }),
      lambdaContext,
    );

  it('parses a form sent to an upload route', async () => {
    const answer = await post('/uploads');
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ name: 'a.txt', bytes: 5 });
  });

  it('leaves a form sent to a JSON route unparsed: the body schema refuses it', async () => {
    const answer = await post('/notes');
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.body).error).toBe('ERR_VALIDATION');
  });
});
