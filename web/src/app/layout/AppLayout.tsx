import { Suspense, useMemo } from 'react';
import { Outlet } from 'react-router-dom';
import { Alert } from '@aws-amplify/ui-react';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useConnectionsWarning, useLiveWhatsapps } from '../../features/connections/use-live-whatsapps.ts';
import { ConnectionAlertBanner } from '../../features/connections/components/ConnectionAlertBanner.tsx';
import { t, type MessageKey } from '../../i18n/index.ts';
import { isAdminProfile } from '../../lib/profile.ts';
import { sessionStore } from '../../lib/storage.ts';
import { useAuth, usePaymentOnly } from '../providers/auth/index.ts';
import { menuDefinition, visibleMenu } from './menu.ts';
import { SideMenu } from './SideMenu.tsx';
import { TopBar } from './TopBar.tsx';
import { useDrawerState } from './use-drawer-state.ts';

/** The shell of every private screen: top bar, drawer menu, and the screen itself. */
export function AppLayout() {
  const { user } = useAuth();
  const paymentOnly = usePaymentOnly();
  const drawer = useDrawerState();
  const entries = useMemo(
    () =>
      visibleMenu(menuDefinition, {
        profile: user?.profile,
        isSuper: user?.super === true,
        plan: user?.company?.plan,
        paymentOnly,
        campaignsFlag: sessionStore.hasCampaignsFlag(),
      }),
    [user, paymentOnly],
  );
  // core §2 Layout: the connections item warns of connections that need attention (admins only).
  useLiveWhatsapps();
  const connectionsWarning = useConnectionsWarning(isAdminProfile(user?.profile) && !paymentOnly);
  const warnings = useMemo(
    () =>
      new Map<string, MessageKey>(connectionsWarning ? [['/connections', 'connections.menuWarning']] : []),
    [connectionsWarning],
  );

  return (
    <div className="app-shell">
      <TopBar menuOpen={drawer.open} onToggleMenu={drawer.toggle} />
      <div className="app-shell__body">
        {drawer.temporary && drawer.open && <div className="app-shell__backdrop" onClick={drawer.close} />}
        <SideMenu
          entries={entries}
          open={drawer.open}
          temporary={drawer.temporary}
          warnings={warnings}
          onNavigate={() => {
            if (drawer.temporary) drawer.close();
          }}
        />
        <main className="app-shell__main">
          {paymentOnly && (
            <Alert
              variation="error"
              heading={t('layout.expiredTitle')}
              className="app-shell__banner"
              role="alert"
              data-testid="expired-banner"
            >
              {t('layout.expiredBanner')}
            </Alert>
          )}
          {/* Connection health (issue #30): drops, QR needed, silence, for admins on every page. */}
          <ConnectionAlertBanner enabled={isAdminProfile(user?.profile) && !paymentOnly} />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
