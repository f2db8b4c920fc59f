import { z } from 'zod';
import { MasterDataCode, MasterDataName } from '../master-data/master-data.ts';
import { addressPostcodeProblem, normaliseAddressPostcode } from '../partners/addresses.ts';
import { Percentage } from '../platform/decimal.ts';
import { endpoint } from '../platform/endpoint.ts';
import { PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import {
  ADDRESS_LINE_MAX_LENGTH,
  CITY_MAX_LENGTH,
  CountryCode,
  DEFAULT_COUNTRY,
  POSTCODE_MAX_LENGTH,
} from './countries.ts';

export const WarehouseErrorCode = {
  WAREHOUSE_CODE_TAKEN: 'WAREHOUSE_CODE_TAKEN',
  LOCATION_CODE_TAKEN: 'LOCATION_CODE_TAKEN',
  LOCATION_NOT_IN_WAREHOUSE: 'LOCATION_NOT_IN_WAREHOUSE',
  LOCATION_INACTIVE: 'LOCATION_INACTIVE',
  LOCATION_IS_DEFAULT: 'LOCATION_IS_DEFAULT',
} as const;
export type WarehouseErrorCode = (typeof WarehouseErrorCode)[keyof typeof WarehouseErrorCode];

/** What a warehouse is to the business: its own building, Amazon's, a logistics provider's, or stock held on consignment. */
export const WAREHOUSE_KINDS = ['OWN', 'AMAZON_FBA', 'THIRD_PARTY', 'CONSIGNMENT'] as const;
export const WarehouseKind = z.enum(WAREHOUSE_KINDS);
export type WarehouseKind = z.infer<typeof WarehouseKind>;

/**
 * The order pickers are sent through a warehouse's bins for a pick list:
 * - PICK_SEQUENCE: ascending pick sequence of the bins (the walking route the warehouse sets per bin), then code;
 * - LOCATION_CODE: ascending bin code (A-01-01, A-01-02, …), for warehouses whose codes follow the aisles;
 * - FIFO_OLDEST_FIRST: the bins holding the oldest received stock of the product first (its oldest FIFO layer),
 *   then pick sequence: stock rotates, at the cost of a longer walk.
 */
export const PICKING_ORDERS = ['PICK_SEQUENCE', 'LOCATION_CODE', 'FIFO_OLDEST_FIRST'] as const;
export const PickingOrder = z.enum(PICKING_ORDERS);
export type PickingOrder = z.infer<typeof PickingOrder>;

const text = (max: number, what: string) =>
  z.string().trim().max(max, `${what} has at most ${max} characters`).default('');

/** A warehouse's address; every part may be left empty, but a postcode given must suit its country. */
export const WarehouseAddressInput = z
  .object({
    line1: text(ADDRESS_LINE_MAX_LENGTH, 'an address line'),
    line2: text(ADDRESS_LINE_MAX_LENGTH, 'an address line'),
    city: text(CITY_MAX_LENGTH, 'a city'),
    postcode: text(POSTCODE_MAX_LENGTH, 'a postcode'),
    country: CountryCode.default(DEFAULT_COUNTRY),
  })
  .superRefine((address, ctx) => {
    const problem = address.postcode ? addressPostcodeProblem(address.postcode, address.country) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['postcode'], message: problem });
  })
  .transform((address) => ({ ...address, postcode: normaliseAddressPostcode(address.postcode, address.country) }));
export type WarehouseAddressInput = z.input<typeof WarehouseAddressInput>;

export const WarehouseAddress = z.object({
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  postcode: z.string(),
  country: z.string(),
});

export const Warehouse = z
  .object({
    id: Uuid,
    code: z.string(),
    name: z.string(),
    kind: WarehouseKind,
    address: WarehouseAddress,
    active: z.boolean(),
    /** How many bins it has (active or not). */
    locationCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Warehouse' });
export type Warehouse = z.infer<typeof Warehouse>;

export const WarehouseInput = z.object({
  code: MasterDataCode,
  name: MasterDataName,
  kind: WarehouseKind.default('OWN'),
  address: WarehouseAddressInput.default({ line1: '', line2: '', city: '', postcode: '', country: DEFAULT_COUNTRY }),
  active: z.boolean().default(true),
});
export type WarehouseInput = z.input<typeof WarehouseInput>;

/** Sortable fields of the warehouse list. */
export const WAREHOUSE_SORTS = ['code', 'name', 'kind', 'city', 'updatedAt'] as const;

export const WarehouseFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  active: z.enum(['true', 'false']).optional(),
  kind: WarehouseKind.optional(),
});
export type WarehouseFilter = z.infer<typeof WarehouseFilter>;
export const WarehouseListQuery = PageQuery.extend(WarehouseFilter.shape);
export type WarehouseListQuery = z.infer<typeof WarehouseListQuery>;

