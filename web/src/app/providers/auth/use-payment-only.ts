import { useMemo } from 'react';
import { isPaymentOnly } from '../../../lib/company-status.ts';
import { useAuth } from './auth-context.ts';

/**
 * Whether the signed-in user's company is expired or switched off and the user is not a super
 * user: such a session may only reach the subscription page (the server answers 402 elsewhere).
 */
export function usePaymentOnly(): boolean {
  const { user } = useAuth();
  const dueDate = user?.company?.dueDate;
  const status = user?.company?.status;
  const isSuper = user?.super;
  return useMemo(
    () => isPaymentOnly(user ? { super: isSuper, company: { dueDate, status } } : undefined, new Date()),
    [user, isSuper, dueDate, status],
  );
}
