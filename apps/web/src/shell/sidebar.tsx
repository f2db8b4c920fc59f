import { CloseOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '../shared/lib/settings.ts';
import { SidebarMenu } from './sidebar-menu.tsx';

const SIDEBAR_WIDTH = 260;
const COLLAPSED_WIDTH = 80;

/**
 * The sidebar: logo linking to "/", a toggle on large screens and a close control on small ones, and
 * the menu filtered by the user's permissions (specification section 2.3).
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
  const { direction } = useSettings();
  const { token } = theme.useToken();

  const hidden = small && collapsed;
  const side = direction === 'rtl' ? 'right' : 'left';

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
        width={SIDEBAR_WIDTH}
        collapsible
        collapsed={collapsed}
        collapsedWidth={small ? 0 : COLLAPSED_WIDTH}
        trigger={null}
        inert={hidden}
        style={{
          overflow: 'auto',
          height: '100vh',
          position: small ? 'fixed' : 'sticky',
          top: 0,
          [side]: 0,
          zIndex: 100,
        }}
      >
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: collapsed ? 'center' : 'space-between',
            height: 64,
            padding: collapsed ? 0 : `0 ${token.padding}px`,
            gap: token.marginXS,
          }}
        >
          {collapsed ? null : (
            <Link to="/" style={{ color: '#fff', fontWeight: 600, fontSize: token.fontSizeLG, whiteSpace: 'nowrap' }}>
              {t('appName')}
            </Link>
          )}
          {small ? (
            <Button
              type="text"
              aria-label={t('sidebar.close')}
              icon={<CloseOutlined />}
              onClick={onClose}
              style={{ color: '#fff' }}
            />
          ) : (
            <Button
              type="text"
              aria-label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
              aria-expanded={!collapsed}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={onToggle}
              style={{ color: '#fff' }}
            />
          )}
        </div>
        <nav aria-label={t('sidebar.navigation')}>
          <SidebarMenu collapsed={collapsed} />
        </nav>
      </Layout.Sider>
    </>
  );
}
