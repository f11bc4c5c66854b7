import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { resyncOnOpen } from '../../lib/live-resync.ts';
import { liveSocket } from '../../lib/live-socket.ts';
import { useAuth } from './auth/index.ts';
import { ForcedLogoutWatcher } from './ForcedLogoutWatcher.tsx';

/**
 * Keeps the live channel open exactly while someone is signed in, reads the screen's data again
 * each time it opens (what it missed before), and listens for forced sign-outs.
 */
export function LiveSocketProvider({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const queryClient = useQueryClient();
  useEffect(() => resyncOnOpen(liveSocket, queryClient), [queryClient]);
  useEffect(() => {
    if (status !== 'signedIn') return;
    liveSocket.connect();
    return () => liveSocket.disconnect();
  }, [status]);
  return (
    <>
      {status === 'signedIn' && user && <ForcedLogoutWatcher userId={user.id} />}
      {children}
    </>
  );
}
