import { ApiError, errorCodeOf } from './api-error.ts';
import { notifySessionEnded } from './session-events.ts';
import { sessionStore, type SessionStore } from './storage.ts';

export { ApiError } from './api-error.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryScalar = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryScalar | readonly QueryScalar[]>;

export interface ApiRequest {
  method?: HttpMethod;
  /** Path under the API base, e.g. `/tickets/5`. */
  path: string;
  params?: QueryParams;
  /** A plain value is sent as JSON; FormData, Blob and URLSearchParams are sent as they are. */
  body?: unknown;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  session?: SessionStore;
  /** Called after a 401 has cleared the stored session; the app sends the visitor to /login. */
  onUnauthorized?: () => void;
}

export interface ApiClient {
  request<T>(request: ApiRequest): Promise<T>;
  get<T>(path: string, params?: QueryParams, signal?: AbortSignal): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string, params?: QueryParams): Promise<T>;
  /** A file answer (an export): the body as a Blob and the name its Content-Disposition gives. */
  download(path: string, params?: QueryParams): Promise<DownloadedFile>;
  /**
   * After a reload the access token (kept in memory only) is gone: trades the refresh cookie for
   * a new one. True when signed in again; false when there is no session to restore (a 401
   * forgets the stored identity, without the "session ended" signal a running session gets).
   */
  restoreSession(): Promise<boolean>;
}

export interface DownloadedFile {
  blob: Blob;
  /** From the answer's Content-Disposition; undefined when it names none. */
  filename: string | undefined;
}

export const refreshTokenPath = '/auth/refresh_token';

/** How a trade of the refresh cookie ended: a new token, a refused session (401), or no answer to use. */
type TradeOutcome = 'renewed' | 'refused' | 'failed';

/**
 * The main API client (core §7): bearer token from memory plus the refresh cookie.
 * A 403 refreshes the token once and retries once (core §4 Session); a 401 ends the session.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '/api';
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const session = options.session ?? sessionStore;
  const onUnauthorized = options.onUnauthorized ?? (() => undefined);
  /**
   * The one trade of the refresh cookie this tab has in flight, if any. Every caller (a reload's
   * restore, each call that met a 403) shares it: the server rotates the cookie on each trade, so a
   * second trade in parallel would present a cookie the first one has just spent.
   */
  let tradeInFlight: { promise: Promise<TradeOutcome>; endsSession: boolean } | undefined;

  function send(request: ApiRequest, accept = 'application/json'): Promise<Response> {
    const headers = new Headers({ Accept: accept });
    const token = session.getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let body: BodyInit | undefined;
    if (request.body !== undefined) {
      if (isRawBody(request.body)) {
        body = request.body;
      } else {
        headers.set('Content-Type', 'application/json');
        body = JSON.stringify(request.body);
      }
    }
    return fetchImpl(urlOf(baseUrl, request.path, request.params), {
      method: request.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: request.signal,
    });
  }

  function endSession(): void {
    session.clearSession();
    onUnauthorized();
  }

  /**
   * Trades the refresh cookie for a new access token, once for every caller at the same time.
   * `endsSession`: a refusal (401) ends a running session with the "session ended" signal; a
   * restore after a reload only forgets the stored identity. When both wait on one trade, the
   * running session's rule wins.
   */
  function tradeRefreshCookie(endsSession: boolean): Promise<TradeOutcome> {
    if (tradeInFlight) {
      tradeInFlight.endsSession ||= endsSession;
      return tradeInFlight.promise;
    }
    const flight = { endsSession, promise: Promise.resolve<TradeOutcome>('failed') };
    flight.promise = trade(flight).finally(() => {
      if (tradeInFlight === flight) tradeInFlight = undefined;
    });
    tradeInFlight = flight;
    return flight.promise;
  }

  async function trade(flight: { endsSession: boolean }): Promise<TradeOutcome> {
    const before = session.getToken();
    const response = await send({ method: 'POST', path: refreshTokenPath }).catch(() => undefined);
    // Signed in (or out) meanwhile: this answer is about an older session, not the current one.
    if (session.getToken() !== before) return session.getToken() ? 'renewed' : 'failed';
    if (!response?.ok) {
      if (response?.status !== 401) return 'failed';
      session.clearSession();
      if (flight.endsSession) onUnauthorized();
      return 'refused';
    }
    const body = (await readBody(response)) as { token?: unknown } | undefined;
    if (typeof body?.token !== 'string') return 'failed';
    session.setToken(body.token);
    return 'renewed';
  }

  /** After a reload: the caller of React's strict-mode re-run, and any 403 meanwhile, share the trade. */
  async function restoreSession(): Promise<boolean> {
    return (await tradeRefreshCookie(false)) === 'renewed';
  }

  /** Sends with the session rules (403: one refresh and one retry; 401: the session ends). */
  async function exchange(request: ApiRequest, accept?: string): Promise<Response> {
    const sentWith = session.getToken();
    let response = await send(request, accept);
    if (response.status === 403 && request.path !== refreshTokenPath) {
      // A token renewed since this call left is tried first, without spending the cookie again.
      const renewed = session.getToken() !== sentWith && session.getToken() !== null;
      if (renewed || (await tradeRefreshCookie(true)) === 'renewed') response = await send(request, accept);
    }
    if (response.status === 401) endSession();
    return response;
  }

  async function request<T>(request: ApiRequest): Promise<T> {
    const response = await exchange(request);
    const body = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, errorCodeOf(body), body);
    return body as T;
  }

  async function download(path: string, params?: QueryParams): Promise<DownloadedFile> {
    const response = await exchange({ method: 'GET', path, params }, '*/*');
    if (!response.ok) {
      const body = await readBody(response);
      throw new ApiError(response.status, errorCodeOf(body), body);
    }
    return { blob: await response.blob(), filename: filenameOf(response.headers.get('Content-Disposition')) };
  }

  return {
    request,
    get: (path, params, signal) => request({ method: 'GET', path, params, signal }),
    post: (path, body) => request({ method: 'POST', path, body }),
    put: (path, body) => request({ method: 'PUT', path, body }),
    patch: (path, body) => request({ method: 'PATCH', path, body }),
    delete: (path, params) => request({ method: 'DELETE', path, params }),
    download,
    restoreSession,
  };
}

/**
 * The file name of a Content-Disposition header: the RFC 5987 `filename*=UTF-8''…` form first,
 * then the plain `filename="…"` (or unquoted) one. Path parts are dropped.
 */
export function filenameOf(contentDisposition: string | null | undefined): string | undefined {
  if (!contentDisposition) return undefined;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(contentDisposition);
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(contentDisposition);
    name = (plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2])?.trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : undefined;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof URLSearchParams
  );
}

function urlOf(baseUrl: string, path: string, params?: QueryParams): string {
  const url = `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) query.append(key, String(item));
    }
  }
  const search = query.toString();
  return search ? `${url}?${search}` : url;
}

/** JSON when the server says so, text otherwise, undefined when there is no body. */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  if (response.headers.get('Content-Type')?.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** The client every screen uses. */
export const api = createApiClient({ onUnauthorized: notifySessionEnded });
