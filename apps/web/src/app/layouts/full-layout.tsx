import { Layout, theme } from 'antd';
import '../../shell/shell.css';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { updateSettings, useSettings } from '../../shared/lib/settings.ts';
import { useSmallScreen } from '../../shared/lib/use-small-screen.ts';
import { RouteProgress } from '../../shared/ui/spinner.tsx';
import { AppFooter } from '../../shell/footer.tsx';
import { FullPageSpin } from '../../shell/guards.tsx';
import { Navbar } from '../../shell/navbar.tsx';
import { NOTIFICATION_TAB_WIDTH, NotificationSidebar } from '../../shell/notification-sidebar.tsx';
import { useRouteLoading } from '../../shell/route-loading.ts';
import { announceLayoutChange } from '../../shell/shell-service.ts';
import { Sidebar } from '../../shell/sidebar.tsx';

/**
 * Sidebar, navbar, content, footer and notification sidebar: the layout of a signed-in user. On large
 * screens the sidebar's toggle switches the compact (icons only) menu, a customizer setting kept for
 * the session; on small screens the menu opens over the page.
 */
export function FullLayout() {
  const small = useSmallScreen();
  const { compactMenu } = useSettings();
  const [mobileOpen, setMobileOpen] = useState(false);
  const routeLoading = useRouteLoading();
  const location = useLocation();
  const { token } = theme.useToken();

  const toggle = useCallback(() => {
    if (small) setMobileOpen((open) => !open);
    else updateSettings({ compactMenu: !compactMenu });
    announceLayoutChange();
  }, [small, compactMenu]);

  const close = useCallback(() => {
    setMobileOpen(false);
    announceLayoutChange();
  }, []);

  // On small screens the menu closes after each navigation.
  useEffect(() => {
    if (location.pathname) setMobileOpen(false);
  }, [location.pathname]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sidebar small={small} collapsed={small ? !mobileOpen : compactMenu} onToggle={toggle} onClose={close} />
      <Layout style={{ minWidth: 0 }}>
        <Navbar small={small} onToggleSidebar={toggle} />
        <Layout.Content
          style={{
            padding: small ? token.paddingSM : token.paddingLG,
            // The notification sidebar's tab (54 px, fixed on the end edge from the lg breakpoint) must
            // never cover data: the content keeps its width free.
            ...(small ? {} : { paddingInlineEnd: NOTIFICATION_TAB_WIDTH + token.paddingSM }),
          }}
        >
          {routeLoading ? <RouteProgress /> : null}
          <Suspense fallback={<FullPageSpin />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <AppFooter />
      </Layout>
      <NotificationSidebar hidden={small} />
    </Layout>
  );
}
