import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrands } from './api.ts';

/**
 * A list's brand filter: brands found by code or name as the reader types, "Any brand" to clear;
 * the URL's brand shown by its code once loaded. Needs view_brand (the brands list's permission).
 */
export function BrandFilter({
  value,
  onChange,
  testId,
}: {
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  testId?: string;
}) {
  const { t } = useTranslation('products');
  const [q, setQ] = useState('');
  const brands = useBrands({ q: q || undefined, pageSize: 20, sort: 'code' });
  const options = [
    { value: '', label: t('list.anyBrand') },
    ...(brands.data?.items ?? []).map((b) => ({ value: b.id, label: `${b.code} · ${b.name}` })),
  ];
  return (
    <Select
      aria-label={t('fields.brand')}
      data-testid={testId}
      value={value ?? ''}
      onChange={(id: string) => onChange(id || undefined)}
      showSearch={{ filterOption: false, onSearch: setQ }}
      options={options}
      loading={brands.isFetching}
      style={{ minWidth: 180 }}
      popupMatchSelectWidth={false}
    />
  );
}
