import { Select } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSupplierLookup } from '../../../lookups/api.ts';
import { useDebounced } from '../../../shared/lib/use-debounced.ts';
import { useReceivableOrders } from '../api.ts';

interface Supplier {
  id: string;
  code: string;
  name: string;
}

/**
 * A supplier picker searching the server as the reader types, showing "CODE · Name"; the value is the partner's
 * id. By default it offers the suppliers with orders waiting to be received (read from those orders, so
 * receiving needs no permission on business partners); `anySupplier` offers every business partner (a filter).
 */
export function SupplierSelect({
  value,
  onChange,
  allowClear,
  anySupplier,
  id,
  testId,
  'aria-label': ariaLabel,
  placeholder,
  style,
  autoFocus,
}: {
  value?: string | null;
  onChange?: (value: string | null, supplier: Supplier | null) => void;
  allowClear?: boolean;
  anySupplier?: boolean;
  id?: string;
  testId?: string;
  'aria-label'?: string;
  placeholder?: string;
  style?: CSSProperties;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('receiving');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const partners = useSupplierLookup({ page: 1, pageSize: 50, active: 'all', ...(q ? { q } : {}) }, !!anySupplier);
  const orders = useReceivableOrders({ page: 1, pageSize: 200, ...(q ? { q } : {}) }, !anySupplier);
  const [chosen, setChosen] = useState<Supplier | null>(null);
  const suppliers = useMemo(() => {
    const found = new Map<string, Supplier>();
    if (anySupplier) for (const p of partners.data?.items ?? []) found.set(p.id, p);
    else for (const o of orders.data?.items ?? []) if (o.supplier) found.set(o.supplier.id, o.supplier);
    if (chosen && chosen.id === value && !found.has(chosen.id)) found.set(chosen.id, chosen);
    return found;
  }, [anySupplier, partners.data, orders.data, chosen, value]);
  const options = [...suppliers.values()].map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` }));
  const loading = anySupplier ? partners.isFetching : orders.isFetching;
  return (
    <Select
      id={id}
      data-testid={testId}
      aria-label={ariaLabel}
      value={value ?? undefined}
      onChange={(next: string | undefined) => {
        const supplier = next ? (suppliers.get(next) ?? null) : null;
        setChosen(supplier);
        onChange?.(next ?? null, supplier);
      }}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
      loading={loading}
      allowClear={allowClear}
      placeholder={placeholder ?? t('fast.supplierPlaceholder')}
      notFoundContent={loading ? '…' : t('create.noOrders')}
      style={{ width: '100%', ...style }}
      autoFocus={autoFocus}
    />
  );
}
