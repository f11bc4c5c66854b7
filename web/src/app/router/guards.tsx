import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader.tsx';
import { planAllows } from '../../lib/plan.ts';
import { isAdminProfile } from '../../lib/profile.ts';
import { homePathFor } from '../../lib/screen-access.ts';
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

/**
 * Public routes: an authenticated visitor is sent to their home (extended §2.1 says /, which is
 * the dashboard of admins; agents land on the inbox, docs/decisions.md "Inbox: search tab and roles").
 */
export function RequireGuest() {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageLoader fullScreen />;
  if (status === 'signedIn') return <Navigate to={homePathFor(user)} replace />;
  return <Outlet />;
}

/** An unknown path: the signed-in user's home (the guards send anyone else to /login). */
export function HomeRedirect() {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageLoader fullScreen />;
  return <Navigate to={homePathFor(user)} replace />;
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

/** core §2 "Admin group" routes (connections, users, settings): other profiles go to their home. */
export function RequireAdmin() {
  const { user } = useAuth();
  if (!isAdminProfile(user?.profile)) return <Navigate to={homePathFor(user)} replace />;
  return <Outlet />;
}

/**
 * Campaign routes (extended §2.1) exist only while the browser holds the `cshow` flag (written
 * from the company's campaignsEnabled setting at sign-in), and only for admins of a company whose
 * plan allows campaigns.
 */
export function RequireCampaignsFlag() {
  const { user } = useAuth();
  const allowed =
    sessionStore.hasCampaignsFlag() &&
    isAdminProfile(user?.profile) &&
    planAllows(user?.company?.plan, 'useCampaigns');
  if (!allowed) return <Navigate to={homePathFor(user)} replace />;
  return <Outlet />;
}
