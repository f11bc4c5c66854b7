import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client.ts';
import { createSessionStore, memoryStore, storageKeys } from './storage.ts';

interface RecordedCall {
  url: string;
  method: string;
  authorization: string | null;
  contentType: string | null;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

/** A fetch that answers from a script of responses, in order, and records what it was asked. */
function scriptedFetch(...responses: Array<Response | ((call: RecordedCall) => Response)>) {
  const calls: RecordedCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call: RecordedCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      authorization: headers.get('Authorization'),
      contentType: headers.get('Content-Type'),
      credentials: init?.credentials,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    const next = responses.shift();
    if (!next) throw new Error(`unexpected call ${call.method} ${call.url}`);
    return typeof next === 'function' ? next(call) : next;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function setup(...responses: Parameters<typeof scriptedFetch>) {
  const store = memoryStore();
  const session = createSessionStore(store);
  session.setToken('old-token');
  session.setIdentity({ companyId: 3, userId: 8 });
  session.setCampaignsEnabled(true);
  const onUnauthorized = vi.fn();
  const { fetch, calls } = scriptedFetch(...responses);
  const api = createApiClient({ fetch, session, onUnauthorized });
  return { api, store, session, calls, onUnauthorized };
}

describe('api client', () => {
  it('sends JSON with the bearer token and the refresh cookie under /api', async () => {
    const { api, calls, store } = setup(json(200, { id: 1 }));
    // The token is held in memory, never written to storage.
    expect(store.getItem(storageKeys.token)).toBeNull();
    await expect(api.post('/contacts', { name: 'Ana' })).resolves.toEqual({ id: 1 });
    expect(calls[0]).toEqual({
      url: '/api/contacts',
      method: 'POST',
      authorization: 'Bearer old-token',
      contentType: 'application/json',
      credentials: 'include',
      body: { name: 'Ana' },
    });
  });

  it('writes query parameters, skipping empty ones and repeating arrays', async () => {
    const { api, calls } = setup(json(200, []));
    await api.get('/tickets', { status: 'open', pageNumber: 2, searchParam: undefined, queueIds: [1, 2] });
    expect(calls[0]?.url).toBe('/api/tickets?status=open&pageNumber=2&queueIds=1&queueIds=2');
  });

  it('resolves empty answers to undefined', async () => {
    const { api } = setup(new Response(null, { status: 204 }));
    await expect(api.delete('/tickets/5')).resolves.toBeUndefined();
  });

  it('on 403 refreshes the token once, stores it and retries once with it', async () => {
    const { api, calls, session } = setup(
      json(403, { error: 'ERR_SESSION_EXPIRED' }),
      json(200, { token: 'new-token', user: { id: 8 } }),
      json(200, { tickets: [], hasMore: false }),
    );
    await expect(api.get('/tickets')).resolves.toEqual({ tickets: [], hasMore: false });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/tickets',
      'POST /api/auth/refresh_token',
      'GET /api/tickets',
    ]);
    expect(calls[1]?.credentials).toBe('include');
    expect(calls[2]?.authorization).toBe('Bearer new-token');
    expect(session.getToken()).toBe('new-token');
  });

  it('throws the second 403 instead of refreshing again', async () => {
    const { api, calls } = setup(
      json(403, { error: 'ERR_NO_PERMISSION' }),
      json(200, { token: 'new-token' }),
      json(403, { error: 'ERR_NO_PERMISSION' }),
    );
    const error = await api.put('/users/2', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
    expect(calls).toHaveLength(3);
  });

  it('shares one refresh between calls that meet a 403 together', async () => {
    const { api, calls } = setup(
      json(403, { error: 'ERR_SESSION_EXPIRED' }),
      json(403, { error: 'ERR_SESSION_EXPIRED' }),
      json(200, { token: 'new-token' }),
      json(200, { a: 1 }),
      json(200, { b: 2 }),
    );
    const results = await Promise.all([api.get('/a'), api.get('/b')]);
    expect(results).toEqual([{ a: 1 }, { b: 2 }]);
    expect(calls.filter((c) => c.url.endsWith('/auth/refresh_token'))).toHaveLength(1);
  });

  it('ends the session when the refresh itself is refused with 401', async () => {
    const { api, store, session, onUnauthorized } = setup(
      json(403, { error: 'ERR_SESSION_EXPIRED' }),
      json(401, { error: 'ERR_SESSION_EXPIRED' }),
    );
    await expect(api.get('/tickets')).rejects.toMatchObject({ status: 403 });
    expect(session.getToken()).toBeNull();
    expect(store.getItem(storageKeys.userId)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('on 401 clears the stored session, tells the app, and throws the error', async () => {
    const { api, store, onUnauthorized } = setup(json(401, { error: 'ERR_SESSION_EXPIRED' }));
    const error = await api.get('/auth/me').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'ERR_SESSION_EXPIRED' });
    for (const key of [
      storageKeys.token,
      storageKeys.companyId,
      storageKeys.userId,
      storageKeys.campaignsFlag,
    ]) {
      expect(store.getItem(key)).toBeNull();
    }
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('carries the status and the code of a failed answer, or no code when the body has none', async () => {
    const { api } = setup(
      json(404, { error: 'ERR_NO_TICKET_FOUND' }),
      new Response('Bad gateway', { status: 502, headers: { 'Content-Type': 'text/plain' } }),
    );
    await expect(api.get('/tickets/9')).rejects.toMatchObject({ status: 404, code: 'ERR_NO_TICKET_FOUND' });
    await expect(api.get('/tickets/9')).rejects.toMatchObject({
      status: 502,
      code: undefined,
      body: 'Bad gateway',
    });
  });

  it('sends FormData as it is, letting the browser set the multipart boundary', async () => {
    const { api, calls } = setup(json(200, {}));
    const form = new FormData();
    form.append('body', 'hola');
    await api.post('/messages/5', form);
    expect(calls[0]?.contentType).toBeNull();
    expect(calls[0]?.body).toBe(form);
  });

  /**
   * A fetch whose answers the test gives when it wants: each call waits until `answer(url, response)`
   * (several calls in flight at once, answered in any order).
   */
  function manualFetch() {
    const pending: Array<{ call: RecordedCall; resolve(response: Response): void }> = [];
    const calls: RecordedCall[] = [];
    const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      const call = {
        url: String(input),
        method: init?.method ?? 'GET',
        authorization: headers.get('Authorization'),
        contentType: headers.get('Content-Type'),
        credentials: init?.credentials,
        body: init?.body,
      };
      calls.push(call);
      return new Promise<Response>((resolve) => pending.push({ call, resolve }));
    });
    /** Answers the oldest call still waiting whose URL ends with `path`. */
    async function answer(path: string, response: Response) {
      await vi.waitFor(() => expect(pending.some((p) => p.call.url.endsWith(path))).toBe(true));
      const index = pending.findIndex((p) => p.call.url.endsWith(path));
      pending.splice(index, 1)[0]!.resolve(response);
    }
    return { fetch: fetch as unknown as typeof globalThis.fetch, calls, answer };
  }

  const refreshCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url.endsWith('/auth/refresh_token'));

  it('shares one refresh between a reload\'s restore and a call that meets a 403 meanwhile', async () => {
    const store = memoryStore();
    const session = createSessionStore(store);
    session.setIdentity({ companyId: 3, userId: 8 });
    const onUnauthorized = vi.fn();
    const { fetch, calls, answer } = manualFetch();
    const api = createApiClient({ fetch, session, onUnauthorized });
    const restored = api.restoreSession();
    const listed = api.get('/tickets');
    await answer('/tickets', json(403, { error: 'ERR_SESSION_EXPIRED' }));
    // The server rotates the cookie on every trade: a second trade now would present a spent one.
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await answer('/auth/refresh_token', json(200, { token: 'fresh-token' }));
    await answer('/tickets', json(200, [{ id: 1 }]));
    await expect(restored).resolves.toBe(true);
    await expect(listed).resolves.toEqual([{ id: 1 }]);
    expect(refreshCalls(calls)).toHaveLength(1);
    expect(calls.at(-1)?.authorization).toBe('Bearer fresh-token');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('when a restore and a running call share a refused refresh, the session ends with its signal once', async () => {
    const store = memoryStore();
    const session = createSessionStore(store);
    session.setIdentity({ companyId: 3, userId: 8 });
    const onUnauthorized = vi.fn();
    const { fetch, calls, answer } = manualFetch();
    const api = createApiClient({ fetch, session, onUnauthorized });
    const restored = api.restoreSession();
    const listed = api.get('/tickets').catch((error: unknown) => error);
    await answer('/tickets', json(403, { error: 'ERR_SESSION_EXPIRED' }));
    await answer('/auth/refresh_token', json(401, { error: 'ERR_SESSION_EXPIRED' }));
    await expect(restored).resolves.toBe(false);
    expect(await listed).toMatchObject({ status: 403 });
    expect(refreshCalls(calls)).toHaveLength(1);
    expect(session.hasStoredIdentity()).toBe(false);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('retries a 403 with a token renewed while the call was out, without spending the cookie again', async () => {
    const { fetch, calls, answer } = manualFetch();
    const session = createSessionStore(memoryStore());
    session.setToken('old-token');
    const api = createApiClient({ fetch, session });
    const first = api.get('/a');
    const second = api.get('/b');
    await answer('/a', json(403, { error: 'ERR_SESSION_EXPIRED' }));
    await answer('/auth/refresh_token', json(200, { token: 'new-token' }));
    await answer('/a', json(200, { a: 1 }));
    await expect(first).resolves.toEqual({ a: 1 });
    // /b left with the old token before the renewal and meets its 403 only now.
    await answer('/b', json(403, { error: 'ERR_SESSION_EXPIRED' }));
    await answer('/b', json(200, { b: 2 }));
    await expect(second).resolves.toEqual({ b: 2 });
    expect(refreshCalls(calls)).toHaveLength(1);
    expect(calls.at(-1)?.authorization).toBe('Bearer new-token');
  });

  it('a refused refresh of an older session does not end a sign-in made meanwhile', async () => {
    const { fetch, answer } = manualFetch();
    const session = createSessionStore(memoryStore());
    session.setToken('old-token');
    const onUnauthorized = vi.fn();
    const api = createApiClient({ fetch, session, onUnauthorized });
    const listed = api.get('/tickets');
    await answer('/tickets', json(403, { error: 'ERR_SESSION_EXPIRED' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    // The user signs in again (another form, another tab's cookie) before the refusal arrives.
    session.setToken('signed-in-again');
    await answer('/auth/refresh_token', json(401, { error: 'ERR_SESSION_EXPIRED' }));
    await answer('/tickets', json(200, []));
    await expect(listed).resolves.toEqual([]);
    expect(session.getToken()).toBe('signed-in-again');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('restores a session after a reload from the refresh cookie alone, keeping the token in memory', async () => {
    const store = memoryStore();
    // What an older version left behind is dropped on start.
    store.setItem(storageKeys.token, '"stale-token"');
    store.setItem(storageKeys.userId, '8');
    const session = createSessionStore(store);
    expect(session.getToken()).toBeNull();
    expect(store.getItem(storageKeys.token)).toBeNull();
    expect(session.hasStoredIdentity()).toBe(true);
    const { fetch, calls } = scriptedFetch(json(200, { token: 'fresh-token', user: { id: 8 } }));
    const onUnauthorized = vi.fn();
    const api = createApiClient({ fetch, session, onUnauthorized });
    const [first, second] = await Promise.all([api.restoreSession(), api.restoreSession()]);
    expect([first, second]).toEqual([true, true]);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/auth/refresh_token']);
    expect(calls[0]?.authorization).toBeNull();
    expect(session.getToken()).toBe('fresh-token');
    expect(store.getItem(storageKeys.token)).toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('forgets the stored identity quietly when there is no session to restore', async () => {
    const store = memoryStore();
    store.setItem(storageKeys.userId, '8');
    const session = createSessionStore(store);
    const { fetch } = scriptedFetch(json(401, { error: 'ERR_SESSION_EXPIRED' }));
    const onUnauthorized = vi.fn();
    const api = createApiClient({ fetch, session, onUnauthorized });
    await expect(api.restoreSession()).resolves.toBe(false);
    expect(session.hasStoredIdentity()).toBe(false);
    expect(session.getToken()).toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends no Authorization header without a token', async () => {
    const { api, calls, session } = setup(json(200, { token: 't', user: {} }));
    session.clearSession();
    await api.post('/auth/login', { email: 'a@b.c', password: 'x' });
    expect(calls[0]?.authorization).toBeNull();
  });

  it('downloads a file with the token, refreshing once on 403, and reads its name', async () => {
    const csv = 'name;number;email\nAna;5511987654321;\n';
    const { api, calls } = setup(
      json(403, { error: 'ERR_SESSION_EXPIRED' }),
      json(200, { token: 'new-token' }),
      new Response(csv, {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="contatos.csv"',
        },
      }),
    );
    const file = await api.download('/contacts/export');
    expect(file.filename).toBe('contatos.csv');
    expect(await file.blob.text()).toBe(csv);
    expect(calls.map((call) => `${call.method} ${call.url} ${call.authorization}`)).toEqual([
      'GET /api/contacts/export Bearer old-token',
      'POST /api/auth/refresh_token Bearer old-token',
      'GET /api/contacts/export Bearer new-token',
    ]);
  });

  it('throws the API error of a failed download', async () => {
    const { api } = setup(json(404, { error: 'ERR_ROUTE_NOT_FOUND' }));
    await expect(api.download('/contacts/export')).rejects.toMatchObject({
      status: 404,
      code: 'ERR_ROUTE_NOT_FOUND',
    });
  });
});
