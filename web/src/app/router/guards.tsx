import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader.tsx';
import { sessionStore } from '../../lib/storage.ts';
import { useAuth } from '../providers/auth/index.ts';

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

/** Campaign routes exist only while the browser keeps the `cshow` flag (extended §2.1). */
export function RequireCampaignsFlag() {
  if (!sessionStore.hasCampaignsFlag()) return <Navigate to="/" replace />;
  return <Outlet />;
}
