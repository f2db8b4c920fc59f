import { z } from 'zod';
import { MasterDataCode, MasterDataFilter, MasterDataName } from '../master-data/master-data.ts';
import { endpoint } from '../platform/endpoint.ts';
import { PageQuery, pageOf, Uuid } from '../platform/pagination.ts';

export const CarrierErrorCode = {
  CARRIER_CODE_TAKEN: 'CARRIER_CODE_TAKEN',
  /** A service id sent with a carrier is not one of that carrier's services. */
  CARRIER_SERVICE_NOT_FOUND: 'CARRIER_SERVICE_NOT_FOUND',
} as const;

/** The connector a carrier's labels and tracking go through (the connectors themselves come later). */
export const CARRIER_INTEGRATIONS = ['NONE', 'ROYAL_MAIL', 'PARCELFORCE', 'DPD', 'DHL'] as const;
export const CarrierIntegration = z.enum(CARRIER_INTEGRATIONS);
export type CarrierIntegration = z.infer<typeof CarrierIntegration>;

/** Where the tracking number goes in a tracking URL template. */
export const TRACKING_PLACEHOLDER = '{trackingNumber}';
export const TRACKING_URL_MAX_LENGTH = 500;
export const CARRIER_SERVICES_MAX = 50;
export const DELIVERY_DAYS_MAX = 60;

/** The tracking page of a parcel: the template with the (URL-encoded) tracking number in place. */
export function trackingUrlFor(template: string, trackingNumber: string): string {
  return template.split(TRACKING_PLACEHOLDER).join(encodeURIComponent(trackingNumber.trim()));
}

// https://, a host name with at least one dot (and an optional port), then a path, query or fragment.
const HTTPS_URL =
  /^https:\/\/[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** Why a tracking URL template is not acceptable, or null: an https address with the placeholder. */
export function trackingUrlProblem(template: string): 'placeholder' | 'https' | null {
  if (!template.includes(TRACKING_PLACEHOLDER)) return 'placeholder';
  return HTTPS_URL.test(trackingUrlFor(template, 'AB123456789GB')) ? null : 'https';
}

export const TrackingUrlTemplate = z
  .string()
  .trim()
  .max(TRACKING_URL_MAX_LENGTH, `a tracking URL has at most ${TRACKING_URL_MAX_LENGTH} characters`)
  .refine((v) => trackingUrlProblem(v) !== 'placeholder', `a tracking URL contains ${TRACKING_PLACEHOLDER}`)
  .refine((v) => trackingUrlProblem(v) !== 'https', 'a tracking URL is an https:// address');

export const CarrierService = z
  .object({
    id: Uuid,
    code: z.string(),
    name: z.string(),
    tracked: z.boolean(),
    signature: z.boolean(),
    /** Working days to deliver; null when not promised. */
    deliveryDays: z.number().int().nullable(),
    active: z.boolean(),
  })
  .meta({ id: 'CarrierService' });
export type CarrierService = z.infer<typeof CarrierService>;

export const CarrierServiceInput = z.object({
  /** A service the carrier already has; absent for a new one. */
  id: Uuid.optional(),
  code: MasterDataCode,
  name: MasterDataName,
  tracked: z.boolean().default(false),
  signature: z.boolean().default(false),
  deliveryDays: z
    .number()
    .int('whole days')
    .min(0, 'not negative')
    .max(DELIVERY_DAYS_MAX, `at most ${DELIVERY_DAYS_MAX} days`)
    .nullable()
    .default(null),
  active: z.boolean().default(true),
});
export type CarrierServiceInput = z.input<typeof CarrierServiceInput>;

/** A carrier with its services: a service left out of `services` is removed (refused while in use). */
export const CarrierInput = z.object({
  code: MasterDataCode,
  name: MasterDataName,
  trackingUrlTemplate: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    TrackingUrlTemplate.nullish().transform((value) => value ?? null),
  ),
  integration: CarrierIntegration.default('NONE'),
  active: z.boolean().default(true),
  services: z
    .array(CarrierServiceInput)
    .max(CARRIER_SERVICES_MAX, `at most ${CARRIER_SERVICES_MAX} services`)
    .default([])
    .superRefine((services, ctx) => {
      const codes = new Set<string>();
      const ids = new Set<string>();
      services.forEach((service, index) => {
        if (codes.has(service.code))
          ctx.addIssue({ code: 'custom', path: [index, 'code'], message: 'a service code is used once per carrier' });
        codes.add(service.code);
        if (service.id && ids.has(service.id))
          ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'a service is listed once' });
        if (service.id) ids.add(service.id);
      });
    }),
});
export type CarrierInput = z.input<typeof CarrierInput>;

