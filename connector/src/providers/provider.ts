/**
 * One interface for every WhatsApp provider: `beta` (Baileys 7) and `sandbox` (a virtual phone).
 * The session manager creates one ProviderSession per running connection, after taking its
 * lease, and hears from it only through the callbacks.
 */
import type { ChatMenu } from '@atende/shared/entities/chat-menu';
import type { ConnectorCommand } from '@atende/shared/entities/connector-command';
import type { InboundEvent, InboundMedia } from '@atende/shared/entities/inbound-message';
import type { ConnectionStatus } from '@atende/shared/entities/whatsapp';
import type { DisconnectReason } from '@atende/shared/entities/connection-health';
import type { BackoffPolicy } from '../backoff.ts';
import type { Clock, Logger, MediaPort, TableRef, Timers } from '../ports.ts';
import type { CredentialStore } from '../table/credentials.ts';

export interface StatusDetails {
  /** The paired phone's number, with CONNECTED. */
  number?: string;
  /** Reconnection attempts so far, with OPENING. */
  retries?: number;
  /** Why the connection went down: only with the status that reports a disconnect (docs/connector.md, "Disconnect reasons"). */
  reason?: DisconnectReason;
}

export interface SessionCallbacks {
  /** A QR to scan (status `qrcode`). */
  onQr(qr: string): void;
  /** Any other status: PAIRING, OPENING, CONNECTED, DISCONNECTED, TIMEOUT. */
  onStatus(status: ConnectionStatus, details?: StatusDetails): void;
  /** A normalised event, or the work that produces it (media are uploaded first); kept in order. */
  /** Resolves once the event is handed to the inbound queue (or left in the spool). */
  onInbound(event: InboundEvent | (() => Promise<InboundEvent | null>)): Promise<void>;
  /** WhatsApp logged the session out and the provider cleared its credentials: the session is over. */
  onCredentialsCleared(): void;
}

export interface ProviderContext {
  companyId: number;
  whatsappId: number;
  /** This connection's credentials, every write fenced by the lease. */
  credentials: CredentialStore;
  media: MediaPort;
  table: TableRef;
  callbacks: SessionCallbacks;
  clock: Clock;
  timers: Timers;
  random: () => number;
  backoff: BackoffPolicy;
  log: Logger;
}

/** A message quoted by an outgoing one, as stored in the table. */
export interface QuotedMessage {
  id: string;
  fromMe: boolean;
  body: string;
  participant: string | null;
}

export interface OutgoingMessage {
  /** Our id: used as the WhatsApp message id, so receipts find it. */
  messageId: string;
  /** Digits or a JID. */
  to: string;
  body: string;
  media: InboundMedia | null;
  quoted: QuotedMessage | null;
  /** A chatbot menu to send as a list or buttons; the body is its numbered-text form. */
  menu?: ChatMenu | null;
}

export type SandboxCommand = Extract<
  ConnectorCommand,
  { type: 'sandboxScan' | 'sandboxInbound' | 'sandboxAck' | 'sandboxDrop' | 'sandboxExpireQr' | 'sandboxRestore' }
>;

export interface ProviderSession {
  /** Starts connecting (QR if not paired); returns once started, not once connected. */
  start(): Promise<void>;
  /** Closes the socket without logging out (the credentials stay valid); no callbacks after. */
  stop(): Promise<void>;
  /** Logs the device out of WhatsApp (best effort) and closes; the caller clears credentials. */
  logout(): Promise<void>;
  /** Skips a pending reconnection wait (the "try again" button). */
  retryNow(): void;
  sendMessage(message: OutgoingMessage): Promise<void>;
  deleteMessage(input: { chat: string; messageId: string; fromMe: boolean }): Promise<void>;
  /**
   * Edits the text of a message the business sent, for everyone; answers the edit's own WhatsApp
   * id when the provider knows it (so the edit echoed back by the phone is not applied twice).
   */
  editMessage(input: { chat: string; messageId: string; body: string }): Promise<{ editId: string | null }>;
  markRead(input: { chat: string; messageIds: string[] }): Promise<void>;
  checkNumber(number: string): Promise<{ exists: boolean; jid: string | null }>;
  /** The picture's URL, or null when there is none (or it is private). */
  profilePicture(chat: string): Promise<string | null>;
  rejectCall(input: { callId: string; from: string }): Promise<void>;
  /** Only the sandbox provider: the customer's side of the virtual phone. */
  sandbox?(command: SandboxCommand): Promise<void>;
}

export type ProviderFactory = (context: ProviderContext) => ProviderSession;

/** A command needing a live session arrived while it is not connected. */
export class NotConnectedError extends Error {
  override name = 'NotConnectedError';
  constructor(message = 'session not connected') {
    super(message);
  }
}

/** The media storage key of a message: `c<companyId>/w<whatsappId>/<messageId>`. */
export function mediaKeyOf(companyId: number, whatsappId: number, messageId: string): string {
  return `c${companyId}/w${whatsappId}/${messageId.replace(/[^\w.-]/g, '_')}`;
}
