import { useEffect, type ReactNode } from 'react';
import { liveSocket } from '../../lib/live-socket.ts';
import { useAuth } from './auth/index.ts';

/** Keeps the live channel open exactly while someone is signed in. */
export function LiveSocketProvider({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  useEffect(() => {
    if (status !== 'signedIn') return;
    liveSocket.connect();
    return () => liveSocket.disconnect();
  }, [status]);
  return children;
}
