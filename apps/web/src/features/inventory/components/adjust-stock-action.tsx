import { EditOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { withQuery } from '../../../shared/lib/http.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';

/**
 * The manual-stock page, whose menu entry stays disabled (specification 2.4). It opens its override form
 * prefilled when given `adjust` (the product) with `warehouseId` and `locationId`. Only its URL is known here:
 * the manual-stock area builds on this one, so this one may not import it.
 */
export const MANUAL_STOCK_PATH = '/manual-stock/manual-stock-list';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export interface AdjustStockTarget {
  productId: string;
  warehouseId?: string | undefined;
  locationId?: string | null | undefined;
}

export function adjustStockUrl({ productId, warehouseId, locationId }: AdjustStockTarget): string {
  return withQuery(MANUAL_STOCK_PATH, {
    adjust: productId,
    ...(warehouseId ? { warehouseId } : {}),
    ...(locationId ? { locationId } : {}),
  });
}

/**
 * "Adjust stock" where stock is looked at (summary, list, a product's stock card): opens the manual stock
 * override prefilled with the product, warehouse and bin. Shown only to holders of view_manual_stock.
 */
export function AdjustStockAction({
  sku,
  warehouseCode,
  variant = 'link',
  ...target
}: AdjustStockTarget & { sku: string; warehouseCode?: string | undefined; variant?: 'link' | 'button' | 'icon' }) {
  const { t } = useTranslation('inventory');
  const { has } = usePermissions();
  const navigate = useNavigate();
  if (!has('view_manual_stock')) return null;
  const url = adjustStockUrl(target);
  // The visible words start the accessible name, which adds what is adjusted (a row's action is one of many).
  const name = warehouseCode
    ? t('adjust.actionFor', { sku, warehouse: warehouseCode })
    : t('adjust.actionForProduct', { sku });
  if (variant === 'icon')
    // A table row's action: the icon keeps wide tables narrow; its name and tooltip say what it does.
    return (
      <Tooltip title={t('adjust.action')}>
        <Link to={url} aria-label={name} data-testid="adjust-stock" style={{ padding: '0 4px' }}>
          <EditOutlined aria-hidden />
        </Link>
      </Tooltip>
    );
  return variant === 'button' ? (
    <Button
      icon={<EditOutlined aria-hidden />}
      aria-label={name}
      data-testid="adjust-stock"
      onClick={() => navigate(url)}
    >
      {t('adjust.action')}
    </Button>
  ) : (
    <Link to={url} aria-label={name} data-testid="adjust-stock" style={{ whiteSpace: 'nowrap' }}>
      {t('adjust.action')}
    </Link>
  );
}

/**
 * The table column with a row's "Adjust stock" (none for those without view_manual_stock), kept at the row's
 * end so the figures come first. Spread at the end of a page's columns.
 */
export function useAdjustStockColumn<T>(
  target: (row: T) => AdjustStockTarget & { sku: string; warehouseCode?: string | undefined },
): ColumnsType<T> {
  const { t } = useTranslation('inventory');
  const { has } = usePermissions();
  if (!has('view_manual_stock')) return [];
  return [
    {
      key: 'adjust',
      // Named for screen readers (a header is never empty); the cells say it to everyone.
      title: <span style={VISUALLY_HIDDEN}>{t('adjust.action')}</span>,
      align: 'end',
      width: 48,
      render: (_: unknown, row: T) => <AdjustStockAction variant="icon" {...target(row)} />,
    },
  ];
}
