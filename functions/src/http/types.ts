import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type { Principal } from '#auth/principal';

/** What a route handler receives: validated input and, for protected routes, the caller. */
export interface ApiRequest<Params, Query, Body, Caller extends Principal | undefined = Principal> {
  params: Params;
  query: Query;
  body: Body;
  principal: Caller;
  headers: Record<string, string | undefined>;
  cookies: Record<string, string>;
  sourceIp: string;
  event: APIGatewayProxyEvent;
  context: Context;
}

export interface CookieToSet {
  name: string;
  value: string;
  maxAgeSeconds: number;
  path?: string;
}

/**
 * A route returns a plain value (answered as 200 JSON) or an HttpAnswer when it needs another
 * status, headers, cookies or a non-JSON body.
 */
export class HttpAnswer {
  constructor(
    readonly status: number,
    readonly body?: unknown,
    readonly options: {
      headers?: Record<string, string>;
      cookies?: CookieToSet[];
      /** A body that is not JSON (CSV, or binary as base64). */
      raw?: { content: string; contentType: string; base64?: boolean };
    } = {},
  ) {}
}
