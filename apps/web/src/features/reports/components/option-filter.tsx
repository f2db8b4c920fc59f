import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReportOptionKind, useReportOptions } from '../api.ts';

/** How long typing pauses before the filter asks the server. */
const SEARCH_DELAY_MS = 250;

/**
 * A report's warehouse, brand or product filter: choices found by code or name as the reader types
 * (from the reports' own options endpoint, so whoever may see a report may fill in its filters), the
 * URL's choice shown by its code once looked up; clearing it means "all".
 */
export function OptionFilter({
  kind,
  value,
  onChange,
  placeholder,
  ariaLabel,
  testId,
  minWidth = 200,
}: {
  kind: ReportOptionKind;
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  placeholder: string;
  ariaLabel: string;
  testId?: string;
  minWidth?: number;
}) {
  const { t } = useTranslation('reports');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useReportOptions(kind, q);
  const chosen = useReportOptions(kind, '', value);
  const options = useMemo(() => {
    const items = [...(found.data?.items ?? [])];
    const current = chosen.data?.items.find((o) => o.id === value);
    if (current && !items.some((o) => o.id === current.id)) items.unshift(current);
    return items.map((o) => ({ value: o.id, label: `${o.code} · ${o.name}` }));
  }, [found.data, chosen.data, value]);
  return (
    <Select
      data-testid={testId}
      aria-label={ariaLabel}
      placeholder={placeholder}
      value={value}
      onChange={(id?: string) => onChange(id || undefined)}
      options={options}
      allowClear
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      onOpenChange={(open) => {
        if (!open) setText('');
      }}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? t('filters.searching') : t('filters.nothingFound')}
      style={{ minWidth }}
      popupMatchSelectWidth={false}
    />
  );
}
