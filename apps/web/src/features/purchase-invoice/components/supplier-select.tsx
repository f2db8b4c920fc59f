import { Select } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSupplierLookup } from '../../../lookups/api.ts';
import { useDebounced } from '../../../shared/lib/use-debounced.ts';

interface Supplier {
  id: string;
  code: string;
  name: string;
}

/** A supplier picker searching the suppliers (the purchasing lookup) as the reader types ("CODE · Name"); the value is the id. */
export function SupplierSelect({
  value,
  onChange,
  allowClear,
  id,
  testId,
  'aria-label': ariaLabel,
  placeholder,
  style,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  allowClear?: boolean;
  id?: string;
  testId?: string;
  'aria-label'?: string;
  placeholder?: string;
  style?: CSSProperties;
}) {
  const { t } = useTranslation('purchaseInvoices');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const partners = useSupplierLookup({ page: 1, pageSize: 50, active: 'all', ...(q ? { q } : {}) });
  const [chosen, setChosen] = useState<Supplier | null>(null);
  const suppliers = useMemo(() => {
    const found = new Map<string, Supplier>();
    for (const p of partners.data?.items ?? []) found.set(p.id, p);
    if (chosen && chosen.id === value && !found.has(chosen.id)) found.set(chosen.id, chosen);
    return found;
  }, [partners.data, chosen, value]);
  const options = [...suppliers.values()].map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` }));
  return (
    <Select
      id={id}
      data-testid={testId}
      aria-label={ariaLabel}
      value={value ?? undefined}
      onChange={(next: string | undefined) => {
        setChosen(next ? (suppliers.get(next) ?? null) : null);
        onChange?.(next ?? null);
      }}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
      loading={partners.isFetching}
      allowClear={allowClear}
      placeholder={placeholder ?? t('fields.supplier')}
      style={{ width: '100%', ...style }}
    />
  );
}
