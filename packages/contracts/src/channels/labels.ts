import { z } from 'zod';
import { endpoint } from '../platform/endpoint.ts';
import { PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { PdfFile } from '../platform/printouts.ts';
import { ParcelWeightKg, SHIP_LIST_INVOICES_MAX, SHIP_LIST_PARCELS_MAX } from '../sales/ship-lists.ts';
import type { PermissionName } from '../users/permissions.ts';
import { CHANNEL_ACCOUNT_TYPES, ChannelAccountType } from './accounts.ts';

/**
 * Carrier labels from a ship list (Royal Mail, DHL, DPD and Parcel Force Fulfillment screens): for each invoice of an
 * OPEN ship list whose carrier service's carrier has an integration, a shipment is made at that carrier through its
 * one enabled account (operation LABELS on), and its label kept as a PDF (and ZPL when the carrier gives one).
 *
 * - Create (`POST /api/ship-lists/:id/labels`): every invoice of the list by default, or those named; each invoice's
 *   service is the one given, else the list's row's (the invoice's own); its parcels the weights given, else one
 *   parcel weighing its products. Each label is made and stored on its own: one carrier refusal fails that invoice
 *   only, in words. The invoice number is the carrier's reference, and an invoice with a live label answers that
 *   label (EXISTING): never two shipments.
 * - The labels' tracking numbers are what the ship list's confirm is given for those invoices' parcels, so they land
 *   on the invoices as shipped.
 * - One PDF of every live label of a list, in the list's order, prints the batch.
 * - Cancel cancels the shipment at the carrier, refused once the invoice has shipped.
 */

export const ShippingLabelErrorCode = {
  /** The ship list is not open: labels are made before it is confirmed. */
  SHIPPING_LABEL_LIST_NOT_OPEN: 'SHIPPING_LABEL_LIST_NOT_OPEN',
  /** An invoice named is not on the ship list (details: invoiceIds). */
  SHIPPING_LABEL_INVOICE_NOT_ON_LIST: 'SHIPPING_LABEL_INVOICE_NOT_ON_LIST',
  /** A carrier service named does not exist or is inactive. */
  SHIPPING_LABEL_SERVICE_UNKNOWN: 'SHIPPING_LABEL_SERVICE_UNKNOWN',
  /** The list has no live label to print. */
  SHIPPING_LABEL_NONE: 'SHIPPING_LABEL_NONE',
  /** The carrier gave no ZPL for this label. */
  SHIPPING_LABEL_NO_ZPL: 'SHIPPING_LABEL_NO_ZPL',
  /** The label is not live (cancelled or failed). */
  SHIPPING_LABEL_NOT_LIVE: 'SHIPPING_LABEL_NOT_LIVE',
  /** The invoice has shipped with this label: it can no longer be cancelled. */
  SHIPPING_LABEL_SHIPPED: 'SHIPPING_LABEL_SHIPPED',
} as const;
export type ShippingLabelErrorCode = (typeof ShippingLabelErrorCode)[keyof typeof ShippingLabelErrorCode];

export const SHIPPING_LABEL_STATUSES = ['CREATED', 'CANCELLED', 'FAILED'] as const;
export const ShippingLabelStatus = z.enum(SHIPPING_LABEL_STATUSES);
export type ShippingLabelStatus = z.infer<typeof ShippingLabelStatus>;

/** Who may work labels at all (the routes' gate); the server then checks the account's type (`LABELS`). */
export const LABEL_WORK_PERMISSIONS: PermissionName[] = ['ship_list', 'shipping_fulfilment'];
export const LABEL_READ_PERMISSIONS: PermissionName[] = ['view_api_configuration', ...LABEL_WORK_PERMISSIONS];

export const LabelRowInput = z.object({
  invoiceId: Uuid,
  /** Default: the list's row's service (the invoice's own). */
  carrierServiceId: Uuid.optional(),
  /** Default: one parcel weighing the invoice's products. */
  parcels: z
    .array(z.object({ weightKg: ParcelWeightKg }))
    .min(1, 'a shipment has at least one parcel')
    .max(SHIP_LIST_PARCELS_MAX, `a shipment has at most ${SHIP_LIST_PARCELS_MAX} parcels`)
    .optional(),
});
export type LabelRowInput = z.input<typeof LabelRowInput>;

const uniqueIds = (ids: string[]) => new Set(ids).size === ids.length;

export const ShipListLabelsInput = z.object({
  /** Default: every invoice of the list. */
  invoiceIds: z
    .array(Uuid)
    .min(1, 'name at least one invoice, or none for all')
    .max(SHIP_LIST_INVOICES_MAX)
    .refine(uniqueIds, 'an invoice is listed once')
    .optional(),
  /** Per invoice: its service and parcels, where not the defaults. */
  rows: z
    .array(LabelRowInput)
    .max(SHIP_LIST_INVOICES_MAX)
    .refine((rows) => uniqueIds(rows.map((r) => r.invoiceId)), 'an invoice is listed once')
    .default([]),
});
export type ShipListLabelsInput = z.input<typeof ShipListLabelsInput>;

const Ref = z.object({ id: Uuid, number: z.string() });

export const ShippingLabel = z
  .object({
    id: Uuid,
    account: z.object({ id: Uuid, name: z.string(), type: ChannelAccountType }),
    shipList: Ref,
    invoice: Ref,
    carrierService: z.object({
      id: Uuid,
      code: z.string(),
      name: z.string(),
      carrier: z.object({ id: Uuid, code: z.string(), name: z.string() }),
    }),
    status: ShippingLabelStatus,
    /** The invoice number: the carrier's reference. */
    reference: z.string(),
    /** The carrier's shipment id. */
    externalId: z.string().nullable(),
    trackingNumbers: z.array(z.string()),
    parcels: z.array(z.object({ weightKg: z.string() })),
    hasPdf: z.boolean(),
    hasZpl: z.boolean(),
    /** Why it failed, in words. */
    error: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    createdBy: z.object({ id: Uuid, username: z.string() }).nullable(),
    createdAt: z.string(),
    cancelledAt: z.string().nullable(),
  })
  .meta({ id: 'ShippingLabel' });
export type ShippingLabel = z.infer<typeof ShippingLabel>;

/**
 * A cancel's answer: `ok` false when the carrier refused it or could not be reached (the label stays live; the
 * message says why, and the calls are in the account's call log).
 */
export const ShippingLabelCancelResult = z.object({
  ok: z.boolean(),
  message: z.string().nullable(),
  label: ShippingLabel,
});
export type ShippingLabelCancelResult = z.infer<typeof ShippingLabelCancelResult>;

export const LABEL_OUTCOMES = ['CREATED', 'EXISTING', 'FAILED', 'SKIPPED'] as const;

export const ShipListLabelsResult = z.object({
  items: z.array(
    z.object({
      invoiceId: Uuid,
      invoiceNumber: z.string(),
      /** CREATED now, EXISTING (a live label was there), FAILED (message says why), SKIPPED (no carrier integration). */
      outcome: z.enum(LABEL_OUTCOMES),
      message: z.string().nullable(),
      label: ShippingLabel.nullable(),
    }),
  ),
});
export type ShipListLabelsResult = z.infer<typeof ShipListLabelsResult>;

const TypeList = z
  .string()
  .regex(/^[A-Z_]+(,[A-Z_]+)*$/, 'account types separated by commas')
  .refine(
    (v) => v.split(',').every((t) => (CHANNEL_ACCOUNT_TYPES as readonly string[]).includes(t)),
    'an unknown account type',
  )
  .transform((v) => v.split(',') as ChannelAccountType[]);

export const ShippingLabelListQuery = PageQuery.extend({
  /** Account types, separated by commas (a carrier screen's own). */
  types: TypeList.optional(),
  status: ShippingLabelStatus.optional(),
  shipListId: Uuid.optional(),
  invoiceId: Uuid.optional(),
});
export type ShippingLabelListQuery = z.input<typeof ShippingLabelListQuery>;

export const ZplFile = z.unknown().meta({ type: 'string', contentMediaType: 'text/plain' });

const IdParams = z.object({ id: Uuid });

export const shippingLabelsApi = {
  createShipListLabels: endpoint({
    method: 'POST',
    path: '/api/ship-lists/:id/labels',
    permission: 'ship_list',
    tag: 'channels',
    summary:
      'Make carrier labels for the invoices of an open ship list (each on its own; a live label is answered again)',
    params: IdParams,
    body: ShipListLabelsInput,
    response: ShipListLabelsResult,
  }),
  listShipListLabels: endpoint({
    method: 'GET',
    path: '/api/ship-lists/:id/labels',
    permission: 'ship_list',
    tag: 'channels',
    summary: 'The labels of a ship list, in the list’s order (failed and cancelled ones too)',
    params: IdParams,
    response: z.object({ items: z.array(ShippingLabel) }),
  }),
  shipListLabelsPdf: endpoint({
    method: 'GET',
    path: '/api/ship-lists/:id/labels/pdf',
    permission: 'ship_list',
    tag: 'channels',
    summary: 'Every live label of a ship list in one PDF, in the list’s order, to print the batch',
    params: IdParams,
    response: PdfFile,
  }),
  listShippingLabels: endpoint({
    method: 'GET',
    path: '/api/shipping-labels',
    permission: LABEL_READ_PERMISSIONS,
    tag: 'channels',
    summary: 'Carrier labels, newest first, paged; filtered by account types, status, ship list or invoice',
    query: ShippingLabelListQuery,
    response: pageOf(ShippingLabel),
  }),
  shippingLabelPdf: endpoint({
    method: 'GET',
    path: '/api/shipping-labels/:id/pdf',
    permission: LABEL_READ_PERMISSIONS,
    tag: 'channels',
    summary: 'One label’s PDF',
    params: IdParams,
    response: PdfFile,
  }),
  shippingLabelZpl: endpoint({
    method: 'GET',
    path: '/api/shipping-labels/:id/zpl',
    permission: LABEL_READ_PERMISSIONS,
    tag: 'channels',
    summary: 'One label’s ZPL for a thermal printer (404 when the carrier gave none)',
    params: IdParams,
    response: ZplFile,
  }),
  cancelShippingLabel: endpoint({
    method: 'POST',
    path: '/api/shipping-labels/:id/cancel',
    permission: LABEL_WORK_PERMISSIONS,
    tag: 'channels',
    summary:
      'Cancel a label’s shipment at the carrier (refused once its invoice has shipped; ok false when the carrier refuses)',
    params: IdParams,
    response: ShippingLabelCancelResult,
  }),
};
