import { BgColorsOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { logout, useAuth } from '../shared/lib/auth.ts';
import { PopupMenu } from './popup-menu.tsx';

/** The user dropdown (bottom right): profile name, else e-mail; Customizer and Logout. */
export function UserMenu({ compact, onOpenCustomizer }: { compact: boolean; onOpenCustomizer: () => void }) {
  const { t } = useTranslation();
  const { profile } = useAuth();
  const shownName = profile?.name || profile?.email || t('navbar.account');
  const name = t('navbar.userMenu', { name: shownName });
  return (
    <PopupMenu
      label={name}
      items={[
        {
          key: 'customizer',
          icon: <BgColorsOutlined />,
          label: t('navbar.customizer'),
          testId: 'open-customizer',
          onSelect: onOpenCustomizer,
        },
        {
          key: 'logout',
          icon: <LogoutOutlined />,
          label: t('navbar.logout'),
          testId: 'logout',
          dividerBefore: true,
          onSelect: () => void logout(),
        },
      ]}
      trigger={(props) => (
        <Button {...props} type="text" data-testid="user-menu" icon={<UserOutlined />} aria-label={name}>
          {compact ? null : (
            <span style={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis' }}>{shownName}</span>
          )}
        </Button>
      )}
    />
  );
}
