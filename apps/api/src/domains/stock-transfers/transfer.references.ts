import type { AreaReferences } from '../../platform/references.ts';
import { countTransfersOfLocation, countTransfersOfProduct, countTransfersOfWarehouse } from './transfer.repository.ts';

/** Transfers hold their products, their two warehouses and the bins they ship from and receive into. */
export const transferReferences: AreaReferences = {
  entity: 'inventory_transfer',
  holds: { product: countTransfersOfProduct, warehouse: countTransfersOfWarehouse, location: countTransfersOfLocation },
};
