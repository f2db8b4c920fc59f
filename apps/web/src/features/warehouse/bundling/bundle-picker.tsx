import type { BundleLookupItem } from '@backoffice/contracts';
import { Select, theme } from 'antd';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../shared/lib/use-debounced.ts';
import { formatQuantity, UnitLabel } from '../../inventory/index.ts';
import { useBundleLookup } from './api.ts';

const label = (b: Pick<BundleLookupItem, 'sku' | 'name'>) => `${b.sku} · ${b.name}`;

/**
 * Chooses an active bundle by SKU or name (the server's lookup, a few at a time); `onPicked` hands over the
 * bundle with its recipe. `known` labels the current value before any search (a filter read from the URL).
 */
export function BundlePicker({
  value,
  onChange,
  onPicked,
  known,
  allowClear,
  placeholder,
  id,
  testId,
  'aria-label': ariaLabel,
  style,
}: {
  value?: string | null;
  onChange?: (id: string | null) => void;
  onPicked?: (bundle: BundleLookupItem | null) => void;
  known?: Pick<BundleLookupItem, 'id' | 'sku' | 'name'> | null;
  allowClear?: boolean;
  placeholder?: string;
  id?: string;
  testId?: string;
  'aria-label'?: string;
  style?: CSSProperties;
}) {
  const { t } = useTranslation('bundles');
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const lookup = useBundleLookup(q);
  const items = lookup.data?.items ?? [];
  const options = items.map((b) => ({ value: b.id, label: label(b) }));
  if (value && known && !options.some((o) => o.value === value)) options.unshift({ value, label: label(known) });
  return (
    <Select
      id={id}
      data-testid={testId}
      aria-label={ariaLabel}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      value={value ?? undefined}
      onChange={(next: string | undefined) => {
        onChange?.(next ?? null);
        onPicked?.(items.find((b) => b.id === next) ?? null);
        setText('');
      }}
      options={options}
      loading={lookup.isFetching}
      allowClear={allowClear}
      placeholder={placeholder ?? t('form.bundlePlaceholder')}
      notFoundContent={lookup.isFetching ? t('form.searching') : t('form.noBundle')}
      style={{ width: '100%', ...style }}
      popupMatchSelectWidth={false}
    />
  );
}

/** A bundle's recipe: what one bundle is made of. */
export function Recipe({ bundle }: { bundle: BundleLookupItem }) {
  const { t, i18n } = useTranslation('bundles');
  const { token } = theme.useToken();
  return (
    <div data-testid="bundle-recipe" style={{ marginBlockStart: token.marginXS }}>
      <div style={{ color: token.colorTextSecondary, marginBlockEnd: token.marginXXS }}>{t('form.recipe')}</div>
      <ul style={{ margin: 0, paddingInlineStart: token.paddingLG }}>
        {bundle.components.map((c) => (
          <li key={c.product.id}>
            <bdi style={{ fontVariantNumeric: 'tabular-nums' }}>{formatQuantity(c.perBundle, i18n.language)}</bdi>{' '}
            <UnitLabel unit={c.product.unit} /> × <bdi style={{ fontWeight: 600 }}>{c.product.sku}</bdi>{' '}
            <span style={{ color: token.colorTextSecondary }}>{c.product.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
