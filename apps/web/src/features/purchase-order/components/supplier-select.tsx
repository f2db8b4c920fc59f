import { Select } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { useDebounced } from '../../../shared/lib/use-debounced.ts';
import { useSuppliers } from '../api.ts';

export interface SupplierChoice {
  id: string;
  code: string;
  name: string;
  paymentTermsDays?: number;
  defaultCurrency?: string;
}

/**
 * A supplier (business partner) picker searching by code or name as the reader types; consignment partners
 * only for a Consignment PO. The value is the partner's id; `onPicked` hands over the partner (its terms and
 * currency fill the order's defaults).
 */
export function SupplierSelect({
  value,
  onChange,
  onPicked,
  consignment = false,
  current,
  allowClear,
  disabled,
  id,
  testId,
  'aria-label': ariaLabel,
  placeholder,
  style,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  onPicked?: (partner: SupplierChoice) => void;
  consignment?: boolean;
  current?: SupplierChoice | null;
  allowClear?: boolean;
  disabled?: boolean;
  id?: string;
  testId?: string;
  'aria-label'?: string;
  placeholder?: string;
  style?: CSSProperties;
}) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const list = useSuppliers(q, consignment, !disabled);
  const items = useMemo(() => {
    const found: SupplierChoice[] = (list.data?.items ?? []).map((p) => ({
      id: p.id,
      code: p.code,
      name: p.name,
      paymentTermsDays: p.paymentTermsDays,
      defaultCurrency: p.currency,
    }));
    if (current && !found.some((p) => p.id === current.id)) found.unshift(current);
    return found;
  }, [list.data, current]);
  return (
    <Select<string>
      id={id}
      data-testid={testId}
      aria-label={ariaLabel}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value ?? undefined}
      onChange={(next) => {
        onChange?.(next ?? null);
        const partner = items.find((p) => p.id === next);
        if (partner) onPicked?.(partner);
      }}
      options={items.map((p) => ({ value: p.id, label: `${p.code} · ${p.name}` }))}
      loading={list.isFetching}
      allowClear={allowClear}
      disabled={disabled}
      placeholder={placeholder}
      style={style}
      popupMatchSelectWidth={false}
    />
  );
}
