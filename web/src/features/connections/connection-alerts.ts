import type { ConnectionAlert } from './api/connection-health.ts';

/** A `connectionAlert` live event: `{ action: "create" | "delete", alert }` (docs/live-events.md). */
export function applyConnectionAlertEvent(current: ConnectionAlert[] | undefined, data: unknown): ConnectionAlert[] | undefined {
  const event = data as { action?: unknown; alert?: Partial<ConnectionAlert> } | null;
  const alert = event?.alert;
  if (!current || !alert || typeof alert.whatsappId !== 'number' || typeof alert.kind !== 'string') return current;
  const others = current.filter((open) => !(open.whatsappId === alert.whatsappId && open.kind === alert.kind));
  if (event.action === 'delete') return others;
  if (event.action !== 'create') return current;
  return [...others, alert as ConnectionAlert];
}
