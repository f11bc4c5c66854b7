import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { LiveSocket, backoffDelay, isTransportClose, type WebSocketLike } from './live-socket.ts';

/** A WebSocket stand-in the test drives by hand: open it, push server messages, drop it. */
class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000): void {
    this.closedWith = code;
    this.readyState = 3;
  }

  serverOpens(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  serverSends(event: string, data: unknown): void {
    this.onmessage?.({ data: JSON.stringify({ event, data }) });
  }

  drops(code = 1006): void {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({ code });
  }

  actions(): string[] {
    return this.sent.map((message) => (message as { action: string }).action);
  }
}

function jwtExpiringAt(epochSeconds: number): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ id: 1, exp: epochSeconds })}.signature`;
}

const nowMs = Date.UTC(2025, 0, 1, 12);
const validToken = jwtExpiringAt(nowMs / 1000 + 3600);
const expiredToken = jwtExpiringAt(nowMs / 1000 - 60);

describe('LiveSocket', () => {
  let token: string | null;
  let reload: Mock<() => void>;
  let random: number;

  function createSocket() {
    return new LiveSocket({
      getToken: () => token,
      endpoint: () => 'wss://app.example/ws',
      WebSocket: FakeWebSocket,
      now: () => Date.now(),
      random: () => random,
      reload,
      initialBackoffMs: 1000,
      maxBackoffMs: 30_000,
    });
  }

  beforeEach(() => {
    vi.useFakeTimers({ now: nowMs });
    FakeWebSocket.instances = [];
    token = validToken;
    reload = vi.fn<() => void>();
    random = 0.5;
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects to /ws with the access token in the query string', () => {
    createSocket().connect();
    expect(FakeWebSocket.latest().url).toBe(`wss://app.example/ws?token=${encodeURIComponent(validToken)}`);
  });

  it('delivers server events to subscribers until they unsubscribe', () => {
    const live = createSocket();
    const received: unknown[] = [];
    const unsubscribe = live.on('company-1-ticket', (data) => received.push(data));
    live.connect();
    const socket = FakeWebSocket.latest();
    socket.serverOpens();
    socket.serverSends('company-1-ticket', { action: 'update', ticket: { id: 5 } });
    socket.serverSends('company-1-contact', { action: 'update' });
    unsubscribe();
    socket.serverSends('company-1-ticket', { action: 'delete', ticketId: 5 });
    expect(received).toEqual([{ action: 'update', ticket: { id: 5 } }]);
  });

  it('ignores malformed frames and keeps other handlers running when one throws', () => {
    const live = createSocket();
    const good = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    live.on('user', () => {
      throw new Error('screen bug');
    });
    live.on('user', good);
    live.connect();
    const socket = FakeWebSocket.latest();
    socket.serverOpens();
    socket.onmessage?.({ data: 'not json' });
    socket.onmessage?.({ data: JSON.stringify({ data: {} }) });
    socket.serverSends('user', { action: 'update' });
    expect(good).toHaveBeenCalledOnce();
    expect(consoleError).toHaveBeenCalledOnce();
    consoleError.mockRestore();
  });

  it('dispatches every event of a batched frame, in order', () => {
    const live = createSocket();
    const seen: string[] = [];
    live.on('ticket', (data) => seen.push(`ticket ${(data as { id: number }).id}`));
    live.on('appMessage', (data) => seen.push(`message ${(data as { id: number }).id}`));
    live.connect();
    const socket = FakeWebSocket.latest();
    socket.serverOpens();
    socket.onmessage?.({
      data: JSON.stringify([
        { event: 'ticket', data: { id: 1 } },
        { event: 'appMessage', data: { id: 2 } },
        { event: 'ticket', data: { id: 3 } },
      ]),
    });
    expect(seen).toEqual(['ticket 1', 'message 2', 'ticket 3']);
  });

  it('announces the user status on open, then every 300000 ms, and pings every 18 s', () => {
    createSocket().connect();
    const socket = FakeWebSocket.latest();
    socket.serverOpens();
    expect(socket.actions()).toEqual(['userStatus']);
    vi.advanceTimersByTime(18_000);
    expect(socket.actions()).toEqual(['userStatus', 'ping']);
    vi.advanceTimersByTime(300_000 - 18_000);
    const actions = socket.actions();
    expect(actions.filter((a) => a === 'ping')).toHaveLength(Math.floor(300_000 / 18_000));
    expect(actions.filter((a) => a === 'userStatus')).toHaveLength(2);
  });

  it('sends joins made before the socket opens once it opens', () => {
    const live = createSocket();
    live.joinNotification();
    live.joinTickets('open');
    live.connect();
    const socket = FakeWebSocket.latest();
    expect(socket.sent).toEqual([]);
    socket.serverOpens();
    expect(socket.sent).toEqual([
      { action: 'userStatus' },
      { action: 'joinNotification' },
      { action: 'joinTickets', status: 'open' },
    ]);
  });

  it('reconnects with exponential backoff and jitter after a transport drop', () => {
    random = 0;
    const live = createSocket();
    live.connect();
    FakeWebSocket.latest().drops(1006);
    expect(live.status).toBe('reconnecting');

    // attempt 0: ceiling 1000 ms, equal jitter with random 0 gives 500 ms
    vi.advanceTimersByTime(499);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);

    // the new socket fails before opening: attempt 1 waits 1000 ms, attempt 2 waits 2000 ms
    FakeWebSocket.latest().drops(1006);
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
    FakeWebSocket.latest().drops(1006);
    vi.advanceTimersByTime(1999);
    expect(FakeWebSocket.instances).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(4);

    // a successful open resets the backoff
    FakeWebSocket.latest().serverOpens();
    expect(live.status).toBe('open');
    FakeWebSocket.latest().drops(1001);
    vi.advanceTimersByTime(500);
    expect(FakeWebSocket.instances).toHaveLength(5);
  });

  it('caps the backoff and spreads it with jitter', () => {
    expect(backoffDelay(0, 1000, 30_000, 0)).toBe(500);
    expect(backoffDelay(0, 1000, 30_000, 0.99)).toBe(995);
    expect(backoffDelay(3, 1000, 30_000, 0.5)).toBe(6000);
    expect(backoffDelay(20, 1000, 30_000, 0)).toBe(15_000);
    expect(backoffDelay(20, 1000, 30_000, 1)).toBe(30_000);
  });

  it('re-sends its joins after a reconnect, without the rooms it left', () => {
    const live = createSocket();
    live.connect();
    FakeWebSocket.latest().serverOpens();
    live.joinNotification();
    live.joinTickets('pending');
    const leaveTicket = live.joinChatBox(5);
    live.joinChatBox(7);
    leaveTicket();
    expect(FakeWebSocket.latest().sent.slice(1)).toEqual([
      { action: 'joinNotification' },
      { action: 'joinTickets', status: 'pending' },
      { action: 'joinChatBox', ticketId: 5 },
      { action: 'joinChatBox', ticketId: 7 },
      { action: 'leaveChatBox', ticketId: 5 },
    ]);

    FakeWebSocket.latest().drops(1006);
    vi.runOnlyPendingTimers();
    const second = FakeWebSocket.latest();
    expect(second).not.toBe(FakeWebSocket.instances[0]);
    second.serverOpens();
    expect(second.sent).toEqual([
      { action: 'userStatus' },
      { action: 'joinNotification' },
      { action: 'joinTickets', status: 'pending' },
      { action: 'joinChatBox', ticketId: 7 },
    ]);
  });

  it('keeps a shared room until its last holder leaves', () => {
    const live = createSocket();
    live.connect();
    const socket = FakeWebSocket.latest();
    socket.serverOpens();
    const leaveFromList = live.joinChatBox(9);
    const leaveFromDrawer = live.joinChatBox(9);
    leaveFromList();
    leaveFromList();
    expect(socket.actions()).toEqual(['userStatus', 'joinChatBox']);
    leaveFromDrawer();
    expect(socket.sent.at(-1)).toEqual({ action: 'leaveChatBox', ticketId: 9 });
  });

  it('reconnects with the token current at that moment', () => {
    const live = createSocket();
    live.connect();
    const refreshed = jwtExpiringAt(nowMs / 1000 + 7200);
    token = refreshed;
    FakeWebSocket.latest().drops(1006);
    vi.runOnlyPendingTimers();
    expect(FakeWebSocket.latest().url).toContain(`token=${encodeURIComponent(refreshed)}`);
  });

  it('reloads the app instead of reconnecting when the token has expired', () => {
    const live = createSocket();
    live.connect();
    FakeWebSocket.latest().serverOpens();
    token = expiredToken;
    FakeWebSocket.latest().drops(1006);
    expect(reload).toHaveBeenCalledOnce();
    vi.runAllTimers();
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('does not reconnect when the server closes on purpose', () => {
    for (const code of [1000, 1008, 4001]) {
      FakeWebSocket.instances = [];
      const live = createSocket();
      live.connect();
      FakeWebSocket.latest().serverOpens();
      FakeWebSocket.latest().drops(code);
      vi.runAllTimers();
      expect(FakeWebSocket.instances).toHaveLength(1);
      expect(live.status).toBe('closed');
    }
    expect(reload).not.toHaveBeenCalled();
  });

  it('stops everything on disconnect: no reconnect, no heartbeats, rooms forgotten', () => {
    const live = createSocket();
    live.joinNotification();
    live.connect();
    const socket = FakeWebSocket.latest();
    socket.serverOpens();
    live.disconnect();
    expect(socket.closedWith).toBe(1000);
    const sentBefore = socket.sent.length;
    vi.advanceTimersByTime(600_000);
    expect(socket.sent).toHaveLength(sentBefore);
    expect(FakeWebSocket.instances).toHaveLength(1);

    live.connect();
    FakeWebSocket.latest().serverOpens();
    expect(FakeWebSocket.latest().actions()).toEqual(['userStatus']);
  });

  it('cancels a pending reconnect on disconnect', () => {
    const live = createSocket();
    live.connect();
    FakeWebSocket.latest().drops(1006);
    live.disconnect();
    vi.runAllTimers();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(live.status).toBe('closed');
  });

  it('does not open without a token, nor reconnect after the token is gone', () => {
    token = null;
    const live = createSocket();
    live.connect();
    expect(FakeWebSocket.instances).toHaveLength(0);

    token = validToken;
    live.disconnect();
    live.connect();
    token = null;
    FakeWebSocket.latest().drops(1006);
    vi.runAllTimers();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reports its status changes', () => {
    const live = createSocket();
    const statuses: string[] = [];
    live.onStatusChange((status) => statuses.push(status));
    live.connect();
    FakeWebSocket.latest().serverOpens();
    FakeWebSocket.latest().drops(1006);
    vi.runOnlyPendingTimers();
    FakeWebSocket.latest().serverOpens();
    live.disconnect();
    expect(statuses).toEqual(['connecting', 'open', 'reconnecting', 'open', 'closed']);
  });
});

describe('isTransportClose', () => {
  it('treats abnormal and going-away closes as transport drops', () => {
    expect(isTransportClose(1006)).toBe(true);
    expect(isTransportClose(1001)).toBe(true);
    expect(isTransportClose(1011)).toBe(true);
    expect(isTransportClose(1000)).toBe(false);
    expect(isTransportClose(1008)).toBe(false);
    expect(isTransportClose(4401)).toBe(false);
  });
});
