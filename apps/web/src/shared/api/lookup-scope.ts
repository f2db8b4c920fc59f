import { createContext, useContext } from 'react';

/**
 * Which lookups the pickers under it read. By default ('master-data') they read the master data's own lists,
 * which need view_supplier, view_product or view_warehouse. The purchasing areas render under 'purchasing':
 * their pickers read /api/purchasing-lookups, which any purchasing screen's permission opens, so a buyer
 * given only purchasing permissions can still choose a supplier, products, a warehouse and bins. The
 * order-to-cash areas (sales-invoice, return-ticket) render under it too: their permissions open the products
 * and warehouses there.
 */
export type LookupScope = 'master-data' | 'purchasing';

export const LookupScopeContext = createContext<LookupScope>('master-data');

export function useLookupScope(): LookupScope {
  return useContext(LookupScopeContext);
}
