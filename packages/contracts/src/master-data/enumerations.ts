import { z } from 'zod';

/**
 * The specification's shared enumerations (section 3), word for word. Tables store these values;
 * the web app translates their labels.
 */
export const CURRENCY_CODES = ['GBP', 'EUR', 'USD'] as const;
export const CurrencyCode = z.enum(CURRENCY_CODES);
export type CurrencyCode = z.infer<typeof CurrencyCode>;
/** The currency the books are kept in; every other currency has dated rates to it. */
export const BASE_CURRENCY: CurrencyCode = 'GBP';

export const UNITS_OF_MEASURE = [
  'Unit',
  'Kilogram (Kg)',
  'Pound (lb)',
  'Liter (l)',
  'Meters (m)',
  'Inches',
  'Feet',
  'Gallon',
  'Ounce (oz)',
] as const;
export const UnitOfMeasure = z.enum(UNITS_OF_MEASURE);
export type UnitOfMeasure = z.infer<typeof UnitOfMeasure>;

export const INTEREST_TYPES = ['simple_interest', 'compound_interest'] as const;
export const InterestType = z.enum(INTEREST_TYPES);
export type InterestType = z.infer<typeof InterestType>;

export const PURCHASE_ORDER_TYPES = ['PRIOR_ORDER_PO', 'INVOICE_ORDER_PO', 'CONSIGNMENT_PO', 'SEND_INVENTORY'] as const;
export const PurchaseOrderType = z.enum(PURCHASE_ORDER_TYPES);
export type PurchaseOrderType = z.infer<typeof PurchaseOrderType>;

export const PAYMENT_TYPES = [
  'CASH',
  'PAYPAL',
  'BANK_TRANSFER',
  'CREDIT_NOTE',
  'SALES_INVOICE',
  'EBAY_REFUND',
  'SHOPIFY_REFUND',
  'AMAZON_REFUND',
  'TIKTOK_REFUND',
] as const;
export const PaymentType = z.enum(PAYMENT_TYPES);
export type PaymentType = z.infer<typeof PaymentType>;

export const INVOICE_STATUSES = [
  'PENDING',
  'PROCESSING',
  'BOOKED',
  'PROCESSED',
  'CANCELED',
  'READY_FOR_DELIVERY',
] as const;
export const InvoiceStatus = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

export const CHEQUE_STATUSES = ['collected', 'send_to_bank', 'realized', 'returned', 'issued'] as const;
export const ChequeStatus = z.enum(CHEQUE_STATUSES);
export type ChequeStatus = z.infer<typeof ChequeStatus>;

export const PROCESS_TYPES = [
  'CREATE_ORDER',
  'CANCEL_ORDER',
  'CREATE_RETURN_ORDER',
  'CANCEL_RETURN_ORDER',
  'COMPLETE_RETURN_ORDER',
  'STATUS_SHIPPED',
  'STATUS_DELIVERED',
  'UPLOAD_INVOICE',
  'FAILED_CREATE_ORDER',
  'FAILED_CANCEL_ORDER',
  'FAILED_STATUS_SHIPPED',
  'FAILED_STATUS_DELIVERED',
  'FAILED_UPLOAD_INVOICE',
] as const;
export const ProcessType = z.enum(PROCESS_TYPES);
export type ProcessType = z.infer<typeof ProcessType>;

/** Sales channels (DOMAIN.md, "Sales and fulfilment"). */
export const SALES_CHANNELS = ['MANUAL', 'AMAZON', 'EBAY', 'SHOPIFY', 'TIKTOK', 'SAMSUNG'] as const;
export const SalesChannel = z.enum(SALES_CHANNELS);
export type SalesChannel = z.infer<typeof SalesChannel>;
