/**
 * n8n and webhook queue integrations, the pure part: what each customer message is sent as, how
 * it is signed, and what the receiver's answer means (docs/decisions.md, "Queue integrations").
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Headers of every delivery. The receiver checks the signature with the integration's key. */
export const integrationHeaders = {
  event: 'x-atende-event',
  delivery: 'x-atende-delivery',
  timestamp: 'x-atende-timestamp',
  signature: 'x-atende-signature',
} as const;

/** The JSON body of a delivery: the ticket, the contact, the message and the company; no secret. */
export interface IntegrationDelivery {
  event: 'message';
  integration: { id: number; name: string; type: string };
  company: { id: number };
  ticket: { id: number; uuid: string; status: string; queueId: number | null; whatsappId: number };
  contact: { id: number; name: string; number: string };
  message: { id: string; body: string; mediaType: string | null; timestamp: string };
}

/**
 * HMAC-SHA256 over `<timestamp>.<body>` (the unix seconds of the timestamp header and the raw
 * body), as `sha256=<hex>`: a captured request cannot be replayed under another timestamp.
 */
export function signDelivery(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does: recompute and compare in constant time. */
export function verifyDelivery(secret: string, timestamp: number, body: string, signature: string): boolean {
  const expected = Buffer.from(signDelivery(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The receiver's answer, as far as the conversation goes. */
export interface IntegrationAnswer {
  replies: { body: string; mediaUrl?: string }[];
  transfer: boolean;
  close: boolean;
}

const textKeys = ['text', 'reply', 'message', 'output', 'body'] as const;

/**
 * Reads a 2xx answer. An object (or an array of them, as n8n's "Respond to Webhook" often sends)
 * with `text` (or reply/message/output/body) is sent to the customer; `replies` may list several
 * texts or `{ text, mediaUrl }` (an object's own `mediaUrl` too, after its text); `transfer: true` (or handOff) hands the ticket to a person;
 * `close: true` closes it. An empty or non-JSON body answers nothing (a plain text body is sent as
 * it is, trimmed).
 */
export function readIntegrationAnswer(raw: string): IntegrationAnswer {
  const answer: IntegrationAnswer = { replies: [], transfer: false, close: false };
  const text = raw.trim();
  if (!text) return answer;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    answer.replies.push({ body: text });
    return answer;
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  for (const item of items) {
    if (typeof item === 'string') {
      if (item.trim()) answer.replies.push({ body: item.trim() });
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    for (const key of textKeys) {
      const value = record[key];
      if (typeof value === 'string' && value.trim()) {
        answer.replies.push({ body: value.trim() });
        break;
      }
    }
    // A medium named beside the text (or alone): sent after it, as media (webhook-provider.ts).
    if (typeof record.mediaUrl === 'string' && record.mediaUrl.trim())
      answer.replies.push({ body: '', mediaUrl: record.mediaUrl.trim() });
    if (Array.isArray(record.replies)) {
      for (const reply of record.replies) {
        if (typeof reply === 'string' && reply.trim()) answer.replies.push({ body: reply.trim() });
        else if (reply && typeof reply === 'object') {
          const { text: body, mediaUrl } = reply as { text?: unknown; mediaUrl?: unknown };
          const entry: { body: string; mediaUrl?: string } = {
            body: typeof body === 'string' ? body.trim() : '',
          };
          if (typeof mediaUrl === 'string' && mediaUrl) entry.mediaUrl = mediaUrl;
          if (entry.body || entry.mediaUrl) answer.replies.push(entry);
        }
      }
    }
    if (record.transfer === true || record.handOff === true) answer.transfer = true;
    if (record.close === true) answer.close = true;
  }
  return answer;
}