// Locations (bins)

export const ZONE_MAX_LENGTH = 40;
export const PICK_SEQUENCE_MAX = 999_999;
/** The most bins one range may add. */
export const LOCATION_RANGE_MAX = 500;

export const PickSequence = z
  .number()
  .int('a pick sequence is a whole number')
  .min(0, 'a pick sequence is not negative')
  .max(PICK_SEQUENCE_MAX, `a pick sequence is at most ${PICK_SEQUENCE_MAX}`);

export const WarehouseLocation = z
  .object({
    id: Uuid,
    warehouseId: Uuid,
    code: z.string(),
    zone: z.string(),
    pickSequence: z.number().int(),
    pickable: z.boolean(),
    active: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'WarehouseLocation' });
export type WarehouseLocation = z.infer<typeof WarehouseLocation>;

export const WarehouseLocationInput = z.object({
  /** Unique within its warehouse, whatever the case; stored upper-case. */
  code: MasterDataCode,
  zone: text(ZONE_MAX_LENGTH, 'a zone'),
  pickSequence: PickSequence.default(0),
  /** Whether pick lists may send pickers here (a receiving dock or a quarantine bin is not pickable). */
  pickable: z.boolean().default(true),
  active: z.boolean().default(true),
});
export type WarehouseLocationInput = z.input<typeof WarehouseLocationInput>;

/**
 * The codes of a range such as A-01-01..A-01-20: both ends share everything up to their last run of
 * digits, which counts up; numbers keep the width of the first (01, 02 … 20). A message when it is not a range.
 */
export function expandLocationRange(from: string, to: string): { codes: string[] } | { error: string } {
  const a = /^(.*?)(\d+)$/.exec(from.trim().toUpperCase());
  const b = /^(.*?)(\d+)$/.exec(to.trim().toUpperCase());
  if (!a || !b) return { error: 'both ends of a range end in a number, such as A-01-01 and A-01-20' };
  const [, prefix = '', first = ''] = a;
  const [, otherPrefix = '', last = ''] = b;
  if (prefix !== otherPrefix) return { error: `both ends of a range start the same ("${prefix}")` };
  // Digits, at most 9 of them here, are exact as numbers.
  const start = Number.parseInt(first, 10);
  const end = Number.parseInt(last, 10);
  if (first.length > 9 || last.length > 9) return { error: 'the numbers of a range have at most 9 digits' };
  if (end < start) return { error: 'a range counts up: its last code is after its first' };
  if (end - start + 1 > LOCATION_RANGE_MAX) return { error: `a range has at most ${LOCATION_RANGE_MAX} codes` };
  const codes: string[] = [];
  for (let n = start; n <= end; n += 1) codes.push(`${prefix}${String(n).padStart(first.length, '0')}`);
  return { codes };
}

export const WarehouseLocationRangeInput = z
  .object({
    from: MasterDataCode,
    to: MasterDataCode,
    zone: text(ZONE_MAX_LENGTH, 'a zone'),
    /** The first bin's pick sequence; each next bin adds `pickSequenceStep`. */
    pickSequenceStart: PickSequence.default(0),
    pickSequenceStep: z.number().int().min(0).max(1000).default(1),
    pickable: z.boolean().default(true),
    active: z.boolean().default(true),
  })
  .superRefine((range, ctx) => {
    const expanded = expandLocationRange(range.from, range.to);
    if ('error' in expanded) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: expanded.error });
      return;
    }
    const longest = expanded.codes.at(-1) ?? '';
    if (longest.length > 30)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'a code has at most 30 characters' });
    const lastSequence = range.pickSequenceStart + range.pickSequenceStep * (expanded.codes.length - 1);
    if (lastSequence > PICK_SEQUENCE_MAX)
      ctx.addIssue({
        code: 'custom',
        path: ['pickSequenceStep'],
        message: `the last bin's pick sequence would pass ${PICK_SEQUENCE_MAX}`,
      });
  });
