import type { ConnectionStatus } from '@atende/shared/entities/whatsapp';

export type { ConnectionStatus };

/** The providers a connection may use; the sandbox only where the server allows it (locally). */
export type ConnectionProvider = 'beta' | 'sandbox';

/** The settings a connection's edit modal sets, as both the answers and the saves carry them. */
export interface ConnectionSettings {
  name: string;
  isDefault: boolean;
  provider: string;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  expiresTicket: number;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  timeToTransfer: number | null;
  transferQueueId: number | null;
  queueIds: number[];
}

/** A WhatsApp connection as GET /whatsapp answers it (core §3), with every field filled in. */
export interface Whatsapp extends ConnectionSettings {
  id: number;
  status: ConnectionStatus;
  /** The QR to scan while the status is `qrcode`; '' when there is none. */
  qrcode: string;
  retries: number;
  /** The paired phone, or null. */
  number: string | null;
  promptId: number | null;
  /** The queue integration for tickets without a queue (absent from older answers). */
  integrationId?: number | null;
  /** Admins only; absent from live events (they never carry it). */
  token?: string;
  createdAt?: string;
  updatedAt: string;
  /** Connection health (issue #30): the last disconnect, when there was one, and its reason code. */
  lastDisconnectAt: string | null;
  lastDisconnectReason: string | null;
  /** Minutes without inbound (in opening hours) before the silent alert; 0 = off. */
  silenceMinutes: number;
}

/** What the edit modal sends to POST /whatsapp and PUT /whatsapp/{id}. */
export interface WhatsappPayload extends ConnectionSettings {
  integrationId?: number | null;
  promptId?: number | null;
  silenceMinutes?: number;
}
