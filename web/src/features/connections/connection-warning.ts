import { connectionsNeedAttention } from '@atende/shared/entities/whatsapp';
import type { Whatsapp } from './api/types.ts';

export interface ConnectionsWarningInput {
  /** Only admins see the badge (the connections item is in the admin group). */
  isAdmin: boolean;
  /** The check runs connectionCheckDelayMs after load; before that no badge. */
  checked: boolean;
  /** The company's connections, kept current by the live events; undefined while loading. */
  connections: readonly Pick<Whatsapp, 'status'>[] | undefined;
}

/**
 * core §2 Layout: the connections menu item carries a warning badge when any connection is in
 * qrcode, PAIRING, DISCONNECTED, TIMEOUT or OPENING.
 */
export function connectionsWarningVisible({
  isAdmin,
  checked,
  connections,
}: ConnectionsWarningInput): boolean {
  return isAdmin && checked && connections !== undefined && connectionsNeedAttention(connections);
}
