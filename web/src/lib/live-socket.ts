import { liveEventsOfFrame } from '@atende/shared/live-events';
import { isTokenExpired } from './jwt.ts';
import { sessionStore } from './storage.ts';

/** What the client sends: `{ action, ...payload }`. */
export type LiveClientMessage =
  | { action: 'joinChatBox'; ticketId: number | string }
  | { action: 'leaveChatBox'; ticketId: number | string }
  | { action: 'joinNotification' }
  | { action: 'joinTickets'; status: string }
  | { action: 'userStatus' }
  | { action: 'ping' };

/** What the server sends: `{ event, data }`, e.g. `{ event: 'company-5-ticket', data: {...} }`. */
export interface LiveServerMessage {
  event: string;
  data: unknown;
}

export type LiveSocketStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

/** The part of the browser WebSocket the client uses, so tests can hand in a fake. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface LiveSocketTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface LiveSocketOptions {
  getToken: () => string | null;
  /** The socket endpoint without the token; defaults to `/ws` on the page's own origin. */
  endpoint?: () => string;
  WebSocket?: WebSocketConstructor;
  timers?: LiveSocketTimers;
  now?: () => number;
  /** In [0, 1); spreads reconnects so clients dropped together do not return together. */
  random?: () => number;
  /** Called when the connection drops with an expired token: a fresh load re-authenticates. */
  reload?: () => void;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  pingIntervalMs?: number;
  userStatusIntervalMs?: number;
}

export type LiveEventHandler = (data: unknown) => void;

/** core §9: ping every 18 s; user status every 300000 ms. */
export const pingIntervalMs = 18_000;
export const userStatusIntervalMs = 300_000;
const openState = 1;

/**
 * Closes the server means (normal closure, policy violation such as a refused token, and the
 * application range 4000-4999) are not retried; every other close is a transport drop.
 */
export function isTransportClose(code: number): boolean {
  return code !== 1000 && code !== 1008 && !(code >= 4000 && code <= 4999);
}

