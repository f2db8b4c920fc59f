import type { InventorySettings, SystemConfiguration } from '@backoffice/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { SectionForm } from './section-form.tsx';

const valuesOf = (c: SystemConfiguration): InventorySettings => ({ ...c.inventory });
const toPatch = (v: InventorySettings): InventorySettings => ({ defaultWarehouseId: v.defaultWarehouseId ?? null });

/** The chosen warehouse as read-only text, for a reader who may not list warehouses. */
function WarehouseText({
  warehouse,
  id,
}: {
  warehouse: SystemConfiguration['status']['defaultWarehouse'];
  id?: string;
}) {
  const { t } = useTranslation('configuration');
  return (
    <Input
      id={id}
      readOnly
      disabled
      value={warehouse ? `${warehouse.code} · ${warehouse.name}` : t('inventory.none')}
      style={{ maxWidth: 480 }}
    />
  );
}

/** Stock: the warehouse documents start with. */
export function InventorySection({ configuration, canEdit }: { configuration: SystemConfiguration; canEdit: boolean }) {
  const { t } = useTranslation('configuration');
  const { has } = usePermissions();
  // Choosing needs the warehouse list; without it the choice is shown as text.
  const canPick = has('view_warehouse');
  const chosen = configuration.status.defaultWarehouse;
  return (
    <SectionForm
      group="inventory"
      configuration={configuration}
      valuesOf={valuesOf}
      toPatch={toPatch}
      canEdit={canEdit}
    >
      {() => (
        <Form.Item
          name="defaultWarehouseId"
          label={t('inventory.defaultWarehouse')}
          extra={t('inventory.defaultWarehouseHelp')}
        >
          {canPick ? (
            <WarehouseSelect
              activeOnly
              allowClear
              disabled={!canEdit}
              current={chosen}
              testId="default-warehouse"
              style={{ maxWidth: 480 }}
            />
          ) : (
            <WarehouseText warehouse={chosen} />
          )}
        </Form.Item>
      )}
    </SectionForm>
  );
}
