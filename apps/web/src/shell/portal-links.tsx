import { AppstoreOutlined, ExportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../shared/lib/runtime-config.ts';
import { PopupMenu } from './popup-menu.tsx';

/** Links to the sibling portals, from the runtime configuration; a portal without an address is hidden. */
export function PortalLinks({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const config = runtimeConfig();
  const portals = [
    { key: 'edi', url: config.ediPortalUrl, label: t('navbar.portals.edi') },
    { key: 'brand', url: config.brandPortalUrl, label: t('navbar.portals.brand') },
    { key: 'refurbish', url: config.refurbishPortalUrl, label: t('navbar.portals.refurbish') },
  ].filter((portal) => portal.url !== '');
  if (portals.length === 0) return null;
  if (compact)
    return (
      <PopupMenu
        label={t('navbar.portals.title')}
        items={portals.map((portal) => ({ key: portal.key, label: portal.label, href: portal.url }))}
        trigger={(props) => (
          <Button {...props} type="text" icon={<AppstoreOutlined />} aria-label={t('navbar.portals.title')} />
        )}
      />
    );
  return (
    <>
      {portals.map((portal) => (
        <Button
          key={portal.key}
          type="link"
          href={portal.url}
          target="_blank"
          rel="noopener noreferrer"
          icon={<ExportOutlined />}
          iconPlacement="end"
        >
          {portal.label}
        </Button>
      ))}
    </>
  );
}
