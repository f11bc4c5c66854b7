import { useAuth } from '../../../app/providers/auth/index.ts';
import { useNoPermissionRedirect } from '../../../lib/use-plan-gate.ts';
import { AnnouncementsPage } from './AnnouncementsPage.tsx';

/**
 * /announcements: the super users' screen. Anyone else gets the spec's message and is sent to /
 * after 1 s (extended §6); the server refuses their writes anyway. The redirect hangs on a
 * boolean, not on the user record: the record is read again whenever the live socket opens
 * (decision 0121), and a new copy of it must not say the message a second time.
 */
export function AnnouncementsScreen() {
  const { user } = useAuth();
  const allowed = user?.super === true;
  useNoPermissionRedirect(user !== undefined && !allowed, 'announcements.denied');
  return allowed ? <AnnouncementsPage /> : null;
}
