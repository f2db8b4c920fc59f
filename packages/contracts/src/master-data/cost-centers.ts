import { z } from 'zod';
import { endpoint } from '../platform/endpoint.ts';
import { pageOf, Uuid } from '../platform/pagination.ts';
import { MasterDataCode, MasterDataFilter, MasterDataListQuery, MasterDataName } from './master-data.ts';

export const CostCenterErrorCode = {
  COST_CENTER_CODE_TAKEN: 'COST_CENTER_CODE_TAKEN',
} as const;

export const CostCenter = z
  .object({
    id: Uuid,
    code: z.string(),
    name: z.string(),
    active: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CostCenter' });
export type CostCenter = z.infer<typeof CostCenter>;

export const CostCenterInput = z.object({
  code: MasterDataCode,
  name: MasterDataName,
  active: z.boolean().default(true),
});
export type CostCenterInput = z.input<typeof CostCenterInput>;

/** Sortable fields of the cost centre list. */
export const COST_CENTER_SORTS = ['code', 'name', 'updatedAt'] as const;

const IdParams = z.object({ id: Uuid });

export const costCentersApi = {
  listCostCenters: endpoint({
    method: 'GET',
    path: '/api/cost-centers',
    permission: 'view_cost_center',
    tag: 'master-data',
    summary: 'Cost centres, paged, searchable by code or name, filtered by active; sort code, name or updatedAt',
    query: MasterDataListQuery,
    response: pageOf(CostCenter),
  }),
  exportCostCenters: endpoint({
    method: 'GET',
    path: '/api/cost-centers/export',
    permission: 'view_cost_center',
    tag: 'master-data',
    summary: 'The cost centres of a filter as an .xlsx file (every page, at most 100 000 rows)',
    query: MasterDataFilter,
    response: z.unknown(),
  }),
  getCostCenter: endpoint({
    method: 'GET',
    path: '/api/cost-centers/:id',
    permission: 'view_cost_center',
    tag: 'master-data',
    summary: 'One cost centre',
    params: IdParams,
    response: CostCenter,
  }),
  createCostCenter: endpoint({
    method: 'POST',
    path: '/api/cost-centers',
    permission: 'add_cost_center',
    tag: 'master-data',
    summary: 'Create a cost centre (its code is unique, whatever the case)',
    body: CostCenterInput,
    response: CostCenter,
    status: 201,
    idempotent: true,
  }),
  updateCostCenter: endpoint({
    method: 'PUT',
    path: '/api/cost-centers/:id',
    permission: 'edit_cost_center',
    tag: 'master-data',
    summary: "Change a cost centre's code, name or active flag",
    params: IdParams,
    body: CostCenterInput,
    response: CostCenter,
  }),
  deleteCostCenter: endpoint({
    method: 'DELETE',
    path: '/api/cost-centers/:id',
    permission: 'delete_cost_center',
    tag: 'master-data',
    summary: 'Delete a cost centre nothing refers to (409 IN_USE otherwise: deactivate it instead)',
    params: IdParams,
    response: z.object({ ok: z.literal(true) }),
  }),
};
