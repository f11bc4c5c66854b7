/**
 * The `beta` provider: one Baileys 7 socket per connection, credentials in the table (fenced),
 * reconnection with exponential backoff and full jitter on every close except a logout, a
 * watchdog that probes a silent socket and restarts it, and every inbound message, receipt and
 * call normalised into the shared InboundEvent shapes.
 */
import {
  DisconnectReason,
  downloadMediaMessage,
  isJidBroadcast,
  isJidNewsletter,
  isLidUser,
  isPnUser,
  jidNormalizedUser,
  type BaileysEventMap,
  type ConnectionState,
  type WAMessage,
  type WAVersion,
} from '@whiskeysockets/baileys';
import { isWhatsappMessageId } from '@atende/shared/fields';
import { backoffDelay } from '../../backoff.ts';
import { jidUser, toJid } from '../../jid.ts';
import { emitCount, sleep } from '../../ports.ts';
import { FencedError } from '../../table/errors.ts';
import {
  mediaKeyOf,
  NotConnectedError,
  type OutgoingMessage,
  type ProviderContext,
  type ProviderFactory,
  type ProviderSession,
} from '../provider.ts';
import { defaultWatchdog, startWatchdog, type Watchdog, type WatchdogOptions } from '../watchdog.ts';
import { storeInboundMedia } from '../../inbound/media-store.ts';
import { loadAuthState, type StoredAuth } from './auth-state.ts';
import { baileysLogger, type BaileysLogger } from './baileys-logger.ts';
import { checkedReupload, MediaSourceRefusedError, refusedMediaSource } from './media-source.ts';
import {
  normaliseCall,
  normaliseLidMapping,
  normaliseMessage,
  normaliseUpdate,
  type NormaliseContext,
} from './normalise.ts';
import { menuContent, messageContent, quotedMessage } from './outgoing.ts';
import { disconnectReasonOf, statusCodeOf } from './disconnect-reason.ts';
import { baileysSocketFactory, type BaileysSocket, type SocketFactory } from './socket.ts';

/** The connector's metric of sessions lost (infra/lib/operations-monitoring.ts alarms on it). */
export const sessionDropsMetric = 'SessionDrops';

export interface BetaOptions {
  /** How sockets are made (tests inject a fake). Default: Baileys' makeWASocket. */
  socketFactory?: SocketFactory;
  /** WhatsApp Web version to announce; default: the one built into Baileys. */
  version?: WAVersion;
  watchdog?: WatchdogOptions;
  /** QR codes shown before the attempt ends as TIMEOUT. Default 6 (about 2.5 minutes). */
  maxQrs?: number;
  /** History-synced messages older than this are skipped. Default 24 h. */
  historyMaxAgeMs?: number;
  /** A connection open this long counts as stable: the next close starts the backoff afresh. */
  stableAfterMs?: number;
  /** Downloads a message's media (tests inject one). Default: Baileys' downloadMediaMessage. */
  downloadMedia?: (message: WAMessage, socket: BaileysSocket) => Promise<Uint8Array>;
}

export function createBetaProvider(options: BetaOptions = {}): ProviderFactory {
  return (context) => new BetaSession(context, options);
}


const mediaAttempts = 3;

export class BetaSession implements ProviderSession {
  private readonly factory: SocketFactory;
  private readonly watchdogOptions: WatchdogOptions;
  private readonly maxQrs: number;
  private readonly historyMaxAgeMs: number;
  private readonly stableAfterMs: number;
  private readonly logger: BaileysLogger;

  private auth: StoredAuth | null = null;
  private socket: BaileysSocket | null = null;
  /** Incremented for every socket: events of an older one are ignored. */
  private generation = 0;
  private stopped = true;
  private connected = false;
  private openedAt = 0;
  private attempt = 0;
  private qrCount = 0;
  private reconnectTimer: unknown = undefined;
  private watchdog: Watchdog | null = null;
  private credsDirty = false;
  private credsSaving: Promise<void> | null = null;

