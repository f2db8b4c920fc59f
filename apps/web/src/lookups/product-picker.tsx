import type { ProductKind, ProductLookupItem } from '@backoffice/contracts';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductLookup } from './api.ts';

/** How long typing pauses before the picker asks the server. */
const SEARCH_DELAY_MS = 250;

function useDebounced(value: string, delay: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export const productLabel = (p: Pick<ProductLookupItem, 'sku' | 'name'>) => `${p.sku} · ${p.name}`;

/**
 * Chooses a product by SKU, name or barcode (the server's lookup, a few at a time). `known` labels
 * the current value before any search; `exclude` hides products that cannot be chosen here.
 */
export function ProductPicker({
  value,
  onChange,
  onPicked,
  kind,
  exclude = [],
  known,
  ariaLabel,
  testId,
}: {
  value?: string;
  onChange?: (id: string | undefined) => void;
  onPicked?: (item: ProductLookupItem) => void;
  kind?: ProductKind;
  exclude?: readonly string[];
  known?: Pick<ProductLookupItem, 'id' | 'sku' | 'name'>;
  ariaLabel: string;
  testId?: string;
}) {
  const { t } = useTranslation('products');
  const [text, setText] = useState('');
  const q = useDebounced(text, SEARCH_DELAY_MS);
  const lookup = useProductLookup({ q, ...(kind ? { kind } : {}) });
  const items = (lookup.data?.items ?? []).filter((item) => item.id === value || !exclude.includes(item.id));
  const options = items.map((item) => ({ value: item.id, label: productLabel(item) }));
  if (value && known && !options.some((o) => o.value === value)) options.unshift({ value, label: productLabel(known) });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      value={value}
      onChange={(id: string) => {
        onChange?.(id);
        const item = items.find((i) => i.id === id);
        if (item) onPicked?.(item);
        setText('');
      }}
      options={options}
      loading={lookup.isFetching}
      placeholder={t('form.componentPlaceholder')}
      notFoundContent={lookup.isFetching ? t('form.searching') : t('form.noProductFound')}
      aria-label={ariaLabel}
      data-testid={testId}
      style={{ width: '100%' }}
      popupMatchSelectWidth={false}
    />
  );
}