export const Carrier = z
  .object({
    id: Uuid,
    code: z.string(),
    name: z.string(),
    trackingUrlTemplate: z.string().nullable(),
    integration: CarrierIntegration,
    active: z.boolean(),
    /** In the order they were listed. */
    services: z.array(CarrierService),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Carrier' });
export type Carrier = z.infer<typeof Carrier>;

/** A carrier in the list: its services counted, not listed. */
export const CarrierSummary = Carrier.omit({ services: true })
  .extend({ serviceCount: z.number().int(), activeServiceCount: z.number().int() })
  .meta({ id: 'CarrierSummary' });
export type CarrierSummary = z.infer<typeof CarrierSummary>;

export const CarrierFilter = MasterDataFilter.extend({ integration: CarrierIntegration.optional() });
export type CarrierFilter = z.infer<typeof CarrierFilter>;
export const CarrierListQuery = PageQuery.extend(CarrierFilter.shape);
export type CarrierListQuery = z.infer<typeof CarrierListQuery>;
/** Sortable fields of the carrier list. */
export const CARRIER_SORTS = ['code', 'name', 'integration', 'updatedAt'] as const;

const IdParams = z.object({ id: Uuid });

export const carriersApi = {
  listCarriers: endpoint({
    method: 'GET',
    path: '/api/shipping-carriers',
    permission: 'handle_shipping_carriers',
    tag: 'carriers',
    summary:
      'Shipping carriers, paged; searched by code, name or a service code or name; filtered by active and integration',
    query: CarrierListQuery,
    response: pageOf(CarrierSummary),
  }),
  exportCarriers: endpoint({
    method: 'GET',
    path: '/api/shipping-carriers/export',
    permission: 'handle_shipping_carriers',
    tag: 'carriers',
    summary: 'The carriers of a filter with their services as an .xlsx file (one row per service)',
    query: CarrierFilter,
    response: z.unknown(),
  }),
  getCarrier: endpoint({
    method: 'GET',
    path: '/api/shipping-carriers/:id',
    permission: 'handle_shipping_carriers',
    tag: 'carriers',
    summary: 'One carrier with its services',
    params: IdParams,
    response: Carrier,
  }),
  createCarrier: endpoint({
    method: 'POST',
    path: '/api/shipping-carriers',
    permission: 'edit_shipping_carrier',
    tag: 'carriers',
    summary: 'Create a carrier with its services (codes unique, whatever the case)',
    body: CarrierInput,
    response: Carrier,
    status: 201,
    idempotent: true,
  }),
  updateCarrier: endpoint({
    method: 'PUT',
    path: '/api/shipping-carriers/:id',
    permission: 'edit_shipping_carrier',
    tag: 'carriers',
    summary:
      'Change a carrier and its services: services with an id are changed, without one added, left out removed (409 IN_USE while in use)',
    params: IdParams,
    body: CarrierInput,
    response: Carrier,
  }),
  deleteCarrier: endpoint({
    method: 'DELETE',
    path: '/api/shipping-carriers/:id',
    permission: 'edit_shipping_carrier',
    tag: 'carriers',
    summary: 'Delete a carrier nothing refers to, with its services (409 IN_USE otherwise: deactivate it instead)',
    params: IdParams,
    response: z.object({ ok: z.literal(true) }),
  }),
};