/** The capped exponential delay for a reconnect attempt, with "equal jitter" (half fixed, half random). */
export function backoffDelay(attempt: number, initialMs: number, maxMs: number, random: number): number {
  const ceiling = Math.min(maxMs, initialMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

/**
 * The live update channel (core §4 Live updates). One connection per signed-in tab; screens
 * subscribe with `on()` and join rooms with the `join*` methods, which are remembered and sent
 * again after every reconnect.
 */
export class LiveSocket {
  private readonly getToken: () => string | null;
  private readonly endpoint: () => string;
  private readonly WebSocketImpl: WebSocketConstructor;
  private readonly timers: LiveSocketTimers;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly reload: () => void;
  private readonly initialBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly pingIntervalMs: number;
  private readonly userStatusIntervalMs: number;

  private socket: WebSocketLike | undefined;
  private wanted = false;
  private attempt = 0;
  private reconnectTimer: unknown;
  private heartbeatTimers: unknown[] = [];
  private currentStatus: LiveSocketStatus = 'idle';
  /** Joined rooms by key, counted so two screens in one room do not leave it for each other. */
  private readonly joins = new Map<string, { message: LiveClientMessage; holders: number }>();
  private readonly handlers = new Map<string, Set<LiveEventHandler>>();
  private readonly statusListeners = new Set<(status: LiveSocketStatus) => void>();

  constructor(options: LiveSocketOptions) {
    this.getToken = options.getToken;
    this.endpoint = options.endpoint ?? defaultEndpoint;
    this.WebSocketImpl = options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketConstructor);
    this.timers = options.timers ?? globalTimers;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.reload = options.reload ?? (() => globalThis.location.reload());
    this.initialBackoffMs = options.initialBackoffMs ?? 1_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
    this.pingIntervalMs = options.pingIntervalMs ?? pingIntervalMs;
    this.userStatusIntervalMs = options.userStatusIntervalMs ?? userStatusIntervalMs;
  }

  get status(): LiveSocketStatus {
    return this.currentStatus;
  }

  connect(): void {
    this.wanted = true;
    if (this.socket || this.reconnectTimer !== undefined) return;
    this.attempt = 0;
    this.openSocket();
  }

  /** Closes on purpose (sign-out): no reconnect, and the rooms are forgotten. */
  disconnect(): void {
    this.wanted = false;
    this.cancelReconnect();
    this.stopHeartbeats();
    this.joins.clear();
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      socket.close(1000, 'client disconnect');
    }
    this.setStatus('closed');
  }

  /** Subscribes to a server event; returns the unsubscribe function. */
  on(event: string, handler: LiveEventHandler): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(event) === set) this.handlers.delete(event);
    };
  }

  onStatusChange(listener: (status: LiveSocketStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Sends now if connected; returns false (and drops the message) otherwise. */
  send(message: LiveClientMessage): boolean {
    if (!this.socket || this.socket.readyState !== openState) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Joins a ticket's chat room; the returned function leaves it. */
  joinChatBox(ticketId: number | string): () => void {
    return this.join(`chatBox:${ticketId}`, { action: 'joinChatBox', ticketId }, () =>
      this.send({ action: 'leaveChatBox', ticketId }),
    );
  }

  joinNotification(): () => void {
    return this.join('notification', { action: 'joinNotification' });
  }

  joinTickets(status: string): () => void {
    return this.join(`tickets:${status}`, { action: 'joinTickets', status });
  }

  /**
   * Remembers a room and sends the join now if connected (or on the next open). The release
   * function forgets it when its last holder lets go, so it is not joined again after a reconnect.
   */
  private join(key: string, message: LiveClientMessage, onLastRelease?: () => void): () => void {
    const existing = this.joins.get(key);
    if (existing) existing.holders += 1;
    else {
      this.joins.set(key, { message, holders: 1 });
      this.send(message);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const entry = this.joins.get(key);
      if (!entry) return;
      entry.holders -= 1;
      if (entry.holders > 0) return;
      this.joins.delete(key);
      onLastRelease?.();
    };
  }

  private openSocket(): void {
    const token = this.getToken();
    if (!token) {
      this.setStatus('closed');
      return;
    }
    this.setStatus(this.attempt > 0 ? 'reconnecting' : 'connecting');
    const socket = new this.WebSocketImpl(`${this.endpoint()}?token=${encodeURIComponent(token)}`);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.setStatus('open');
      this.startHeartbeats();
      this.send({ action: 'userStatus' });
      for (const { message } of this.joins.values()) this.send(message);
    };
    socket.onmessage = (event) => this.dispatch(event.data);
    // The browser always follows an error with a close event, which is where the drop is handled.
    socket.onerror = () => undefined;
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.stopHeartbeats();
      this.handleDrop(event.code);
    };
  }

  /** core §4 Session: reconnect on a transport drop while the token is valid; reload if it expired. */
  private handleDrop(code: number): void {
    const token = this.getToken();
    if (!this.wanted || !token) {
      this.setStatus('closed');
      return;
    }
    if (isTokenExpired(token, this.now())) {
      this.setStatus('closed');
      this.reload();
      return;
    }
    if (!isTransportClose(code)) {
      this.setStatus('closed');
      return;
    }
    const delay = backoffDelay(this.attempt, this.initialBackoffMs, this.maxBackoffMs, this.random());
    this.attempt += 1;
    this.setStatus('reconnecting');
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.wanted) this.openSocket();
    }, delay);
  }

  /** A frame carries one event or, from one batch of changes, several in order. */
  private dispatch(raw: unknown): void {
    if (typeof raw !== 'string') return;
    for (const message of liveEventsOfFrame(raw)) {
      const handlers = this.handlers.get(message.event);
      if (!handlers) continue;
      for (const handler of [...handlers]) {
        try {
          handler(message.data);
        } catch (error) {
          // One failing screen must not stop the others from getting the event.
          console.error(error);
        }
      }
    }
  }

  private startHeartbeats(): void {
    this.stopHeartbeats();
    this.heartbeatTimers = [
      this.timers.setInterval(() => this.send({ action: 'ping' }), this.pingIntervalMs),
      this.timers.setInterval(() => this.send({ action: 'userStatus' }), this.userStatusIntervalMs),
    ];
  }

  private stopHeartbeats(): void {
    for (const timer of this.heartbeatTimers) this.timers.clearInterval(timer);
    this.heartbeatTimers = [];
  }

  private cancelReconnect(): void {
    if (this.reconnectTimer === undefined) return;
    this.timers.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
  }

  private setStatus(status: LiveSocketStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }
}

function defaultEndpoint(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/ws`;
}

/** Looked up on every call so test fake timers installed after construction still apply. */
const globalTimers: LiveSocketTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

/** The one live connection of this tab. */
export const liveSocket = new LiveSocket({ getToken: () => sessionStore.getToken() });
