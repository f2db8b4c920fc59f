import type { PostalAddress } from '@backoffice/contracts';
import { Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { countryName, useLanguage } from './countries.ts';

/** An address as it is written on an envelope, with its use and whether it is that use's default. */
export function AddressCard({ address }: { address: PostalAddress }) {
  const { t } = useTranslation('partners');
  const { token } = theme.useToken();
  const language = useLanguage();
  return (
    <div
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.padding,
        minWidth: 0,
      }}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXXS, marginBottom: token.marginXS }}>
        <Tag>{t(`addressKinds.${address.kind}`)}</Tag>
        {address.isDefault ? <Tag color="blue">{t('address.default')}</Tag> : null}
      </div>
      <address style={{ fontStyle: 'normal', lineHeight: 1.6 }}>
        <div>{address.line1}</div>
        {address.line2 ? <div>{address.line2}</div> : null}
        <div>{address.city}</div>
        {address.county ? <div>{address.county}</div> : null}
        {address.postcode ? <bdi>{address.postcode}</bdi> : null}
        <div>{countryName(address.country, language)}</div>
      </address>
    </div>
  );
}

/** Addresses side by side, as many as fit. */
export function AddressGrid({ addresses }: { addresses: readonly PostalAddress[] }) {
  const { t } = useTranslation('partners');
  const { token } = theme.useToken();
  if (!addresses.length) return <p style={{ color: token.colorTextSecondary }}>{t('address.none')}</p>;
  return (
    <div
      style={{
        display: 'grid',
        gap: token.margin,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
      }}
    >
      {addresses.map((a) => (
        <AddressCard key={a.id} address={a} />
      ))}
    </div>
  );
}
