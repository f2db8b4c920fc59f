import { CloseOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type SidebarWidth, useSettings } from '../shared/lib/settings.ts';
import { SidebarMenu } from './sidebar-menu.tsx';

/** Sidebar widths in pixels (the customizer's Small, Medium (default) and Large), and collapsed. */
const WIDTH_PX: Record<SidebarWidth, number> = { small: 200, medium: 250, large: 300 };
const COLLAPSED_WIDTH_PX = 80;

/**
 * The sidebar: logo linking to "/", a toggle on large screens and a close control on small ones, and
 * the menu filtered by the user's permissions (specification section 2.3). Its width, colour and
 * background image are the customizer's choices (section 2.5); the last two are drawn by shell.css.
 */
export function Sidebar({
  small,
  collapsed,
  onToggle,
  onClose,
}: {
  small: boolean;
  collapsed: boolean;
  onToggle: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const { token } = theme.useToken();

  const hidden = small && collapsed;
  const side = settings.direction === 'rtl' ? 'right' : 'left';

  return (
    <>
      {small && !collapsed ? (
        <button
          type="button"
          aria-label={t('sidebar.close')}
          onClick={onClose}
          style={{
            position: 'fixed',
            inset: 0,
            zIndex: 99,
            border: 0,
            background: 'rgba(0, 0, 0, 0.45)',
            cursor: 'default',
          }}
        />
      ) : null}
      <Layout.Sider
        data-testid="sidebar"
        className="bo-sidebar-bg"
        data-sidebar-art={settings.sidebarImageOn ? settings.sidebarImage : undefined}
        width={WIDTH_PX[settings.sidebarWidth]}
        collapsible
        collapsed={collapsed}
        collapsedWidth={small ? 0 : COLLAPSED_WIDTH_PX}
        trigger={null}
        inert={hidden}
        style={{
          overflow: 'auto',
          height: '100vh',
          position: small ? 'fixed' : 'sticky',
          top: 0,
          [side]: 0,
          zIndex: 100,
          // Closed on a small screen: out of sight (after the 0.2 s slide) as well as inert.
          ...(hidden ? { visibility: 'hidden' } : {}),
        }}
      >
        <div
          style={{
            display: 'flex',
            flexDirection: collapsed ? 'column' : 'row',
            alignItems: 'center',
            justifyContent: collapsed ? 'center' : 'space-between',
            minHeight: 64,
            padding: collapsed ? `${token.paddingSM}px 0` : `0 ${token.padding}px`,
            gap: token.marginXS,
          }}
        >
          <Link
            to="/"
            data-testid="sidebar-logo"
            aria-label={t('sidebar.home')}
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: token.marginSM,
              color: '#fff',
              fontWeight: 600,
              fontSize: token.fontSizeLG,
              whiteSpace: 'nowrap',
              minWidth: 0,
            }}
          >
            <span className="bo-logo-mark" aria-hidden />
            {collapsed ? null : <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{t('appName')}</span>}
          </Link>
          {small ? (
            <Button
              type="text"
              data-testid="sidebar-close"
              aria-label={t('sidebar.close')}
              icon={<CloseOutlined />}
              onClick={onClose}
              style={{ color: '#fff' }}
            />
          ) : (
            <Button
              type="text"
              data-testid="sidebar-toggle"
              aria-label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
              aria-expanded={!collapsed}
              icon={collapsed === (settings.direction === 'rtl') ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
              onClick={onToggle}
              style={{ color: '#fff' }}
            />
          )}
        </div>
        <nav aria-label={t('sidebar.navigation')}>
          <SidebarMenu collapsed={collapsed} small={small} onCloseMenu={onClose} />
        </nav>
      </Layout.Sider>
    </>
  );
}
