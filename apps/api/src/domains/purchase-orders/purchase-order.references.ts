import type { AreaReferences } from '../../platform/references.ts';
import {
  countOrdersOfCostCenter,
  countOrdersOfCurrency,
  countOrdersOfLocation,
  countOrdersOfPartner,
  countOrdersOfProduct,
  countOrdersOfWarehouse,
} from './purchase-order.repository.ts';

/** Purchase orders hold their supplier, warehouses, products, bins, cost centre and currency. */
export const purchaseOrderReferences: AreaReferences = {
  entity: 'purchase_order',
  holds: {
    business_partner: countOrdersOfPartner,
    warehouse: countOrdersOfWarehouse,
    product: countOrdersOfProduct,
    location: countOrdersOfLocation,
    cost_center: countOrdersOfCostCenter,
    currency: countOrdersOfCurrency,
  },
};
