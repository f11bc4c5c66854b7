import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { connectionCheckDelayMs } from '@atende/shared/constants';
import { useLiveEvent } from '../../lib/use-live-event.ts';
import { useWhatsapps } from './api/get-whatsapps.ts';
import type { Whatsapp } from './api/types.ts';
import { whatsappsQueryKeys } from './api/whatsapps-query-keys.ts';
import type { connectionsWarningVisible } from './connection-warning.ts';
import { applyWhatsappEvent, parseWhatsappEvent } from './live-whatsapps.ts';

/**
 * Keeps the shared connections list current from the live `whatsapp` and `whatsappSession` events
 * (core §4), for every screen that reads it: the connections page, its QR modal and the menu badge.
 * Mounted once, in the app layout.
 */
export function useLiveWhatsapps(): void {
  const queryClient = useQueryClient();
  const merge = (name: 'whatsapp' | 'whatsappSession') => (data: unknown) => {
    const event = parseWhatsappEvent(name, data);
    if (!event) return;
    queryClient.setQueryData<Whatsapp[]>(whatsappsQueryKeys.list(), (current) =>
      applyWhatsappEvent(current, event),
    );
    if (event.action === 'delete')
      queryClient.removeQueries({ queryKey: whatsappsQueryKeys.detail(event.whatsappId) });
  };
  useLiveEvent('whatsapp', merge('whatsapp'));
  useLiveEvent('whatsappSession', merge('whatsappSession'));
}

/**
 * core §2 Layout: whether the connections menu item shows its warning badge. The check runs
 * connectionCheckDelayMs (2 s) after the layout mounts, for admins only: the rule (with the shared
 * schemas and zod behind it) is loaded then, so it stays out of the initial bundle; the list is
 * fetched then too, and from there the live events keep it current.
 */
export function useConnectionsWarning(isAdmin: boolean): boolean {
  const [rule, setRule] = useState<{ visible: typeof connectionsWarningVisible } | undefined>(undefined);
  useEffect(() => {
    if (!isAdmin) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      import('./connection-warning.ts')
        .then((module) => {
          if (!cancelled) setRule({ visible: module.connectionsWarningVisible });
        })
        .catch((error: unknown) => console.error(error));
    }, connectionCheckDelayMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [isAdmin]);
  const connections = useWhatsapps(isAdmin && rule !== undefined);
  return rule ? rule.visible({ isAdmin, checked: true, connections: connections.data }) : false;
}
