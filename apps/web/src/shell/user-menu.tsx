import { BgColorsOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { logout, useAuth } from '../shared/lib/auth.ts';

/** The user dropdown (bottom right): profile name, else e-mail; Customizer and Logout. */
export function UserMenu({ compact, onOpenCustomizer }: { compact: boolean; onOpenCustomizer: () => void }) {
  const { t } = useTranslation();
  const { profile } = useAuth();
  const shownName = profile?.name || profile?.email || t('navbar.account');
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          {
            key: 'customizer',
            icon: <BgColorsOutlined />,
            label: <span data-testid="open-customizer">{t('navbar.customizer')}</span>,
            onClick: onOpenCustomizer,
          },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: <span data-testid="logout">{t('navbar.logout')}</span>,
            onClick: () => void logout(),
          },
        ],
      }}
    >
      <Button
        type="text"
        data-testid="user-menu"
        icon={<UserOutlined />}
        aria-label={t('navbar.userMenu', { name: shownName })}
      >
        {compact ? null : (
          <span style={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis' }}>{shownName}</span>
        )}
      </Button>
    </Dropdown>
  );
}
