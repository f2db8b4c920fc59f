import type { AreaReferences } from '../../platform/references.ts';
import { countNotesOfCustomer, countNotesOfProduct } from './credit-note.repository.ts';

/** Credit notes hold their customer and the products of their lines. */
export const creditNoteReferences: AreaReferences = {
  entity: 'credit_note',
  holds: {
    customer: countNotesOfCustomer,
    product: countNotesOfProduct,
  },
};
