import type { ConnectionAlert } from '@atende/shared/entities/connection-health';
import type { ConnectionAlertRecord } from '#data/connection-health';
import { adminsOnly } from '#domain/live-audience';
import type { EventRule } from '../../live/live-event.ts';

/** An open alert as the API and the live event carry it. */
export function publicConnectionAlert(alert: Pick<ConnectionAlertRecord, 'whatsappId' | 'name' | 'kind' | 'reason' | 'openedAt'>): ConnectionAlert {
  return {
    whatsappId: Number(alert.whatsappId),
    name: String(alert.name ?? ''),
    kind: alert.kind,
    reason: alert.reason ?? null,
    openedAt: String(alert.openedAt),
  };
}

/**
 * `connectionAlert` events: `{ action: "create", alert }` when an incident opens and
 * `{ action: "delete", alert }` when it ends, to the company's admins (the banner).
 */
export const connectionAlertEventRule: EventRule = (change) => {
  const item = change.newItem ?? change.oldItem;
  if (!item || change.kind === 'update') return [];
  return [
    {
      companyId: Number(item.companyId),
      event: 'connectionAlert',
      data: {
        action: change.kind,
        alert: publicConnectionAlert(item as unknown as ConnectionAlertRecord),
      },
      audience: adminsOnly,
    },
  ];
};
