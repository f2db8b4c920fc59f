import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type BackState, productMovementsUrl } from '../urls.ts';

/**
 * The drill-down from a row to the product's stock and movements (keeping the row's warehouse as the
 * ledger's filter); the list it came from, with its filters, is where that page's "back" leads.
 */
export function ProductLink({ productId, sku, warehouseId }: { productId: string; sku: string; warehouseId?: string }) {
  const { t } = useTranslation('inventory');
  const location = useLocation();
  const state: BackState = { backTo: `${location.pathname}${location.search}` };
  return (
    <Link
      to={productMovementsUrl(productId, warehouseId ? { warehouseId } : {})}
      state={state}
      title={t('openMovements', { sku })}
      data-testid="product-movements-link"
    >
      <bdi>{sku}</bdi>
    </Link>
  );
}
