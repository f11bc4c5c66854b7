import { everyone } from '#domain/live-audience';
import type { EntityChange, EventRule, LiveEvent } from './live-event.ts';

/**
 * Which live events a change of each entity produces. Because events come from data changes
 * (the table's stream) and not from the write paths, no write can forget to notify. Later
 * issues add a rule per entity they introduce.
 */
export const eventRules: Record<string, EventRule> = {
  user: (change) => {
    const item = change.newItem ?? change.oldItem;
    if (!item) return [];
    const companyId = Number(item.companyId);
    if (change.kind === 'delete') {
      return [{ companyId, event: 'user', data: { action: 'delete', userId: item.id }, audience: everyone }];
    }
    return [{ companyId, event: 'user', data: { action: change.kind, user: publicUser(item) }, audience: everyone }];
  },
};

/** Never send credentials or session data over the live channel. */
const privateUserFields = new Set(['passwordHash', 'sessionId', 'refreshTokenHash', 'tokenVersion']);

function publicUser(item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).filter(([key]) => !privateUserFields.has(key)));
}

export function eventsFor(change: EntityChange): LiveEvent[] {
  const rule = eventRules[change.entity];
  return rule ? rule(change) : [];
}
