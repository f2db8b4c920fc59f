import type { AreaReferences } from '../../platform/references.ts';
import {
  countNotesOfLocation,
  countNotesOfPartner,
  countNotesOfProduct,
  countNotesOfWarehouse,
} from './grn.repository.ts';

/** Goods received notes hold their supplier, warehouse, the products received and the bins they went into. */
export const grnReferences: AreaReferences = {
  entity: 'good_received_note',
  holds: {
    product: countNotesOfProduct,
    warehouse: countNotesOfWarehouse,
    location: countNotesOfLocation,
    business_partner: countNotesOfPartner,
  },
};
