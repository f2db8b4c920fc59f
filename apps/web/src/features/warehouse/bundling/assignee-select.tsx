import { Select } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../shared/lib/use-debounced.ts';
import { useAssigneeLookup } from './api.ts';

export interface AssigneeOption {
  id: string;
  username: string;
  name: string;
}

const label = (u: AssigneeOption) => (u.name && u.name !== u.username ? `${u.name} (${u.username})` : u.username);

/**
 * Chooses who works a task: active users holding process_bundle_task, searched on the server by user name or
 * name. `current` labels the chosen user before any search.
 */
export function AssigneeSelect({
  value,
  onChange,
  current,
  allowClear = true,
  placeholder,
  id,
  testId,
  'aria-label': ariaLabel,
  style,
}: {
  value?: string | null;
  onChange?: (id: string | null) => void;
  current?: AssigneeOption | null;
  allowClear?: boolean;
  placeholder?: string;
  id?: string;
  testId?: string;
  'aria-label'?: string;
  style?: CSSProperties;
}) {
  const { t } = useTranslation('bundles');
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const lookup = useAssigneeLookup(q);
  const options = useMemo(() => {
    const items = (lookup.data?.items ?? []).map((u) => ({ value: u.id, label: label(u) }));
    if (current && !items.some((o) => o.value === current.id))
      items.unshift({ value: current.id, label: label(current) });
    return items;
  }, [lookup.data, current]);
  return (
    <Select
      id={id}
      data-testid={testId}
      aria-label={ariaLabel}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      value={value ?? undefined}
      onChange={(next: string | undefined) => {
        onChange?.(next ?? null);
        setText('');
      }}
      options={options}
      loading={lookup.isFetching}
      allowClear={allowClear}
      placeholder={placeholder ?? t('form.assigneePlaceholder')}
      notFoundContent={lookup.isFetching ? t('form.searching') : t('form.noAssignee')}
      style={{ width: '100%', ...style }}
    />
  );
}