export type WarehouseLocationRangeInput = z.input<typeof WarehouseLocationRangeInput>;

export const LOCATION_SORTS = ['code', 'zone', 'pickSequence', 'updatedAt'] as const;

export const WarehouseLocationFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  active: z.enum(['true', 'false']).optional(),
  pickable: z.enum(['true', 'false']).optional(),
  zone: z.string().trim().max(ZONE_MAX_LENGTH).optional(),
});
export type WarehouseLocationFilter = z.infer<typeof WarehouseLocationFilter>;
export const WarehouseLocationListQuery = PageQuery.extend(WarehouseLocationFilter.shape);
export type WarehouseLocationListQuery = z.infer<typeof WarehouseLocationListQuery>;

// Advanced configuration

const LocationRef = z.object({ id: Uuid, code: z.string(), active: z.boolean() });

export const WarehouseConfig = z
  .object({
    warehouseId: Uuid,
    warehouseCode: z.string(),
    warehouseName: z.string(),
    warehouseActive: z.boolean(),
    /** Whether stock may go below zero here (a pick or issue before its receipt is booked). */
    allowNegativeStock: z.boolean(),
    defaultReceivingLocation: LocationRef.nullable(),
    defaultReturnsLocation: LocationRef.nullable(),
    /** How much more than ordered a goods receipt may take in, in per cent of the ordered quantity. */
    overReceiptTolerance: z.string(),
    pickingOrder: PickingOrder,
    updatedAt: z.string(),
  })
  .meta({ id: 'WarehouseConfig' });
export type WarehouseConfig = z.infer<typeof WarehouseConfig>;

export const WarehouseConfigInput = z.object({
  allowNegativeStock: z.boolean(),
  /** An active bin of this warehouse, or null. */
  defaultReceivingLocationId: Uuid.nullable(),
  defaultReturnsLocationId: Uuid.nullable(),
  overReceiptTolerance: Percentage,
  pickingOrder: PickingOrder,
});
export type WarehouseConfigInput = z.input<typeof WarehouseConfigInput>;

export const WAREHOUSE_CONFIG_SORTS = ['code', 'name'] as const;

export const WarehouseConfigFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  active: z.enum(['true', 'false']).optional(),
});
export type WarehouseConfigFilter = z.infer<typeof WarehouseConfigFilter>;
export const WarehouseConfigListQuery = PageQuery.extend(WarehouseConfigFilter.shape);
export type WarehouseConfigListQuery = z.infer<typeof WarehouseConfigListQuery>;

const IdParams = z.object({ id: Uuid });
const LocationParams = z.object({ id: Uuid, locationId: Uuid });
const Ok = z.object({ ok: z.literal(true) });

