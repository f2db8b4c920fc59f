import type { AreaReferences } from '../../platform/references.ts';
import { countListsOfCarrier, countListsOfCarrierService, countListsOfWarehouse } from './ship-list.repository.ts';

/** Ship lists hold their warehouse and the carrier services (and so carriers) their invoices went with. */
export const shipListReferences: AreaReferences = {
  entity: 'ship_list',
  holds: {
    warehouse: countListsOfWarehouse,
    carrier: countListsOfCarrier,
    carrier_service: countListsOfCarrierService,
  },
};
