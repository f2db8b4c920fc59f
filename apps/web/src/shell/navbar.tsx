import { MenuOutlined } from '@ant-design/icons';
import { Button, Layout, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppBreadcrumb } from './breadcrumb.tsx';
import { FullscreenToggle } from './fullscreen-toggle.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { PortalLinks } from './portal-links.tsx';
import { UserMenu } from './user-menu.tsx';

const Customizer = lazy(() => import('./customizer.tsx').then((module) => ({ default: module.Customizer })));

/** The top navbar: breadcrumb, sibling portals, full screen, language and the user dropdown (spec 2.2). */
export function Navbar({ small, onToggleSidebar }: { small: boolean; onToggleSidebar: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [customizerOpen, setCustomizerOpen] = useState(false);
  const [customizerLoaded, setCustomizerLoaded] = useState(false);
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: token.marginXS,
        padding: `0 ${small ? token.paddingSM : token.paddingLG}px`,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      {small ? (
        <Button
          type="text"
          data-testid="sidebar-toggle"
          aria-label={t('sidebar.open')}
          icon={<MenuOutlined />}
          onClick={onToggleSidebar}
        />
      ) : null}
      <div style={{ flex: 1, minWidth: 0 }}>
        <AppBreadcrumb visible={small ? 1 : 4} />
      </div>
      <PortalLinks compact={small} />
      <FullscreenToggle />
      <LanguageSwitcher compact={small} />
      <UserMenu
        compact={small}
        onOpenCustomizer={() => {
          setCustomizerLoaded(true);
          setCustomizerOpen(true);
        }}
      />
      {customizerLoaded ? (
        <Suspense fallback={null}>
          <Customizer open={customizerOpen} onClose={() => setCustomizerOpen(false)} />
        </Suspense>
      ) : null}
    </Layout.Header>
  );
}
