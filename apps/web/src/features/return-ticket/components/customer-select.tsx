import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useCustomerChoices } from '../api.ts';

function useDebounced(value: string, delay = 250) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** An active customer by name, e-mail or phone as the reader types; the value is the customer's id. */
export function CustomerSelect({
  value,
  onChange,
  ariaLabel,
  placeholder,
  testId,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  ariaLabel: string;
  placeholder: string;
  testId?: string;
}) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const list = useCustomerChoices(q);
  const options = (list.data?.items ?? []).map((c) => ({
    value: c.id,
    label: c.email ? `${c.name} · ${c.email}` : c.name,
  }));
  return (
    <Select<string>
      aria-label={ariaLabel}
      data-testid={testId}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value ?? undefined}
      onChange={(id) => onChange(id ?? null)}
      options={options}
      loading={list.isFetching}
      placeholder={placeholder}
      allowClear
      style={{ width: 320, maxWidth: '100%' }}
    />
  );
}
