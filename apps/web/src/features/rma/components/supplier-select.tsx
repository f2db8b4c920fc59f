import { Select } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { useSupplierLookup } from '../../../lookups/api.ts';
import { useDebounced } from '../../../shared/lib/use-debounced.ts';

export interface SupplierChoice {
  id: string;
  code: string;
  name: string;
}

/**
 * A supplier (business partner) picker searching the server as the reader types, showing "CODE · Name"; the value
 * is the partner's id. `current` labels a stored choice before any search.
 */
export function SupplierSelect({
  value,
  onChange,
  current,
  allowClear,
  activeOnly,
  id,
  testId,
  'aria-label': ariaLabel,
  placeholder,
  style,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  current?: SupplierChoice | null;
  allowClear?: boolean;
  activeOnly?: boolean;
  id?: string;
  testId?: string;
  'aria-label'?: string;
  placeholder?: string;
  style?: CSSProperties;
}) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const partners = useSupplierLookup({
    page: 1,
    pageSize: 50,
    ...(q ? { q } : {}),
    active: activeOnly ? 'true' : 'all',
  });
  const [chosen, setChosen] = useState<SupplierChoice | null>(current ?? null);
  const suppliers = useMemo(() => {
    const found = new Map<string, SupplierChoice>();
    for (const p of partners.data?.items ?? []) found.set(p.id, { id: p.id, code: p.code, name: p.name });
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
      placeholder={placeholder}
      style={{ width: '100%', ...style }}
    />
  );
}
