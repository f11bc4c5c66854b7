import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../../app/providers/auth/index.ts';
import { t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { AnnouncementsPage } from './AnnouncementsPage.tsx';

/** extended §6, §8: after a permission failure the user goes to / in 1 s. */
export const deniedRedirectMs = 1000;

/**
 * /announcements: the super users' screen. Anyone else gets the spec's message and is sent to /
 * after 1 s (extended §6); the server refuses their writes anyway.
 */
export function AnnouncementsScreen() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const allowed = user?.super === true;
  useEffect(() => {
    if (!user || allowed) return;
    toast.error(t('announcements.denied'));
    const timer = setTimeout(() => void navigate('/', { replace: true }), deniedRedirectMs);
    return () => clearTimeout(timer);
  }, [user, allowed, navigate]);
  return allowed ? <AnnouncementsPage /> : null;
}