export const warehousesApi = {
  listWarehouses: endpoint({
    method: 'GET',
    path: '/api/warehouses',
    permission: 'view_warehouse',
    tag: 'warehouses',
    summary: 'Warehouses, paged, searchable by code, name or city, filtered by active and kind',
    query: WarehouseListQuery,
    response: pageOf(Warehouse),
  }),
  exportWarehouses: endpoint({
    method: 'GET',
    path: '/api/warehouses/export',
    permission: 'view_warehouse',
    tag: 'warehouses',
    summary: 'The warehouses of a filter as an .xlsx file',
    query: WarehouseFilter,
    response: z.unknown(),
  }),
  getWarehouse: endpoint({
    method: 'GET',
    path: '/api/warehouses/:id',
    permission: 'view_warehouse',
    tag: 'warehouses',
    summary: 'One warehouse',
    params: IdParams,
    response: Warehouse,
  }),
  createWarehouse: endpoint({
    method: 'POST',
    path: '/api/warehouses',
    permission: 'add_warehouse',
    tag: 'warehouses',
    summary: 'Create a warehouse (code unique whatever the case) with the default advanced configuration',
    body: WarehouseInput,
    response: Warehouse,
    status: 201,
    idempotent: true,
  }),
  updateWarehouse: endpoint({
    method: 'PUT',
    path: '/api/warehouses/:id',
    permission: 'edit_warehouse',
    tag: 'warehouses',
    summary: "Change a warehouse's code, name, kind, address or active flag",
    params: IdParams,
    body: WarehouseInput,
    response: Warehouse,
  }),
  deleteWarehouse: endpoint({
    method: 'DELETE',
    path: '/api/warehouses/:id',
    permission: 'delete_warehouse',
    tag: 'warehouses',
    summary: 'Delete a warehouse nothing refers to, with its bins and configuration (409 IN_USE otherwise)',
    params: IdParams,
    response: Ok,
  }),

  listLocations: endpoint({
    method: 'GET',
    path: '/api/warehouses/:id/locations',
    permission: 'view_warehouse',
    tag: 'warehouses',
    summary: "A warehouse's bins, paged, searchable by code or zone, filtered by active, pickable and zone",
    params: IdParams,
    query: WarehouseLocationListQuery,
    response: pageOf(WarehouseLocation),
  }),
  exportLocations: endpoint({
    method: 'GET',
    path: '/api/warehouses/:id/locations/export',
    permission: 'view_warehouse',
    tag: 'warehouses',
    summary: "A warehouse's bins of a filter as an .xlsx file",
    params: IdParams,
    query: WarehouseLocationFilter,
    response: z.unknown(),
  }),
  createLocation: endpoint({
    method: 'POST',
    path: '/api/warehouses/:id/locations',
    permission: 'edit_warehouse',
    tag: 'warehouses',
    summary: 'Add a bin to a warehouse (its code unique within the warehouse)',
    params: IdParams,
    body: WarehouseLocationInput,
    response: WarehouseLocation,
    status: 201,
    idempotent: true,
  }),
  createLocationRange: endpoint({
    method: 'POST',
    path: '/api/warehouses/:id/locations/range',
    permission: 'edit_warehouse',
    tag: 'warehouses',
    summary: 'Add a range of bins (A-01-01..A-01-20, at most 500), all or none',
    params: IdParams,
    body: WarehouseLocationRangeInput,
    response: z.object({ created: z.number().int(), items: z.array(WarehouseLocation) }),
    status: 201,
    idempotent: true,
  }),
  updateLocation: endpoint({
    method: 'PUT',
    path: '/api/warehouses/:id/locations/:locationId',
    permission: 'edit_warehouse',
    tag: 'warehouses',
    summary: "Change a bin's code, zone, pick sequence, pickable or active flag",
    params: LocationParams,
    body: WarehouseLocationInput,
    response: WarehouseLocation,
  }),
  deleteLocation: endpoint({
    method: 'DELETE',
    path: '/api/warehouses/:id/locations/:locationId',
    permission: 'edit_warehouse',
    tag: 'warehouses',
    summary: 'Delete a bin nothing refers to (409 IN_USE otherwise, a default location of the configuration included)',
    params: LocationParams,
    response: Ok,
  }),

  listWarehouseConfigs: endpoint({
    method: 'GET',
    path: '/api/warehouse-configs',
    permission: 'view_warehouse',
    tag: 'warehouses',
    summary: "Every warehouse's advanced configuration, paged, searchable by code or name",
    query: WarehouseConfigListQuery,
    response: pageOf(WarehouseConfig),
  }),
  exportWarehouseConfigs: endpoint({
    method: 'GET',
    path: '/api/warehouse-configs/export',
    permission: 'view_warehouse',
    tag: 'warehouses',
    summary: 'The advanced configuration of the warehouses of a filter as an .xlsx file',
    query: WarehouseConfigFilter,
    response: z.unknown(),
  }),
  getWarehouseConfig: endpoint({
    method: 'GET',
    path: '/api/warehouses/:id/config',
    permission: 'view_warehouse',
    tag: 'warehouses',
    summary: "A warehouse's advanced configuration",
    params: IdParams,
    response: WarehouseConfig,
  }),
  updateWarehouseConfig: endpoint({
    method: 'PUT',
    path: '/api/warehouses/:id/config',
    permission: 'edit_warehouse',
    tag: 'warehouses',
    summary:
      "Set a warehouse's negative stock rule, default receiving and returns bins, over-receipt tolerance and picking order",
    params: IdParams,
    body: WarehouseConfigInput,
    response: WarehouseConfig,
  }),
};
