import { z } from 'zod';
import type { PermissionName } from '../users/permissions.ts';

/**
 * What a spreadsheet can be imported as. Each kind lists the fields its rows fill, so that a column
 * mapping can be saved (Excel mapping) for every kind, also those whose import screen comes later.
 */
export const IMPORT_KINDS = [
  'products',
  'inventory',
  'sales_invoices',
  'purchase_invoices',
  'channel_listings',
] as const;
export const ImportKind = z.enum(IMPORT_KINDS);
export type ImportKind = z.infer<typeof ImportKind>;

/** A field an import fills: its key, its English label (template header), and the headers it is known by. */
export interface ImportField {
  field: string;
  label: string;
  required?: boolean;
  /** Other headers that mean this field (compared ignoring case, spaces and punctuation). */
  aliases?: readonly string[];
}

export interface ImportKindDef {
  kind: ImportKind;
  label: string;
  /** Who may upload a file of this kind and have a mapping proposed (besides edit_excel_mapping). */
  permission: PermissionName;
  fields: readonly ImportField[];
}

/** Product rows: the fields of a product an .xlsx can carry (bundle components and images are set on the product screen). */
export const PRODUCT_IMPORT_FIELDS = [
  {
    field: 'sku',
    label: 'SKU',
    required: true,
    aliases: ['item code', 'product code', 'internal reference', 'default code', 'article number', 'code'],
  },
  { field: 'name', label: 'Name', required: true, aliases: ['product name', 'title', 'product'] },
  { field: 'brand', label: 'Brand', aliases: ['brand code'] },
  { field: 'barcodes', label: 'Barcodes', aliases: ['barcode', 'ean', 'upc', 'gtin', 'ean13', 'ean 13'] },
  { field: 'unit', label: 'Unit', aliases: ['unit of measure', 'uom'] },
  { field: 'kind', label: 'Kind', aliases: ['product type', 'type'] },
  { field: 'costPrice', label: 'Cost price', aliases: ['cost', 'unit cost', 'standard price'] },
  { field: 'salePrice', label: 'Sale price', aliases: ['price', 'sales price', 'list price'] },
  { field: 'vatRate', label: 'VAT rate', aliases: ['vat', 'vat %', 'tax', 'tax rate'] },
  { field: 'weightKg', label: 'Weight (kg)', aliases: ['weight'] },
  { field: 'lengthCm', label: 'Length (cm)', aliases: ['length'] },
  { field: 'widthCm', label: 'Width (cm)', aliases: ['width'] },
  { field: 'heightCm', label: 'Height (cm)', aliases: ['height'] },
  { field: 'reorderPoint', label: 'Reorder point', aliases: ['min qty', 'minimum quantity'] },
  { field: 'reorderQuantity', label: 'Reorder quantity', aliases: ['reorder qty'] },
  { field: 'active', label: 'Active', aliases: ['enabled'] },
] as const satisfies readonly ImportField[];
export type ProductImportField = (typeof PRODUCT_IMPORT_FIELDS)[number]['field'];

