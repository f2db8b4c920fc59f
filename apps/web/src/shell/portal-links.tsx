import { AppstoreOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../shared/lib/runtime-config.ts';

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
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: portals.map((portal) => ({
            key: portal.key,
            label: (
              <a href={portal.url} target="_blank" rel="noopener noreferrer">
                {portal.label}
              </a>
            ),
          })),
        }}
      >
        <Button type="text" icon={<AppstoreOutlined />} aria-label={t('navbar.portals.title')} />
      </Dropdown>
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
