import { useEffect, type ReactNode } from 'react';
import { liveSocket } from '../../lib/live-socket.ts';
import { useAuth } from './auth/index.ts';
import { ForcedLogoutWatcher } from './ForcedLogoutWatcher.tsx';

/** Keeps the live channel open exactly while someone is signed in, and listens for forced sign-outs. */
export function LiveSocketProvider({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
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
