import type { QuickMessageRecord } from '#data/quick-messages';
import { publicAttachment } from '../media/public-attachment.ts';

/**
 * A quick message as the API and the live channel show it. `mediaPath` is a short-lived signed
 * URL where the caller had one made (REST answers); in live events it is null and `isMedia`
 * says to ask GET /quick-messages/{id}/media for one.
 */
export function publicQuickMessage(quickMessage: QuickMessageRecord, mediaUrl: string | null = null) {
  return {
    id: quickMessage.id,
    shortcode: quickMessage.shortcode,
    message: quickMessage.message ?? '',
    geral: quickMessage.geral ?? false,
    status: quickMessage.status ?? true,
    userId: quickMessage.userId,
    companyId: quickMessage.companyId,
    ...publicAttachment(quickMessage, mediaUrl),
    createdAt: quickMessage.createdAt,
    updatedAt: quickMessage.updatedAt,
  };
}
