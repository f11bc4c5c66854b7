import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader.tsx';
import { isAdminProfile } from '../../lib/profile.ts';
import { sessionStore } from '../../lib/storage.ts';
import { paymentOnlyPaths } from '../layout/menu.ts';
import { useAuth, usePaymentOnly } from '../providers/auth/index.ts';

/** Private routes: an unauthenticated visitor is sent to /login (core §2). */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageLoader fullScreen />;
  if (status === 'signedOut') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Public routes: an authenticated visitor is sent to / (extended §2.1). */
export function RequireGuest() {
  const { status } = useAuth();
  if (status === 'loading') return <PageLoader fullScreen />;
  if (status === 'signedIn') return <Navigate to="/" replace />;
  return <Outlet />;
}

/**
 * A company whose due date has passed, or that is switched off, may sign in only to pay: its
 * users (super users aside) are kept on the subscription page.
 */
export function RequireActiveCompany() {
  const paymentOnly = usePaymentOnly();
  const location = useLocation();
  if (paymentOnly && !paymentOnlyPaths.includes(location.pathname)) {
    return <Navigate to={paymentOnlyPaths[0] ?? '/subscription'} replace />;
  }
  return <Outlet />;
}

/** core §2 "Admin group" routes (connections, users, settings): other profiles go to /. */
export function RequireAdmin() {
  const { user } = useAuth();
  if (!isAdminProfile(user?.profile)) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Campaign routes exist only while the browser keeps the `cshow` flag (extended §2.1). */
export function RequireCampaignsFlag() {
  if (!sessionStore.hasCampaignsFlag()) return <Navigate to="/" replace />;
  return <Outlet />;
}
