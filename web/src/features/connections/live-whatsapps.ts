import { normalizeWhatsapp } from './api/normalize.ts';
import type { Whatsapp } from './api/types.ts';

/**
 * The live events of core §4 for connections: `whatsapp` carries `{ action: 'update', whatsapp }`
 * or `{ action: 'delete', whatsappId }`; `whatsappSession` carries `{ action: 'update', session }`
 * (status and QR changes) with the whole connection.
 */
export type WhatsappLiveEvent =
  { action: 'update'; whatsapp: Whatsapp } | { action: 'delete'; whatsappId: number };

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object';

export function parseWhatsappEvent(
  event: 'whatsapp' | 'whatsappSession',
  data: unknown,
): WhatsappLiveEvent | undefined {
  if (!isRecord(data)) return undefined;
  if (data.action === 'delete') {
    const id = Number(data.whatsappId ?? (isRecord(data.whatsapp) ? data.whatsapp.id : undefined));
    return Number.isInteger(id) && id > 0 ? { action: 'delete', whatsappId: id } : undefined;
  }
  if (data.action !== 'update' && data.action !== 'create') return undefined;
  const record = event === 'whatsappSession' ? data.session : data.whatsapp;
  if (!isRecord(record)) return undefined;
  const whatsapp = normalizeWhatsapp(record);
  return Number.isInteger(whatsapp.id) && whatsapp.id > 0 ? { action: 'update', whatsapp } : undefined;
}

/** An event older than what the list holds (a late delivery after a refetch) changes nothing. */
function isOlder(incoming: string, current: string): boolean {
  const a = Date.parse(incoming);
  const b = Date.parse(current);
  return Number.isFinite(a) && Number.isFinite(b) && a < b;
}

/**
 * Merges a live event into the connections list by id. An update replaces the connection where it
 * is (keeping what the event leaves out, such as the admin's token) or adds it in id order, unless
 * it is older than the list's copy; a new
 * default takes the role from the others at once, as the server does; a delete drops it.
 * An unloaded list stays unloaded.
 */
export function applyWhatsappEvent(
  list: Whatsapp[] | undefined,
  event: WhatsappLiveEvent,
): Whatsapp[] | undefined {
  if (!list) return list;
  if (event.action === 'delete') {
    return list.some((item) => item.id === event.whatsappId)
      ? list.filter((item) => item.id !== event.whatsappId)
      : list;
  }
  const incoming = event.whatsapp;
  const existing = list.find((item) => item.id === incoming.id);
  if (existing && isOlder(incoming.updatedAt, existing.updatedAt)) return list;
  const merged: Whatsapp = existing ? { ...existing, ...incoming } : incoming;
  const others = list
    .filter((item) => item.id !== incoming.id)
    .map((item) => (merged.isDefault && item.isDefault ? { ...item, isDefault: false } : item));
  return [...others, merged].sort((a, b) => a.id - b.id);
}
