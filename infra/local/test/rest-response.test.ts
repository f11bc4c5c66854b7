import { describe, expect, it } from 'vitest';
import { replyFromProxyResult } from '../src/gateway/rest-response.ts';

function headerValues(headers: string[], name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i < headers.length; i += 2)
    if (headers[i]!.toLowerCase() === name) values.push(headers[i + 1]!);
  return values;
}

describe('replyFromProxyResult', () => {
  it('merges headers and multiValueHeaders, multiValueHeaders winning, so every Set-Cookie survives', () => {
    const reply = replyFromProxyResult(
      {
        statusCode: 201,
        headers: { 'Content-Type': 'text/plain', 'Set-Cookie': 'ignored=1', 'X-One': 1 },
        multiValueHeaders: { 'Set-Cookie': ['a=1; HttpOnly', 'b=2'] },
        body: 'created',
      },
      'req',
    )!;
    expect(reply.statusCode).toBe(201);
    expect(headerValues(reply.headers, 'set-cookie')).toEqual(['a=1; HttpOnly', 'b=2']);
    expect(headerValues(reply.headers, 'x-one')).toEqual(['1']);
    expect(headerValues(reply.headers, 'content-type')).toEqual(['text/plain']);
    expect(headerValues(reply.headers, 'x-amzn-requestid')).toEqual(['req']);
    expect(reply.body.toString()).toBe('created');
  });

  it('defaults the content type to JSON and drops headers API Gateway computes', () => {
    const reply = replyFromProxyResult(
      { statusCode: 200, headers: { 'Content-Length': '999' }, body: '{}' },
      'req',
    )!;
    expect(headerValues(reply.headers, 'content-type')).toEqual(['application/json']);
    expect(headerValues(reply.headers, 'content-length')).toEqual([]);
  });

  it('decodes base64 bodies', () => {
    const reply = replyFromProxyResult(
      { statusCode: 200, body: Buffer.from([1, 2, 3]).toString('base64'), isBase64Encoded: true },
      'r',
    )!;
    expect([...reply.body]).toEqual([1, 2, 3]);
  });

  it('allows an empty body', () => {
    expect(replyFromProxyResult({ statusCode: 204 }, 'r')!.body.length).toBe(0);
  });

  it('rejects what API Gateway rejects as a malformed proxy response', () => {
    expect(replyFromProxyResult(undefined, 'r')).toBeUndefined();
    expect(replyFromProxyResult({ body: 'no status' }, 'r')).toBeUndefined();
    expect(replyFromProxyResult({ statusCode: 200, body: { an: 'object' } }, 'r')).toBeUndefined();
    expect(replyFromProxyResult({ statusCode: 200, headers: ['x'] }, 'r')).toBeUndefined();
  });
});
