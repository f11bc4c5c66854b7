import { chatMenuSchema, type ChatMenu } from '@atende/shared/entities/chat-menu';
import { queryAllItems } from './paged-query.ts';

export interface SandboxSentMessage {
  id: string;
  to: string;
  body: string;
  mediaType: string | null;
  quotedId: string | null;
  /** A chatbot menu sent as a list or buttons (what the customer can tap). */
  menu: ChatMenu | null;
  sentAt: string;
  /** When the business edited it (the customer sees the new text). */
  editedAt: string | null;
}

/**
 * AP-SB-1: what the business sent to one sandbox customer, oldest first. The connector's sandbox
 * provider writes these items (`SANDBOX#<whatsappId>#OUT#<to>#<id>`, one per message id) as it
 * "delivers"; the key does not order them, their `sentAt` does (items written before 2026-12-05
 * carry the time in the key too, and sort the same way).
 */
export async function sandboxOutbox(companyId: number, whatsappId: number, to: string): Promise<SandboxSentMessage[]> {
  const items = await queryAllItems({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `C#${companyId}`, ':prefix': `SANDBOX#${whatsappId}#OUT#${to}#` },
  });
  const sent = items.map((item) => ({
    id: String(item.id),
    to: String(item.to),
    body: String(item.body ?? ''),
    mediaType: (item.mediaType as string | undefined) ?? null,
    quotedId: (item.quotedId as string | undefined) ?? null,
    menu: chatMenuSchema.safeParse(item.menu).data ?? null,
    sentAt: String(item.sentAt),
    editedAt: typeof item.editedAt === 'string' ? item.editedAt : null,
  }));
  return sent.sort((a, b) => (a.sentAt === b.sentAt ? 0 : a.sentAt < b.sentAt ? -1 : 1));
}
