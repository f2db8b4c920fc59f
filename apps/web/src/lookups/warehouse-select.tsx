import type { Warehouse } from '@backoffice/contracts';
import { Select } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../shared/lib/use-debounced.ts';
import { useWarehouseOption, useWarehouseOptions, type WarehouseOption } from './api.ts';

/**
 * A warehouse picker searching the server as the reader types (code, name or city), showing
 * "CODE · Name"; the value is the warehouse's id.
 */
export function WarehouseSelect({
  value,
  onChange,
  activeOnly,
  allowClear,
  disabled,
  id,
  testId,
  'aria-label': ariaLabel,
  style,
  current,
  placeholder,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** Offer active warehouses only (the chosen one stays shown even when it is not). */
  activeOnly?: boolean;
  allowClear?: boolean;
  disabled?: boolean;
  id?: string;
  testId?: string;
  'aria-label'?: string;
  style?: CSSProperties;
  /** The chosen warehouse when the caller knows it already (saves looking it up). */
  current?: Pick<Warehouse, 'id' | 'code' | 'name' | 'active'> | null;
  /** What an empty choice means where the picker is used ("all warehouses" in a filter). */
  placeholder?: string;
}) {
  const { t } = useTranslation('warehouses');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const list = useWarehouseOptions({ q, activeOnly: !!activeOnly });
  const lookup = useWarehouseOption(current === undefined ? (value ?? undefined) : undefined);
  const chosen = current === undefined ? lookup : current?.id === value ? current : undefined;
  const options = useMemo(() => {
    const items: WarehouseOption[] = [...list.items];
    if (chosen && !items.some((w) => w.id === chosen.id)) items.unshift(chosen);
    return items.map((w) => ({
      value: w.id,
      label: `${w.code} · ${w.name}${w.active ? '' : ` (${t('status.inactive')})`}`,
    }));
  }, [list.items, chosen, t]);
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
      allowClear={allowClear}
      disabled={disabled}
      placeholder={placeholder ?? t('select.warehouse')}
      notFoundContent={list.isFetching ? t('select.searching') : t('select.noWarehouse')}
      style={{ width: '100%', ...style }}
    />
  );
}
