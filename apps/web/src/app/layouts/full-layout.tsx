import { Layout, theme } from 'antd';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useSmallScreen } from '../../shared/lib/use-small-screen.ts';
import { RouteProgress } from '../../shared/ui/spinner.tsx';
import { AppFooter } from '../../shell/footer.tsx';
import { Navbar } from '../../shell/navbar.tsx';
import { Sidebar } from '../../shell/sidebar.tsx';
import { FullPageSpin } from '../guards.tsx';

/** Toggling the sidebar fires a window resize after 300 ms, so charts and tables re-measure (spec 2.1). */
const RESIZE_DELAY_MS = 300;

/** Sidebar, navbar, content and footer: the layout of a signed-in user. */
export function FullLayout() {
  const small = useSmallScreen();
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const navigation = useNavigation();
  const location = useLocation();
  const { token } = theme.useToken();

  const toggle = useCallback(() => {
    if (small) setMobileOpen((open) => !open);
    else setCollapsed((value) => !value);
    window.setTimeout(() => window.dispatchEvent(new Event('resize')), RESIZE_DELAY_MS);
  }, [small]);

  // On small screens the menu closes after each navigation.
  useEffect(() => {
    if (location.pathname) setMobileOpen(false);
  }, [location.pathname]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sidebar
        small={small}
        collapsed={small ? !mobileOpen : collapsed}
        onToggle={toggle}
        onClose={() => setMobileOpen(false)}
      />
      <Layout style={{ minWidth: 0 }}>
        <Navbar small={small} onToggleSidebar={toggle} />
        <Layout.Content style={{ padding: small ? token.paddingSM : token.paddingLG }}>
          {navigation.state === 'loading' ? <RouteProgress /> : null}
          <Suspense fallback={<FullPageSpin />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <AppFooter />
      </Layout>
    </Layout>
  );
}
