import type { ContactRecord } from '#data/contacts';
import type { TicketRecord } from '#data/tickets';

/**
 * The types every bot provider implements (docs/decisions.md, "AI prompts": the bot turn).
 * A provider is pure of storage and of sending: it gets its config (the prompt with its decrypted
 * key, or the queue integration) and the turn, calls its outside service, and returns an outcome
 * the hook stores and sends. Retryable failures (timeouts, 429, 5xx) throw ProviderUnavailable.
 */
export interface BotTurn {
  companyId: number;
  /** The ticket as it is now. */
  ticket: TicketRecord;
  contact: ContactRecord;
  /** The customer's message being answered. */
  message: { id: string; body: string; mediaType?: string; mediaKey?: string; timestamp: string };
  /** The last messages of the ticket, oldest first (read lazily, only by providers that need them). */
  history: () => Promise<{ fromMe: boolean; body: string }[]>;
  /** The provider's saved session state for this ticket (e.g. typebot sessionId); undefined at start. */
  state: Record<string, unknown> | undefined;
  /** Reads a stored media object (the customer's audio for transcription); absent where not wired. */
  readMedia?: (mediaKey: string) => Promise<Uint8Array | undefined>;
}

export interface BotReply {
  body: string;
  mediaUrl?: string;
  mediaType?: 'image' | 'audio' | 'video' | 'application';
  /** Bytes of a media reply the provider produced itself (e.g. a synthesised voice note). */
  media?: { data: Uint8Array; mimetype: string; fileName: string };
  delayMs?: number;
}

export interface BotTurnOutcome {
  /** Sent in order, stored as the bot's messages. */
  replies: BotReply[];
  /** New session state (null clears it; undefined keeps it). */
  state?: Record<string, unknown> | null;
  /** Stop the bot: the ticket goes back to the queue's people (pending list). */
  handOff?: { note?: string };
  /** Close the ticket. */
  close?: boolean;
  /** Tokens the provider spent (the AI's daily cap counts them). */
  usage?: { tokens: number };
}

export interface BotProvider {
  kind: string;
  answer(turn: BotTurn, config: unknown): Promise<BotTurnOutcome>;
}

/** A retryable failure of the outside service (timeout, 429, 5xx): the hook retries with backoff, then hands over. */
export class ProviderUnavailable extends Error {
  constructor(
    message: string,
    /** Seconds the service asked to wait (Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}
