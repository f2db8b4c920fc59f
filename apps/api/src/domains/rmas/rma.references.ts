import type { AreaReferences } from '../../platform/references.ts';
import { countRmasOfLocation, countRmasOfPartner, countRmasOfProduct, countRmasOfWarehouse } from './rma.repository.ts';

/** RMAs hold their supplier, warehouse, the products returned and the bins they are taken from. */
export const rmaReferences: AreaReferences = {
  entity: 'rma',
  holds: {
    product: countRmasOfProduct,
    warehouse: countRmasOfWarehouse,
    location: countRmasOfLocation,
    business_partner: countRmasOfPartner,
  },
};
