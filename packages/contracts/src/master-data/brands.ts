import { z } from 'zod';
import { endpoint } from '../platform/endpoint.ts';
import { pageOf, Uuid } from '../platform/pagination.ts';
import { MasterDataCode, MasterDataFilter, MasterDataListQuery, MasterDataName } from './master-data.ts';

export const BrandErrorCode = {
  BRAND_CODE_TAKEN: 'BRAND_CODE_TAKEN',
} as const;

export const Brand = z
  .object({
    id: Uuid,
    code: z.string(),
    name: z.string(),
    active: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Brand' });
export type Brand = z.infer<typeof Brand>;

export const BrandInput = z.object({
  code: MasterDataCode,
  name: MasterDataName,
  active: z.boolean().default(true),
});
export type BrandInput = z.input<typeof BrandInput>;

/** Sortable fields of the brand list. */
export const BRAND_SORTS = ['code', 'name', 'updatedAt'] as const;

const IdParams = z.object({ id: Uuid });

export const brandsApi = {
  listBrands: endpoint({
    method: 'GET',
    path: '/api/brands',
    permission: 'view_brand',
    tag: 'master-data',
    summary: 'Brands, paged, searchable by code or name, filtered by active; sort code, name or updatedAt',
    query: MasterDataListQuery,
    response: pageOf(Brand),
  }),
  exportBrands: endpoint({
    method: 'GET',
    path: '/api/brands/export',
    permission: 'view_brand',
    tag: 'master-data',
    summary: 'The brands of a filter as an .xlsx file (every page, at most 100 000 rows)',
    query: MasterDataFilter,
    response: z.unknown(),
  }),
  getBrand: endpoint({
    method: 'GET',
    path: '/api/brands/:id',
    permission: 'view_brand',
    tag: 'master-data',
    summary: 'One brand',
    params: IdParams,
    response: Brand,
  }),
  createBrand: endpoint({
    method: 'POST',
    path: '/api/brands',
    permission: 'add_brand',
    tag: 'master-data',
    summary: 'Create a brand (its code is unique, whatever the case)',
    body: BrandInput,
    response: Brand,
    status: 201,
    idempotent: true,
  }),
  updateBrand: endpoint({
    method: 'PUT',
    path: '/api/brands/:id',
    permission: 'edit_brand',
    tag: 'master-data',
    summary: "Change a brand's code, name or active flag",
    params: IdParams,
    body: BrandInput,
    response: Brand,
  }),
  deleteBrand: endpoint({
    method: 'DELETE',
    path: '/api/brands/:id',
    permission: 'delete_brand',
    tag: 'master-data',
    summary: 'Delete a brand nothing refers to (409 IN_USE otherwise: deactivate it instead)',
    params: IdParams,
    response: z.object({ ok: z.literal(true) }),
  }),
};
