/**
 * FIFO group and deduplication ids of the inbound queue (docs/connector.md): one group per chat
 * (`<companyId>:<whatsappId>:<chatJid>`), and a deduplication id per event, so a redelivered
 * message, ack, edit, revoke or call signal is queued once within SQS's five-minute window.
 * Connection ids are numbered per company, so every id starts with the company: two companies'
 * connection 1 must never deduplicate each other's messages.
 */
import { createHash } from 'node:crypto';
import type { InboundEvent } from '@atende/shared/entities/inbound-message';

const sha1 = (text: string): string => createHash('sha1').update(text).digest('hex');

/** SQS allows 1-128 characters of ASCII letters, digits and punctuation; anything else is hashed. */
export function sqsSafeId(id: string): string {
  return /^[\x21-\x7e]{1,128}$/.test(id) ? id : `sha1:${sha1(id)}`;
}

export function groupIdOf(event: InboundEvent): string {
  return sqsSafeId(`${event.companyId}:${event.whatsappId}:${event.chatJid}`);
}

export function deduplicationIdOf(event: InboundEvent): string {
  const prefix = `${event.companyId}:${event.whatsappId}:`;
  switch (event.kind) {
    case 'message':
      return sqsSafeId(`${prefix}${event.messageId}`);
    case 'ack':
      return sqsSafeId(`${prefix}${event.messageId}:ack:${event.ack}`);
    case 'edit':
      return sqsSafeId(
        event.editId ? `${prefix}${event.editId}` : `${prefix}${event.messageId}:edit:${sha1(event.body)}`,
      );
    case 'revoke':
      return sqsSafeId(`${prefix}${event.messageId}:revoke`);
    case 'call':
      return sqsSafeId(`${prefix}call:${event.callId}:${event.status}`);
    case 'lidMapping':
      return sqsSafeId(`${prefix}lid:${event.lid}:${event.pn}`);
  }
}
