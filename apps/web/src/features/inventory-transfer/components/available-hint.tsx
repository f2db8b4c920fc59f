import { compareDecimalText } from '@backoffice/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { formatQuantity, isPositive, useProductStock } from '../../inventory/index.ts';

/** Who may read a product's stock per warehouse (the contract of GET /api/inventory/products/:id). */
const STOCK_READERS = ['view_inventory_summary', 'view_inventory_list', 'view_manual_stock'] as const;

/**
 * What of a product is available (on hand less reserved) in the source warehouse, beside a line's
 * quantity: what a dispatch can take. Red when the line asks for more. Nothing for a reader who may
 * not see stock figures.
 */
export function AvailableHint({
  productId,
  warehouseId,
  quantity,
}: {
  productId: string;
  warehouseId: string;
  quantity?: string;
}) {
  const { t, i18n } = useTranslation('transfers');
  const { hasAny } = usePermissions();
  const allowed = hasAny(STOCK_READERS);
  const stock = useProductStock(allowed ? productId : undefined);
  if (!allowed || !stock.data) return null;
  const row = stock.data.warehouses.find((w) => w.warehouse.id === warehouseId);
  const available = row?.available ?? '0';
  const short = !!quantity && /^\d+(\.\d+)?$/.test(quantity) && exceeds(quantity, available);
  return (
    <Typography.Text type={short ? 'danger' : 'secondary'} data-testid="transfer-line-available">
      {t('form.available', {
        available: formatQuantity(available, i18n.language),
        onHand: formatQuantity(row?.onHand ?? '0', i18n.language),
      })}
      {short ? ` ${t('form.notEnough')}` : ''}
    </Typography.Text>
  );
}

/** Whether `asked` is more than `available`, compared as exact decimals (available may be negative). */
function exceeds(asked: string, available: string): boolean {
  if (!isPositive(available)) return isPositive(asked);
  return compareDecimalText(asked, available) > 0;
}
