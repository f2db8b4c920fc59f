import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermissions } from '../../shared/lib/permissions.tsx';
import type { OverrideStart } from './override-form-drawer.tsx';

/**
 * "Adjust stock" from a stock page (inventory's adjustStockUrl): `adjust` names the product, `warehouseId` (also
 * this list's filter) and `locationId` where it is. For holders of edit_manual_stock the override form opens
 * prefilled; others are told in words why it does not. Closing the form takes the request out of the URL.
 */
export function useAdjustStart(): { start: OverrideStart | undefined; clear: () => void; notice: ReactNode } {
  const { t } = useTranslation('inventory');
  const { has } = usePermissions();
  const [params, setParams] = useSearchParams();
  const productId = params.get('adjust');
  const clear = () =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('adjust');
        next.delete('locationId');
        return next;
      },
      { replace: true },
    );
  if (!productId) return { start: undefined, clear, notice: null };
  if (!has('edit_manual_stock'))
    return {
      start: undefined,
      clear,
      notice: (
        <Alert
          type="info"
          showIcon
          data-testid="adjust-view-only"
          title={t('adjust.viewOnly')}
          style={{ marginBottom: 16 }}
        />
      ),
    };
  const warehouseId = params.get('warehouseId') ?? undefined;
  const locationId = params.get('locationId') ?? undefined;
  return { start: { productId, warehouseId, locationId }, clear, notice: null };
}
