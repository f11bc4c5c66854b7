import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../app/providers/auth/index.ts';
import { t, type MessageKey } from '../i18n/index.ts';
import { ApiError } from './api-error.ts';
import { planAllows, type PlanFlag } from './plan.ts';
import { toast } from './toast.ts';

/** The plan-gated screens (extended §6): the message, then / after one second. */
const redirectDelayMs = 1000;

/** Whether the server refused a call because the company's plan has the feature off. */
export const planRefused = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'ERR_PLAN_FEATURE_DISABLED';

/** Whether the viewer's plan has `flag` on (core §3 Plan). */
export function usePlanAllows(flag: PlanFlag): boolean {
  const { user } = useAuth();
  return planAllows(user?.company?.plan, flag);
}

/** A refused plan-gated screen says `message`, then goes to / after one second. */
export function useNoPermissionRedirect(refused: boolean, message: MessageKey): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!refused) return;
    toast.error(t(message));
    // Replacing the entry: Back must not land on the refused screen and redirect again.
    const timer = setTimeout(() => void navigate('/', { replace: true }), redirectDelayMs);
    return () => clearTimeout(timer);
  }, [refused, navigate, message]);
}

/** A screen gated by `flag`: false (and the redirect) when the viewer's plan has it off. */
export function usePlanGate(flag: PlanFlag, message: MessageKey): boolean {
  const allowed = usePlanAllows(flag);
  useNoPermissionRedirect(!allowed, message);
  return allowed;
}
