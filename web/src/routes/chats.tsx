import { useAuth } from '../app/providers/auth/index.ts';
import { ChatsPage } from '../features/chats/components/ChatsPage.tsx';
import { usePlanGate } from '../lib/use-plan-gate.ts';

/**
 * /chats and /chats/:id (extended §2.8). A company whose plan has internal chat explicitly off
 * gets the plan-permission message and goes to / after 1 s, as the other plan-gated screens
 * (extended §6, §8); the server refuses its calls anyway.
 */
export default function ChatsRoute() {
  const { user } = useAuth();
  const allowed = usePlanGate('useInternalChat', 'chats.noPermission');
  if (!user || !allowed) return null;
  return <ChatsPage viewerId={user.id} />;
}
