import { describe, expect, it } from 'vitest';
import {
  apiPrefixOf,
  buildRestProxyEvent,
  isBinaryMediaType,
  type RestRequest,
} from '../src/gateway/rest-event.ts';
import { headerMaps, queryMaps } from '../src/gateway/api-gateway-format.ts';

const settings = {
  stage: 'local',
  apiId: 'local',
  accountId: '000000000000',
  binaryMediaTypes: ['multipart/form-data'],
};

function request(overrides: Partial<RestRequest> = {}): RestRequest {
  return {
    method: 'GET',
    url: '/api/tickets',
    rawHeaders: ['Host', 'localhost:8080', 'Cookie', 'a=1', 'X-Multi', 'one', 'X-Multi', 'two'],
    body: undefined,
    contentType: undefined,
    sourceIp: '127.0.0.1',
    userAgent: 'vitest',
    host: 'localhost:8080',
    requestId: 'req-1',
    receivedAtMs: Date.UTC(2025, 3, 9, 12, 34, 56),
    ...overrides,
  };
}

describe('the REST proxy event', () => {
  it('uses the prefix resource for the module root, with no path parameters or query', () => {
    const event = buildRestProxyEvent(request(), settings);
    expect(event.resource).toBe('/api/tickets');
    expect(event.path).toBe('/api/tickets');
    expect(event.pathParameters).toBeNull();
    expect(event.queryStringParameters).toBeNull();
    expect(event.multiValueQueryStringParameters).toBeNull();
    expect(event.body).toBeNull();
    expect(event.isBase64Encoded).toBe(false);
    expect(event.requestContext).toMatchObject({
      resourcePath: '/api/tickets',
      path: '/local/api/tickets',
      stage: 'local',
      httpMethod: 'GET',
      requestId: 'req-1',
      requestTimeEpoch: Date.UTC(2025, 3, 9, 12, 34, 56),
      requestTime: '09/Apr/2025:12:34:56 +0000',
      identity: { sourceIp: '127.0.0.1', userAgent: 'vitest' },
    });
  });

  it('uses the {proxy+} resource below the prefix, keeping the path encoded and decoding the parameter', () => {
    const event = buildRestProxyEvent(
      request({ url: '/api/tickets/12/notes%20x?a=1&a=2&b=%C3%A9&flag' }),
      settings,
    );
    expect(event.resource).toBe('/api/tickets/{proxy+}');
    expect(event.requestContext.resourcePath).toBe('/api/tickets/{proxy+}');
    expect(event.path).toBe('/api/tickets/12/notes%20x');
    expect(event.pathParameters).toEqual({ proxy: '12/notes x' });
    expect(event.queryStringParameters).toEqual({ a: '2', b: 'é', flag: '' });
    expect(event.multiValueQueryStringParameters).toEqual({ a: ['1', '2'], b: ['é'], flag: [''] });
  });

  it('keeps the last value of a repeated header in headers and all of them in multiValueHeaders', () => {
    const event = buildRestProxyEvent(request(), settings);
    expect(event.headers['X-Multi']).toBe('two');
    expect(event.multiValueHeaders['X-Multi']).toEqual(['one', 'two']);
    expect(event.headers.Cookie).toBe('a=1');
  });

  it('passes text bodies as strings and binary media types base64-encoded', () => {
    const json = buildRestProxyEvent(
      request({ method: 'POST', body: Buffer.from('{"a":"é"}'), contentType: 'application/json' }),
      settings,
    );
    expect(json.body).toBe('{"a":"é"}');
    expect(json.isBase64Encoded).toBe(false);

    const bytes = Buffer.from([0, 255, 1, 2]);
    const multipart = buildRestProxyEvent(
      request({ method: 'POST', body: bytes, contentType: 'multipart/form-data; boundary=xyz' }),
      settings,
    );
    expect(multipart.isBase64Encoded).toBe(true);
    expect(Buffer.from(multipart.body!, 'base64')).toEqual(bytes);
  });
});

describe('apiPrefixOf', () => {
  it('is the first segment after /api', () => {
    expect(apiPrefixOf('/api/version')).toBe('version');
    expect(apiPrefixOf('/api/tickets/1/x')).toBe('tickets');
    expect(apiPrefixOf('/api/')).toBeUndefined();
    expect(apiPrefixOf('/apix/version')).toBeUndefined();
  });
});

describe('isBinaryMediaType', () => {
  it('matches exact types, wildcards and ignores parameters', () => {
    expect(isBinaryMediaType('multipart/form-data; boundary=1', ['multipart/form-data'])).toBe(true);
    expect(isBinaryMediaType('image/png', ['image/*'])).toBe(true);
    expect(isBinaryMediaType('application/json', ['multipart/form-data', 'image/*'])).toBe(false);
    expect(isBinaryMediaType(undefined, ['*/*'])).toBe(false);
  });
});

describe('query and header names that are also Object.prototype names', () => {
  it('are parameters like any other, not a gateway error (the route fuzz sent ?constructor=…)', () => {
    const { queryStringParameters, multiValueQueryStringParameters } = queryMaps('constructor=1&toString=2&__proto__=3&constructor=4');
    expect(queryStringParameters).toEqual({ constructor: '4', toString: '2', ['__proto__']: '3' });
    expect(Object.hasOwn(queryStringParameters!, '__proto__')).toBe(true);
    expect(multiValueQueryStringParameters!.constructor).toEqual(['1', '4']);
    expect(multiValueQueryStringParameters!.toString).toEqual(['2']);
    const { headers, multiValueHeaders } = headerMaps(['constructor', 'a', 'hasOwnProperty', 'b', 'constructor', 'c']);
    expect(headers).toEqual({ constructor: 'c', hasOwnProperty: 'b' });
    expect(multiValueHeaders.constructor).toEqual(['a', 'c']);
  });
});
