import type { QuickMessageRecord } from '#data/quick-messages';
import type { Audience, LiveListener } from '#domain/live-audience';
import { isQuickMessageOf } from '#domain/quick-message-rules';
import type { EventRule, LiveEvent } from '../../live/live-event.ts';
import { publicQuickMessage } from './serialize.ts';

const isAdminListener = (listener: LiveListener) => listener.profile === 'admin' || listener.isSuper;

/** Who sees a quick message in their lists: admins, its author, everyone when it is general. */
function sees(listener: LiveListener, item: Record<string, unknown> | undefined): boolean {
  if (!item) return false;
  return isAdminListener(listener) || isQuickMessageOf(listener.userId, { geral: item.geral === true, userId: Number(item.userId) });
}

/**
 * `quickmessage` events. Whoever sees it after the change gets `{ action, record }`; whoever saw
 * it before but no longer does (made private) gets `{ action: "delete", id }`, so lists merge
 * by id. A private quick message never reaches other agents.
 */
export const quickMessageEventRule: EventRule = (change) => {
  const item = change.newItem ?? change.oldItem;
  if (!item) return [];
  const companyId = Number(item.companyId);
  const deleted = { action: 'delete', id: item.id };
  if (change.kind === 'delete') {
    return [{ companyId, event: 'quickmessage', data: deleted, audience: (listener) => sees(listener, change.oldItem) }];
  }
  const after: Audience = (listener) => sees(listener, change.newItem);
  const onlyBefore: Audience = (listener) => sees(listener, change.oldItem) && !after(listener);
  const events: LiveEvent[] = [
    { companyId, event: 'quickmessage', data: { action: change.kind, record: publicQuickMessage(change.newItem as QuickMessageRecord) }, audience: after },
  ];
  if (change.oldItem) events.push({ companyId, event: 'quickmessage', data: deleted, audience: onlyBefore });
  return events;
};
