import { randomUUID } from 'node:crypto';
import { isAdmin, type Principal } from '#auth/principal';
import { AppError } from './app-error.ts';
import { matchesSearch } from './paging.ts';

export const quickMessagePageSize = 20;

interface QuickMessageLike {
  id: number;
  shortcode: string;
  message?: string;
  geral?: boolean;
  status?: boolean;
  userId: number;
}

/** What a user sees as their quick replies: the company's general ones and their own. */
export function isQuickMessageOf(userId: number, quickMessage: Pick<QuickMessageLike, 'geral' | 'userId'>): boolean {
  return quickMessage.geral === true || quickMessage.userId === userId;
}

/**
 * Whose view a list shows. An agent always sees their own view (general + own), whatever
 * `userId` they send. An admin sees everything, or with `userId` what that user sees.
 */
export function quickMessageViewer(principal: Principal, requestedUserId: number | undefined): number | 'all' {
  if (!isAdmin(principal)) return principal.userId;
  return requestedUserId ?? 'all';
}

/** May the caller read this one: an admin any, an agent the general ones and their own. */
export function mayReadQuickMessage(principal: Principal, quickMessage: Pick<QuickMessageLike, 'geral' | 'userId'>): boolean {
  return isAdmin(principal) || isQuickMessageOf(principal.userId, quickMessage);
}

/** Changing, deleting and attaching media: the author or an admin. */
export function assertMayChangeQuickMessage(principal: Principal, quickMessage: Pick<QuickMessageLike, 'userId'>): void {
  if (quickMessage.userId !== principal.userId && !isAdmin(principal)) throw new AppError('ERR_NO_PERMISSION');
}

/** The list for a viewer, searched on shortcode and message, in shortcode order. */
export function quickMessagesFor<T extends QuickMessageLike>(all: T[], viewer: number | 'all', search: string): T[] {
  return all
    .filter((item) => viewer === 'all' || isQuickMessageOf(viewer, item))
    .filter((item) => matchesSearch(search, item.shortcode, item.message))
    .sort((a, b) => a.shortcode.localeCompare(b.shortcode, 'es', { sensitivity: 'base' }) || a.id - b.id);
}

/** Where an attachment lives: a new key per upload, so a replaced file never shadows the new one. */
export function quickMessageMediaKey(companyId: number, quickMessageId: number): string {
  return `c${companyId}/quick-messages/${quickMessageId}/${randomUUID()}`;
}
