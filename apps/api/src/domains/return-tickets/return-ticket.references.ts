import type { AreaReferences } from '../../platform/references.ts';
import { countTicketsOfCustomer, countTicketsOfProduct, countTicketsOfWarehouse } from './return-ticket.repository.ts';

/** Return tickets hold their customer, warehouse and the products returned. */
export const returnTicketReferences: AreaReferences = {
  entity: 'return_ticket',
  holds: {
    customer: countTicketsOfCustomer,
    warehouse: countTicketsOfWarehouse,
    product: countTicketsOfProduct,
  },
};
