import { z } from 'zod';
import { endpoint } from '../platform/endpoint.ts';
import { PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { ProductLookupItem, ProductLookupQuery } from '../products/products.ts';
import { CarrierServiceOption } from '../sales/shipments.ts';
import type { PermissionName } from '../users/permissions.ts';

/**
 * The purchasing screens' pickers (purchase orders, goods received notes, supplier and consignment invoice
 * uploads, settlements, RMAs). The master-data lists behind Admin need view_supplier, view_product and
 * view_warehouse; a buyer given only purchasing permissions must still choose a supplier, products and a
 * warehouse. These lookups answer only what a picker shows, to anyone holding a permission of a screen that
 * uses them (any one of the list grants), or the master data's own view permission.
 */
export const PURCHASING_PICKER_PERMISSIONS = [
  'view_purchase_order',
  'add_purchase_order',
  'edit_purchase_order',
  'view_good_received_note',
  'add_good_received_note',
  'view_purchase_invoice',
  'add_purchase_invoice',
  'edit_purchase_invoice',
  'view_purchase_invoice_settlement',
  'add_purchase_invoice_settlement',
  'view_rma',
  'add_rma',
  'edit_rma',
] as const satisfies readonly PermissionName[];

/**
 * The order-to-cash screens' permissions (sales invoices, their upload, pick and ship lists, return tickets): their
 * product and warehouse pickers read the same lookups, so a customer service agent or a picker without
 * view_product or view_warehouse can still choose them.
 */
export const ORDER_TO_CASH_PICKER_PERMISSIONS = [
  'view_sales_invoice',
  'add_sales_invoice',
  'edit_sales_invoice',
  'handle_pick_list_process',
  'ship_list',
  'view_return_ticket',
  'add_return_ticket',
  'edit_return_ticket',
] as const satisfies readonly PermissionName[];

/**
 * Who chooses a carrier or one of its services without managing carriers: the order-to-cash screens (an invoice's
 * service, the pick and ship lists' filters and selects) and the shipping claims (a claim's carrier, the list's filter).
 */
export const CARRIER_PICKER_PERMISSIONS = [
  ...ORDER_TO_CASH_PICKER_PERMISSIONS,
  'view_shipping_claim',
  'add_shipping_claim',
  'edit_shipping_claim',
  'approve_shipping_claim',
] as const satisfies readonly PermissionName[];

export const CarrierServiceLookupQuery = z.object({
  /** Defaults to the active services of active carriers (what can be shipped with); "all" for a filter of the past. */
  active: z.enum(['true', 'all']).default('true'),
});
export type CarrierServiceLookupQuery = z.input<typeof CarrierServiceLookupQuery>;

/** The page of a picker: small (50 at most), searched, the chosen record found by its id. */
const LookupQuery = z.object({
  page: PageQuery.shape.page,
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
  q: PageQuery.shape.q,
  /** The one record a picker shows as chosen before any search (its label). */
  id: Uuid.optional(),
  /** Defaults to active records only: pickers offer what can be used ("all" to show a chosen inactive one). */
  active: z.enum(['true', 'all']).default('true'),
});

export const SupplierLookupQuery = LookupQuery.extend({
  /** Consignment partners only (a Consignment PO, a consignment invoice). */
  consignment: z.enum(['true', 'false']).optional(),
});
export type SupplierLookupQuery = z.input<typeof SupplierLookupQuery>;

export const SupplierLookupItem = z
  .object({
    id: Uuid,
    code: z.string(),
    name: z.string(),
    /** The partner's default currency (ISO code), the order's default. */
    currency: z.string(),
    /** Days after the invoice the supplier is paid; the order's default. */
    paymentTermsDays: z.number().int(),
    consignment: z.boolean(),
    active: z.boolean(),
  })
  .meta({ id: 'SupplierLookupItem' });
export type SupplierLookupItem = z.infer<typeof SupplierLookupItem>;

export const WarehouseLookupQuery = LookupQuery;
export type WarehouseLookupQuery = z.input<typeof WarehouseLookupQuery>;

export const WarehouseLookupItem = z
  .object({ id: Uuid, code: z.string(), name: z.string(), active: z.boolean() })
  .meta({ id: 'WarehouseLookupItem' });
export type WarehouseLookupItem = z.infer<typeof WarehouseLookupItem>;

export const LocationLookupQuery = LookupQuery;
export type LocationLookupQuery = z.input<typeof LocationLookupQuery>;

export const LocationLookupItem = z
  .object({ id: Uuid, code: z.string(), zone: z.string(), active: z.boolean() })
  .meta({ id: 'LocationLookupItem' });
export type LocationLookupItem = z.infer<typeof LocationLookupItem>;

const TAG = 'purchasing-lookups';

export const purchasingLookupsApi = {
  lookupSuppliers: endpoint({
    method: 'GET',
    path: '/api/purchasing-lookups/suppliers',
    permission: ['view_supplier', ...PURCHASING_PICKER_PERMISSIONS],
    tag: TAG,
    summary:
      "Suppliers for a purchasing screen's picker, paged by code: id, code, name, currency, payment terms; search by code or name",
    query: SupplierLookupQuery,
    response: pageOf(SupplierLookupItem),
  }),
  lookupProducts: endpoint({
    method: 'GET',
    path: '/api/purchasing-lookups/products',
    permission: ['view_product', ...PURCHASING_PICKER_PERMISSIONS, ...ORDER_TO_CASH_PICKER_PERMISSIONS],
    tag: TAG,
    summary: "A few products for a purchasing screen's picker: SKU prefix first, then name or barcode matches",
    query: ProductLookupQuery,
    response: z.object({ items: z.array(ProductLookupItem) }),
  }),
  lookupWarehouses: endpoint({
    method: 'GET',
    path: '/api/purchasing-lookups/warehouses',
    permission: ['view_warehouse', ...PURCHASING_PICKER_PERMISSIONS, ...ORDER_TO_CASH_PICKER_PERMISSIONS],
    tag: TAG,
    summary: "Warehouses for a purchasing screen's picker, paged by code; search by code or name",
    query: WarehouseLookupQuery,
    response: pageOf(WarehouseLookupItem),
  }),
  lookupCarrierServices: endpoint({
    method: 'GET',
    path: '/api/purchasing-lookups/carrier-services',
    permission: ['handle_shipping_carriers', ...CARRIER_PICKER_PERMISSIONS],
    tag: TAG,
    summary:
      'The carriers’ services with their carrier, by carrier name then the carrier’s order: the active ones, or all for a filter',
    query: CarrierServiceLookupQuery,
    response: z.object({ items: z.array(CarrierServiceOption) }),
  }),
  lookupLocations: endpoint({
    method: 'GET',
    path: '/api/purchasing-lookups/warehouses/:id/locations',
    permission: ['view_warehouse', ...PURCHASING_PICKER_PERMISSIONS],
    tag: TAG,
    summary: "A warehouse's bins for a purchasing screen's picker, paged by code; search by code or zone",
    params: z.object({ id: Uuid }),
    query: LocationLookupQuery,
    response: pageOf(LocationLookupItem),
  }),
};
