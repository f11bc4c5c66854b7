import { Suspense, useMemo } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useAuth } from '../providers/auth/index.ts';
import { menuDefinition, visibleMenu } from './menu.ts';
import { SideMenu } from './SideMenu.tsx';
import { TopBar } from './TopBar.tsx';
import { useDrawerState } from './use-drawer-state.ts';

/** The shell of every private screen: top bar, drawer menu, and the screen itself. */
export function AppLayout() {
  const { user } = useAuth();
  const drawer = useDrawerState();
  const entries = useMemo(
    () =>
      visibleMenu(menuDefinition, {
        profile: user?.profile,
        isSuper: user?.super === true,
        plan: user?.company?.plan,
      }),
    [user],
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
          onNavigate={() => {
            if (drawer.temporary) drawer.close();
          }}
        />
        <main className="app-shell__main">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