  constructor(
    private readonly ctx: ProviderContext,
    private readonly options: BetaOptions,
  ) {
    this.factory = options.socketFactory ?? baileysSocketFactory;
    this.watchdogOptions = options.watchdog ?? defaultWatchdog;
    this.maxQrs = options.maxQrs ?? 6;
    this.historyMaxAgeMs = options.historyMaxAgeMs ?? 24 * 3600_000;
    this.stableAfterMs = options.stableAfterMs ?? 60_000;
    this.logger = baileysLogger(ctx.log);
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.attempt = 0;
    this.qrCount = 0;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.closeSocket();
    await this.credsSaving;
  }

  async logout(): Promise<void> {
    this.stopped = true;
    const socket = this.socket;
    if (socket && this.connected) {
      this.detach();
      try {
        await socket.logout();
      } catch (error) {
        this.ctx.log.warn('logout failed; closing the socket anyway', { error });
        await socket.end(undefined).catch(() => undefined);
      }
    } else {
      await this.closeSocket();
    }
    await this.credsSaving;
  }

  retryNow(): void {
    if (this.stopped || this.reconnectTimer === undefined) return;
    this.ctx.timers.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.attempt = 0;
    void this.connect();
  }

  // ------------------------------------------------------------------ connection lifecycle

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const generation = ++this.generation;
    this.qrCount = 0;
    try {
      this.auth ??= await loadAuthState(this.ctx.credentials, this.logger);
      if (this.stopped || generation !== this.generation) return;
      const socket = this.factory({
        auth: this.auth.state,
        logger: this.logger,
        ...(this.options.version ? { version: this.options.version } : {}),
        markOnlineOnConnect: false,
        syncFullHistory: false,
        emitOwnEvents: false,
        shouldIgnoreJid: (jid) => isJidBroadcast(jid) || isJidNewsletter(jid),
        getMessage: async () => undefined,
      });
      this.socket = socket;
      this.bind(socket, generation);
    } catch (error) {
      if (error instanceof FencedError) return;
      this.ctx.log.warn('socket could not be opened', { error });
      this.onClose(error, generation);
    }
  }

  private bind(socket: BaileysSocket, generation: number): void {
    const live = () => generation === this.generation && !this.stopped;
    const on = <T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void) =>
      socket.ev.on(event, (arg) => {
        if (!live()) return;
        this.watchdog?.touch();
        try {
          listener(arg);
        } catch (error) {
          this.ctx.log.error(`handling ${event} failed`, { error });
        }
      });

    on('connection.update', (update) => this.onConnectionUpdate(update, generation));
    on('creds.update', () => this.saveCreds());
    on('messages.upsert', ({ messages }) => {
      for (const message of messages) this.receive(message, false);
    });
    on('messaging-history.set', ({ messages }) => {
      for (const message of messages) this.receive(message, true);
    });
    on('messages.update', (updates) => {
      for (const update of updates)
        void this.ctx.callbacks.onInbound(() => normaliseUpdate(update, this.normaliseContext()));
    });
    on('call', (calls) => {
      for (const call of calls)
        void this.ctx.callbacks.onInbound(() => normaliseCall(call, this.normaliseContext()));
    });
    // A LID and a number are one person: the server merges their contacts (docs/connector.md).
    on('lid-mapping.update', (mapping) => {
      this.ctx.callbacks.onInbound(async () => normaliseLidMapping(mapping, this.normaliseContext()));
    });
    socket.ws?.on('frame', () => {
      if (live()) this.watchdog?.touch();
    });
  }

  private onConnectionUpdate(update: Partial<ConnectionState>, generation: number): void {
    const { connection, qr, isNewLogin, lastDisconnect } = update;
    if (qr) {
      this.qrCount += 1;
      if (this.qrCount > this.maxQrs) {
        this.timedOut();
        return;
      }
      this.ctx.callbacks.onQr(qr);
    }
    if (isNewLogin) this.ctx.callbacks.onStatus('PAIRING');
    if (connection === 'connecting') this.ctx.callbacks.onStatus('OPENING', { retries: this.attempt });
    if (connection === 'open') {
      this.connected = true;
      this.openedAt = this.ctx.clock.now();
      // The backoff restarts only once a connection proved stable (see onClose): a socket that
      // opens and drops again at once keeps backing off.
      this.qrCount = 0;
      this.startWatchdog(generation);
      const me = this.socket?.user?.id ?? this.auth?.state.creds.me?.id;
      this.ctx.callbacks.onStatus('CONNECTED', { retries: 0, ...(me ? { number: jidUser(me) } : {}) });
    }
    if (connection === 'close') this.onClose(lastDisconnect?.error, generation);
  }

  private onClose(error: unknown, generation: number): void {
    if (this.stopped || generation !== this.generation) return;
    const wasStable = this.connected && this.ctx.clock.now() - this.openedAt >= this.stableAfterMs;
    // Only the close of an open connection is a disconnect; failed reconnections are not new ones.
    const wasConnected = this.connected;
    this.connected = false;
    this.watchdog?.stop();
    this.watchdog = null;
    this.socket = null;
    const code = statusCodeOf(error);
    const reason = disconnectReasonOf(error, this.qrCount > 0 && !this.auth?.registered());
    if (code === DisconnectReason.loggedOut) {
      void this.loggedOut();
      return;
    }
    if (reason === 'qr-expired') {
      // Baileys' own end of the QR codes ("QR refs attempts ended"): nobody scanned them.
      this.timedOut();
      return;
    }
    if (code === DisconnectReason.restartRequired) {
      // Expected right after pairing: reconnect at once.
      this.scheduleReconnect(0);
      return;
    }
    if (wasStable) this.attempt = 0;
    const delay = backoffDelay(this.attempt, this.ctx.backoff, this.ctx.random);
    this.attempt += 1;
    this.ctx.log.info('connection closed; reconnecting', { code, attempt: this.attempt, delayMs: delay });
    // A session that dropped (docs/operations.md, "Sessions dropping").
    emitCount(sessionDropsMetric);
    this.ctx.callbacks.onStatus('OPENING', { retries: this.attempt, ...(wasConnected ? { reason } : {}) });
    this.scheduleReconnect(delay);
  }

  private scheduleReconnect(delayMs: number): void {
    this.reconnectTimer = this.ctx.timers.setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, delayMs);
  }

  private async loggedOut(): Promise<void> {
    this.stopped = true;
    this.detach();
    this.ctx.log.info('logged out by WhatsApp: clearing credentials');
    // The reason travels with a status of its own; the session's end then writes DISCONNECTED.
    this.ctx.callbacks.onStatus('DISCONNECTED', { retries: 0, reason: 'logged-out' });
    emitCount(sessionDropsMetric);
    await this.credsSaving;
    this.auth = null;
    try {
      await this.ctx.credentials.clear();
    } catch (error) {
      this.ctx.log.error('credentials could not be cleared after a logout', { error });
    }
    this.ctx.callbacks.onCredentialsCleared();
  }

  private timedOut(): void {
    this.stopped = true;
    void this.closeSocket();
    this.ctx.callbacks.onStatus('TIMEOUT', { reason: 'qr-expired' });
  }

  private startWatchdog(generation: number): void {
    this.watchdog?.stop();
    const socket = this.socket;
    if (!socket) return;
    this.watchdog = startWatchdog({
      options: this.watchdogOptions,
      clock: this.ctx.clock,
      timers: this.ctx.timers,
      // A ping iq: the server must answer it.
      probe: () =>
        socket.query(
          {
            tag: 'iq',
            attrs: { to: 's.whatsapp.net', type: 'get', xmlns: 'w:p' },
            content: [{ tag: 'ping', attrs: {} }],
          },
          this.watchdogOptions.probeTimeoutMs,
        ),
      onDead: (reason) => {
        if (generation !== this.generation || this.stopped) return;
        this.ctx.log.warn('silent socket failed its probe; restarting it', { reason });
        const error = new Error('silent socket');
        // Detach first: the restart does not wait for a dead socket to report its close.
        this.generation += 1;
        void socket.end(error).catch(() => undefined);
        this.onClose(error, this.generation);
      },
    });
  }

  /** Closes the current socket and cancels any pending reconnection; no events after. */
  private async closeSocket(): Promise<void> {
    const socket = this.socket;
    this.detach();
    if (socket) await socket.end(undefined).catch(() => undefined);
  }

  private detach(): void {
    this.generation += 1;
    this.connected = false;
    this.socket = null;
    this.watchdog?.stop();
    this.watchdog = null;
    if (this.reconnectTimer !== undefined) this.ctx.timers.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
  }

  /** Coalesces creds.update bursts: one write in flight, then one more if anything changed. */
  private saveCreds(): void {
    this.credsDirty = true;
    if (this.credsSaving) return;
    this.credsSaving = (async () => {
      let failures = 0;
      while (this.credsDirty && this.auth) {
        this.credsDirty = false;
        try {
          await this.auth.saveCreds();
          failures = 0;
        } catch (error) {
          if (error instanceof FencedError) break;
          failures += 1;
          this.ctx.log.warn('credentials could not be saved; retrying', { error, failures });
          if (this.stopped && failures > 3) break;
          this.credsDirty = true;
          await sleep(this.ctx.timers, Math.min(30_000, 500 * 2 ** failures));
        }
      }
    })().finally(() => {
      this.credsSaving = null;
    });
  }

  // ------------------------------------------------------------------ inbound

  private normaliseContext(): NormaliseContext {
    const lidMapping = (
      this.socket as {
        signalRepository?: { lidMapping?: { getPNForLID(lid: string): Promise<string | null> } };
      } | null
    )?.signalRepository?.lidMapping;
    return {
      companyId: this.ctx.companyId,
      whatsappId: this.ctx.whatsappId,
      nowMs: this.ctx.clock.now(),
      ...(lidMapping ? { resolvePn: (lid: string) => lidMapping.getPNForLID(lid) } : {}),
    };
  }

  private receive(message: WAMessage, fromHistory: boolean): void {
    if (fromHistory) {
      const seconds = Number(message.messageTimestamp ?? 0);
      if (seconds * 1000 < this.ctx.clock.now() - this.historyMaxAgeMs) return;
    }
    const id = message.key?.id;
    if (id && !isWhatsappMessageId(id)) {
      // It would name the media's S3 key and the message's table key: dropped here, and the ingest checks again.
      this.ctx.log.warn('inbound message with a malformed id dropped', {
        id: String(id).slice(0, 80),
        length: String(id).length,
      });
      return;
    }
    const socket = this.socket;
    void this.ctx.callbacks.onInbound(async () => {
      const normalised = await normaliseMessage(message, this.normaliseContext());
      if (!normalised) return null;
      const { event, media } = normalised;
      if (!media || event.kind !== 'message' || !socket) return event;
      const refused = refusedMediaSource(message);
      if (refused) {
        // Server-side request forgery: the sender names the URL; only WhatsApp's media hosts are fetched.
        this.ctx.log.warn('inbound media not fetched', { messageId: event.messageId, ...refused });
        return event;
      }
      const key = mediaKeyOf(this.ctx.companyId, this.ctx.whatsappId, event.messageId);
      for (let attempt = 0; attempt < mediaAttempts; attempt += 1) {
        try {
          const bytes = await this.download(message, socket);
          const { mimetype } = await storeInboundMedia(this.ctx.media, key, bytes, media);
          return {
            ...event,
            media: { key, mimetype, fileName: media.fileName, sizeBytes: bytes.byteLength },
          };
        } catch (error) {
          if (error instanceof MediaSourceRefusedError) {
            this.ctx.log.warn('inbound media not fetched', { messageId: event.messageId, ...error.refused });
            break;
          }
          this.ctx.log.warn('media download or upload failed', {
            error,
            attempt,
            messageId: event.messageId,
          });
          if (attempt + 1 < mediaAttempts) await sleep(this.ctx.timers, 1000 * 2 ** attempt);
        }
      }
      // The message still reaches the ticket, without its media.
      return event;
    });
  }

  private download(message: WAMessage, socket: BaileysSocket): Promise<Uint8Array> {
    if (this.options.downloadMedia) return this.options.downloadMedia(message, socket);
    return downloadMediaMessage(
      message,
      'buffer',
      {},
      {
        logger: this.logger,
        // The re-uploaded message names a new URL: it is checked like the first one.
        reuploadRequest: checkedReupload((m) => socket.updateMediaMessage(m)),
      },
    );
  }

  // ------------------------------------------------------------------ commands

  private requireSocket(): BaileysSocket {
    if (!this.socket || !this.connected) throw new NotConnectedError();
    return this.socket;
  }

  /**
   * Where a chat's traffic goes: a number whose LID Baileys knows is addressed by its LID, the id
   * WhatsApp itself uses for that person's chat (sends to the number of a LID-migrated account are
   * refused with error 463: docs/decisions, "LID contacts"); anything else as given.
   */
  private async addressOf(chat: string): Promise<string> {
    const jid = toJid(chat);
    if (!isPnUser(jid)) return jid;
    const lidMapping = (
      this.socket as { signalRepository?: { lidMapping?: { getLIDForPN(pn: string): Promise<string | null> } } } | null
    )?.signalRepository?.lidMapping;
    const lid = await lidMapping?.getLIDForPN(jid).catch(() => null);
    return lid && isLidUser(lid) ? jidNormalizedUser(lid) : jid;
  }

  async sendMessage(message: OutgoingMessage): Promise<void> {
    const socket = this.requireSocket();
    const jid = await this.addressOf(message.to);
    if (message.menu && !message.media) {
      await socket.relayMessage(jid, menuContent(message.body, message.menu), { messageId: message.messageId });
      return;
    }
    let bytes: Buffer | null = null;
    if (message.media) bytes = Buffer.from((await this.ctx.media.get(message.media.key)).bytes);
    await socket.sendMessage(jid, messageContent(message.body, message.media, bytes), {
      messageId: message.messageId,
      ...(message.quoted ? { quoted: quotedMessage(jid, message.quoted) } : {}),
    });
  }

  async deleteMessage(input: { chat: string; messageId: string; fromMe: boolean }): Promise<void> {
    const jid = await this.addressOf(input.chat);
    await this.requireSocket().sendMessage(jid, {
      delete: { remoteJid: jid, fromMe: input.fromMe, id: input.messageId },
    });
  }

  async editMessage(input: { chat: string; messageId: string; body: string }): Promise<{ editId: string | null }> {
    const jid = await this.addressOf(input.chat);
    const sent = await this.requireSocket().sendMessage(jid, {
      text: input.body,
      edit: { remoteJid: jid, fromMe: true, id: input.messageId },
    });
    const editId = sent?.key?.id;
    return { editId: isWhatsappMessageId(editId) ? editId : null };
  }

  async markRead(input: { chat: string; messageIds: string[] }): Promise<void> {
    const jid = await this.addressOf(input.chat);
    await this.requireSocket().readMessages(
      input.messageIds.map((id) => ({ remoteJid: jid, id, fromMe: false })),
    );
  }

  async checkNumber(number: string): Promise<{ exists: boolean; jid: string | null }> {
    const [found] = (await this.requireSocket().onWhatsApp(number)) ?? [];
    return found?.exists ? { exists: true, jid: found.jid } : { exists: false, jid: null };
  }

  async profilePicture(chat: string): Promise<string | null> {
    const socket = this.requireSocket();
    try {
      return (await socket.profilePictureUrl(toJid(chat), 'image', 15_000)) ?? null;
    } catch (error) {
      // No picture, or one only contacts may see.
      this.ctx.log.debug('no profile picture', { error });
      return null;
    }
  }

  async rejectCall(input: { callId: string; from: string }): Promise<void> {
    await this.requireSocket().rejectCall(input.callId, toJid(input.from));
  }
}