export const IMPORT_KIND_DEFS: Record<ImportKind, ImportKindDef> = {
  products: { kind: 'products', label: 'Products', permission: 'add_product', fields: PRODUCT_IMPORT_FIELDS },
  inventory: {
    kind: 'inventory',
    label: 'Inventory',
    permission: 'view_warehouse',
    fields: [
      { field: 'sku', label: 'SKU', required: true, aliases: ['item code', 'product code'] },
      { field: 'warehouse', label: 'Warehouse', required: true, aliases: ['warehouse code'] },
      { field: 'location', label: 'Location', aliases: ['bin', 'location code'] },
      { field: 'quantity', label: 'Quantity', required: true, aliases: ['qty', 'on hand', 'counted quantity'] },
      { field: 'unitCost', label: 'Unit cost', aliases: ['cost'] },
      { field: 'reason', label: 'Reason', aliases: ['note'] },
    ],
  },
  sales_invoices: {
    kind: 'sales_invoices',
    label: 'Sales invoices',
    permission: 'add_sales_invoice',
    fields: [
      { field: 'channel', label: 'Channel', aliases: ['marketplace', 'sales channel'] },
      { field: 'externalOrderId', label: 'Order id', required: true, aliases: ['order number', 'order id', 'order'] },
      { field: 'orderDate', label: 'Order date', aliases: ['date', 'invoice date'] },
      { field: 'customerName', label: 'Customer name', required: true, aliases: ['customer', 'buyer name', 'name'] },
      { field: 'customerEmail', label: 'Customer e-mail', aliases: ['email', 'e-mail', 'buyer email'] },
      { field: 'customerPhone', label: 'Customer phone', aliases: ['phone', 'telephone'] },
      { field: 'addressLine1', label: 'Address line 1', aliases: ['address', 'ship address 1', 'street'] },
      { field: 'addressLine2', label: 'Address line 2', aliases: ['ship address 2'] },
      { field: 'city', label: 'City', aliases: ['town', 'ship city'] },
      { field: 'postcode', label: 'Postcode', aliases: ['postal code', 'zip', 'ship postal code'] },
      { field: 'country', label: 'Country', aliases: ['country code', 'ship country'] },
      { field: 'warehouse', label: 'Warehouse', aliases: ['warehouse code'] },
      { field: 'currency', label: 'Currency', aliases: ['currency code'] },
      { field: 'sku', label: 'SKU', required: true, aliases: ['item code', 'product code'] },
      { field: 'quantity', label: 'Quantity', required: true, aliases: ['qty', 'quantity purchased'] },
      { field: 'unitPrice', label: 'Unit price', required: true, aliases: ['price', 'item price'] },
      { field: 'discount', label: 'Discount', aliases: ['item discount'] },
      { field: 'vatRate', label: 'VAT rate', aliases: ['vat', 'tax rate'] },
      { field: 'shippingCharge', label: 'Shipping charge', aliases: ['shipping', 'shipping price', 'postage'] },
      { field: 'carrierService', label: 'Carrier service', aliases: ['shipping service', 'service'] },
      { field: 'paymentType', label: 'Payment type', aliases: ['payment method'] },
      { field: 'paymentReference', label: 'Payment reference', aliases: ['transaction id'] },
    ],
  },
  purchase_invoices: {
    kind: 'purchase_invoices',
    label: 'Purchase invoices',
    permission: 'add_purchase_invoice',
    // A supplier's invoice sheet is read on Client Invoices Upload, where the supplier, number and dates are chosen
    // on the screen: the sheet's own are optional (when mapped, they are checked and offered).
    fields: [
      { field: 'supplier', label: 'Supplier', aliases: ['supplier code', 'vendor'] },
      {
        field: 'supplierInvoiceNumber',
        label: 'Supplier invoice number',
        aliases: ['invoice number', 'invoice no', 'invoice'],
      },
      { field: 'invoiceDate', label: 'Invoice date', aliases: ['date'] },
      { field: 'dueDate', label: 'Due date', aliases: ['payment due'] },
      { field: 'currency', label: 'Currency', aliases: ['currency code'] },
      { field: 'purchaseOrderNumber', label: 'Purchase order', aliases: ['po number', 'po', 'order number'] },
      // SKU or barcode: either column names the product (reading needs one of them mapped).
      { field: 'sku', label: 'SKU', aliases: ['item code', 'product code', 'article number'] },
      { field: 'barcode', label: 'Barcode', aliases: ['ean', 'upc', 'gtin', 'ean13'] },
      { field: 'quantity', label: 'Quantity', required: true, aliases: ['qty'] },
      { field: 'unitCost', label: 'Unit cost', required: true, aliases: ['cost', 'price', 'unit price'] },
      { field: 'discountPercent', label: 'Discount %', aliases: ['discount', 'disc', 'disc %', 'discount percent'] },
      { field: 'vatRate', label: 'VAT rate', aliases: ['vat', 'tax rate', 'vat code', 'vat %'] },
    ],
  },
  channel_listings: {
    kind: 'channel_listings',
    label: 'Channel listings',
    permission: 'edit_api_configuration',
    // A listing (channels/listings.ts) per row: the account by name, the product by our SKU (as in every other
    // kind), the channel's SKU (the listing's `sku`; empty: ours) and the channel's two ids.
    fields: [
      { field: 'account', label: 'Account', required: true, aliases: ['account name', 'channel account', 'channel'] },
      { field: 'sku', label: 'SKU', required: true, aliases: ['our sku', 'product sku', 'item code', 'product code'] },
      {
        field: 'channelSku',
        label: 'Channel SKU',
        aliases: ['seller sku', 'merchant sku', 'listing sku', 'custom label', 'channel sku'],
      },
      {
        field: 'externalId',
        label: 'External id',
        aliases: ['asin', 'listing id', 'item id', 'inventory item id'],
      },
      {
        field: 'externalRef',
        label: 'External reference',
        aliases: ['external ref', 'offer id', 'location id', 'product type'],
      },
    ],
  },
};

/** Any one of these lets a caller upload a file of some kind (the handler then checks that kind's own). */
export const IMPORT_FILE_PERMISSIONS = [
  'edit_excel_mapping',
  ...new Set(IMPORT_KINDS.map((k) => IMPORT_KIND_DEFS[k].permission)),
] as const satisfies readonly PermissionName[];

export function importFieldsOf(kind: ImportKind): readonly ImportField[] {
  return IMPORT_KIND_DEFS[kind].fields;
}
