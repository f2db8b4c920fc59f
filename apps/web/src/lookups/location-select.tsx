import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../shared/lib/use-debounced.ts';
import { useLocationOptions } from './api.ts';

/** A picker of one warehouse's active bins, searching the server by code or zone; the value is the bin's id. */
export function LocationSelect({
  warehouseId,
  value,
  onChange,
  current,
  disabled,
  id,
  testId,
  placeholder,
  'aria-label': ariaLabel,
}: {
  warehouseId: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The bin chosen so far, shown even when the first page of the search does not hold it. */
  current?: { id: string; code: string } | null;
  disabled?: boolean;
  id?: string;
  testId?: string;
  /** What an empty choice means where the picker is used ("no default bin", "all bins"). */
  placeholder?: string;
  'aria-label'?: string;
}) {
  const { t } = useTranslation('warehouses');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const list = useLocationOptions(warehouseId, q, !disabled);
  const options = useMemo(() => {
    const items = list.items.map((l) => ({
      value: l.id,
      label: l.zone ? `${l.code} · ${l.zone}` : l.code,
    }));
    if (current && !items.some((o) => o.value === current.id))
      items.unshift({ value: current.id, label: current.code });
    return items;
  }, [list.items, current]);
  return (
    <Select
      id={id}
      data-testid={testId}
      aria-label={ariaLabel}
      value={value ?? undefined}
      onChange={(next: string | undefined) => onChange?.(next ?? null)}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
      loading={list.isFetching}
      allowClear
      disabled={disabled}
      placeholder={placeholder ?? t('select.location')}
      notFoundContent={list.isFetching ? t('select.searching') : t('select.noLocation')}
      style={{ width: '100%' }}
    />
  );
}
