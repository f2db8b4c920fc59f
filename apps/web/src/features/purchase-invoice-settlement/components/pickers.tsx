import { PAYMENT_TYPES, type PaymentType } from '@backoffice/contracts';
import { Select } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../shared/lib/use-debounced.ts';
import { useProcessorOptions, useSupplierOptions } from '../api.ts';

interface Option {
  id: string;
  code: string;
  name: string;
}

interface PickerProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  allowClear?: boolean;
  id?: string;
  testId?: string;
  'aria-label'?: string;
  placeholder?: string;
  style?: CSSProperties;
  status?: 'error';
}

/** A server-searched picker ("CODE · Name"); the value is the id, the chosen record kept while the search moves on. */
function SearchPicker<T extends Option>({
  items,
  loading,
  onSearch,
  onChosen,
  value,
  onChange,
  allowClear,
  id,
  testId,
  'aria-label': ariaLabel,
  placeholder,
  style,
  status,
  label,
}: PickerProps & {
  items: readonly T[];
  loading: boolean;
  onSearch: (q: string) => void;
  onChosen?: (record: T | null) => void;
  label: (record: T) => string;
}) {
  const [chosen, setChosen] = useState<T | null>(null);
  const records = useMemo(() => {
    const found = new Map<string, T>();
    for (const item of items) found.set(item.id, item);
    if (chosen && chosen.id === value && !found.has(chosen.id)) found.set(chosen.id, chosen);
    return found;
  }, [items, chosen, value]);
  return (
    <Select
      id={id}
      data-testid={testId}
      aria-label={ariaLabel}
      value={value ?? undefined}
      status={status}
      onChange={(next: string | undefined) => {
        const record = next ? (records.get(next) ?? null) : null;
        setChosen(record);
        onChosen?.(record);
        onChange?.(next ?? null);
      }}
      options={[...records.values()].map((r) => ({ value: r.id, label: label(r) }))}
      showSearch={{ filterOption: false, onSearch }}
      onOpenChange={(open) => {
        if (!open) onSearch('');
      }}
      loading={loading}
      allowClear={allowClear}
      placeholder={placeholder}
      style={{ width: '100%', ...style }}
    />
  );
}

/** An active supplier, searched as the reader types. */
export function SupplierPicker(props: PickerProps) {
  const { t } = useTranslation('settlements');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const partners = useSupplierOptions(q);
  return (
    <SearchPicker
      {...props}
      placeholder={props.placeholder ?? t('fields.supplier')}
      items={partners.data?.items ?? []}
      loading={partners.isFetching}
      onSearch={setSearch}
      label={(s) => `${s.code} · ${s.name}`}
    />
  );
}

export interface ProcessorChoice extends Option {
  currency: string;
}

/** An active processor (the account the money leaves from), with its currency. */
export function ProcessorPicker(props: PickerProps & { onChosen?: (processor: ProcessorChoice | null) => void }) {
  const { t } = useTranslation('settlements');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const processors = useProcessorOptions(q, true);
  return (
    <SearchPicker<ProcessorChoice>
      {...props}
      placeholder={props.placeholder ?? t('fields.processor')}
      items={processors.data?.items ?? []}
      loading={processors.isFetching}
      onSearch={setSearch}
      label={(p) => `${p.code} · ${p.name} (${p.currency})`}
    />
  );
}

/** The specification's payment types, in its order, in the reader's language. */
export function usePaymentTypeOptions(): { value: PaymentType; label: string }[] {
  const { t } = useTranslation('settlements');
  return PAYMENT_TYPES.map((type) => ({ value: type, label: t(`paymentTypes.${type}`) }));
}

/** A payment type's words (the code itself for one a newer server knows). */
export function usePaymentTypeLabel() {
  const { t } = useTranslation('settlements');
  return (type: string) =>
    (PAYMENT_TYPES as readonly string[]).includes(type) ? t(`paymentTypes.${type as PaymentType}`) : type;
}
