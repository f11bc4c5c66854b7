/**
 * A fake Baileys socket for the socket-factory seam: an EventEmitter `ev` with Baileys' event
 * names, stubbed methods, and helpers that play WhatsApp's part. Like Baileys, a new socket
 * shows a QR when its creds are not paired and opens when they are (on the next tick).
 */
import { EventEmitter } from 'node:events';
import type {
  AnyMessageContent,
  BaileysEventMap,
  BinaryNode,
  MiscMessageGenerationOptions,
  UserFacingSocketConfig,
  WAMessageKey,
} from '@whiskeysockets/baileys';
import { vi } from 'vitest';
import type { BaileysEvents, BaileysSocket, SocketFactory } from '../../src/providers/beta/socket.ts';

/** An error shaped like Baileys' Boom errors (what the provider reads is output.statusCode). */
export function boom(statusCode: number, message = `closed ${statusCode}`): Error {
  return Object.assign(new Error(message), { output: { statusCode } });
}

export class FakeSocket implements BaileysSocket {
  readonly emitter = new EventEmitter();
  readonly ev: BaileysEvents = this.emitter as unknown as BaileysEvents;
  readonly ws = new EventEmitter();
  user: BaileysSocket['user'] = undefined;
  ended = false;
  endedWith: Error | undefined;
  loggedOut = false;

  readonly query = vi.fn(async (_node: BinaryNode, _timeoutMs?: number): Promise<unknown> => ({
    tag: 'iq',
    attrs: { type: 'result' },
  }));
  readonly sendMessage = vi.fn(
    async (
      _jid: string,
      _content: AnyMessageContent,
      _options?: MiscMessageGenerationOptions,
    ): Promise<undefined> => undefined,
  );
  readonly relayMessage = vi.fn(
    async (_jid: string, _message: Parameters<BaileysSocket['relayMessage']>[1], options: { messageId?: string }): Promise<string> =>
      options.messageId ?? 'RELAYED',
  );
  readonly readMessages = vi.fn(async (_keys: WAMessageKey[]): Promise<void> => undefined);
  readonly onWhatsApp = vi.fn(async (number: string) => [{ jid: `${number}@s.whatsapp.net`, exists: true }]);
  readonly profilePictureUrl = vi.fn(
    async (): Promise<string | undefined> => 'https://pps.whatsapp.net/pic.jpg',
  );
  readonly rejectCall = vi.fn(async (_callId: string, _from: string): Promise<void> => undefined);
  readonly updateMediaMessage = vi.fn(
    async (message: Parameters<BaileysSocket['updateMediaMessage']>[0]) => message,
  );

  /** Baileys' LID store (`signalRepository.lidMapping`): phone-number JID → LID JID, as the socket has learned them. */
  readonly lids = new Map<string, string>();
  readonly signalRepository = {
    lidMapping: {
      getLIDForPN: async (pn: string): Promise<string | null> => this.lids.get(pn) ?? null,
      getPNForLID: async (lid: string): Promise<string | null> =>
        [...this.lids].find(([, known]) => known === lid)?.[0] ?? null,
    },
  };

  constructor(readonly config: UserFacingSocketConfig) {}

  emit<T extends keyof BaileysEventMap>(event: T, arg: BaileysEventMap[T]): void {
    this.emitter.emit(event, arg);
  }

  async end(error: Error | undefined): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.endedWith = error;
    this.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
  }

  async logout(): Promise<void> {
    this.loggedOut = true;
    await this.end(boom(401, 'Intentional Logout'));
  }

  /** WhatsApp's side: the QR was scanned; Baileys stores `me`, then asks for a restart. */
  pair(meId = '5511900000000:7@s.whatsapp.net'): void {
    this.config.auth.creds.me = { id: meId, name: 'Loja' };
    this.emit('creds.update', { me: this.config.auth.creds.me });
    this.emit('connection.update', { isNewLogin: true, qr: undefined });
    void this.end(boom(515, 'restart required'));
  }

  open(): void {
    this.user = this.config.auth.creds.me ?? { id: '5511900000000:7@s.whatsapp.net' };
    this.emit('connection.update', { connection: 'open' });
  }

  /** The server closed the connection with this status code. */
  drop(statusCode: number): void {
    void this.end(boom(statusCode));
  }
}

export interface FakeSockets {
  factory: SocketFactory;
  sockets: FakeSocket[];
  last(): FakeSocket;
  /** Whether new sockets behave like Baileys on their own (QR or open on the next tick). */
  autoplay: boolean;
}

export function fakeSockets(autoplay = true): FakeSockets {
  const state: FakeSockets = {
    sockets: [],
    autoplay,
    last: () => {
      const socket = state.sockets.at(-1);
      if (!socket) throw new Error('no socket was made');
      return socket;
    },
    factory: (config) => {
      const socket = new FakeSocket(config);
      state.sockets.push(socket);
      if (state.autoplay) {
        setTimeout(() => {
          if (socket.ended) return;
          socket.emit('connection.update', { connection: 'connecting' });
          if (config.auth.creds.me?.id) socket.open();
          else socket.emit('connection.update', { qr: `2@fake-qr-${state.sockets.length}` });
        }, 0);
      }
      return socket;
    },
  };
  return state;
}
