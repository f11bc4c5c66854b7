import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../app/providers/auth/index.ts';
import { ChatsPage } from '../features/chats/components/ChatsPage.tsx';
import { t } from '../i18n/index.ts';
import { planAllows } from '../lib/plan.ts';
import { toast } from '../lib/toast.ts';

/**
 * /chats and /chats/:id (extended §2.8). A company whose plan has internal chat explicitly off
 * gets the plan-permission message and goes to / after 1 s, as the other plan-gated screens
 * (extended §6, §8); the server refuses its calls anyway.
 */
export default function ChatsRoute() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const allowed = planAllows(user?.company?.plan, 'useInternalChat');
  useEffect(() => {
    if (allowed) return;
    toast.error(t('chats.noPermission'));
    const timer = setTimeout(() => void navigate('/'), 1000);
    return () => clearTimeout(timer);
  }, [allowed, navigate]);
  if (!user || !allowed) return null;
  return <ChatsPage viewerId={user.id} />;
}
