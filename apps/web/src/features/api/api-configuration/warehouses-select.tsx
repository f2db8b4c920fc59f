import { Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useWarehouses } from '../../../lookups/api.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';

/** More warehouses than a seller runs; the picker searches among them without asking the server again. */
const WAREHOUSES_READ = 200;

/**
 * Several warehouses, "CODE · Name", searched as the reader types; none chosen means all. Reading them needs
 * view_warehouse: without it the choice stays as saved and the picker says why it cannot change.
 */
export function WarehousesSelect({
  value,
  onChange,
  id,
  disabled,
}: {
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('channels');
  const { t: tw } = useTranslation('warehouses');
  const { has } = usePermissions();
  const canRead = has('view_warehouse');
  const list = useWarehouses({ page: 1, pageSize: WAREHOUSES_READ, sort: 'code' }, canRead);
  const chosen = value ?? [];
  const options = useMemo(() => {
    const items = list.data?.items ?? [];
    const known = new Set(items.map((w) => w.id));
    // An inactive warehouse is offered only while it is chosen, so it can be taken off.
    const offered = items
      .filter((w) => w.active || chosen.includes(w.id))
      .map((w) => ({
        value: w.id,
        label: `${w.code} · ${w.name}${w.active ? '' : ` (${tw('status.inactive')})`}`,
      }));
    return [...offered, ...chosen.filter((w) => !known.has(w)).map((w) => ({ value: w, label: w }))];
  }, [list.data, chosen, tw]);

  if (!canRead)
    return (
      <Typography.Text type="secondary" id={id}>
        {chosen.length ? t('form.warehousesChosen', { count: chosen.length }) : t('form.allWarehouses')}
        {' · '}
        {t('form.warehousesNoPermission')}
      </Typography.Text>
    );
  return (
    <Select
      id={id}
      mode="multiple"
      value={chosen}
      onChange={(next: string[]) => onChange?.(next)}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      loading={list.isFetching}
      disabled={disabled}
      allowClear
      placeholder={t('form.allWarehouses')}
      notFoundContent={list.isFetching ? tw('select.searching') : tw('select.noWarehouse')}
      data-testid="account-warehouses"
      style={{ width: '100%' }}
    />
  );
}
