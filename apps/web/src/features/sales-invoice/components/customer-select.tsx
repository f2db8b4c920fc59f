import { Select } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { useDebounced } from '../../../shared/lib/use-debounced.ts';
import { useCustomerChoices } from '../api.ts';

export interface CustomerChoice {
  id: string;
  name: string;
  email: string | null;
}

/**
 * A customer picker searching by name, e-mail, phone or channel id as the reader types; the value is the
 * customer's id, `onPicked` hands over the customer chosen.
 */
export function CustomerSelect({
  value,
  onChange,
  onPicked,
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
  onPicked?: (customer: CustomerChoice) => void;
  current?: CustomerChoice | null;
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
  const list = useCustomerChoices(q, !disabled);
  const items = useMemo(() => {
    const found: CustomerChoice[] = (list.data?.items ?? []).map((c) => ({ id: c.id, name: c.name, email: c.email }));
    if (current && !found.some((c) => c.id === current.id)) found.unshift(current);
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
        const customer = items.find((c) => c.id === next);
        if (customer) onPicked?.(customer);
      }}
      options={items.map((c) => ({ value: c.id, label: c.email ? `${c.name} · ${c.email}` : c.name }))}
      loading={list.isFetching}
      allowClear={allowClear}
      disabled={disabled}
      placeholder={placeholder}
      style={style}
      popupMatchSelectWidth={false}
    />
  );
}
