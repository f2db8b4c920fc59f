import { CostCenterErrorCode, type CostCenterInput, type MasterDataFilter } from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import { conflict, isUniqueViolation, notFound } from '../../../platform/errors.ts';
import { allRows } from '../../../platform/pagination.ts';
import type { Ctx } from '../../../platform/routes.ts';
import { sendXlsx, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../../platform/xlsx.ts';
import { inUse } from '../references.ts';
import { referencesOf } from './cost-center.references.ts';
import {
  COST_CENTER_CODE_KEY,
  type CostCenterRow,
  costCenterCodeTaken,
  deleteCostCenterRow,
  findCostCenterChunk,
  getCostCenterById,
  insertCostCenter,
  updateCostCenterRow,
} from './cost-center.repository.ts';

type Input = z.output<typeof CostCenterInput>;

export async function getCostCenter(db: Kysely<Database>, id: string, forUpdate = false): Promise<CostCenterRow> {
  const costCenter = await getCostCenterById(db, id, forUpdate);
  if (!costCenter) throw notFound('Cost centre', id);
  return costCenter;
}

const codeTaken = (code: string) =>
  conflict(CostCenterErrorCode.COST_CENTER_CODE_TAKEN, `A cost centre with code "${code}" already exists.`, { code });

/** Runs a write; a concurrent request that took the same code meanwhile gives the same 409 as the check. */
async function withCodeRace<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    throw isUniqueViolation(e, COST_CENTER_CODE_KEY) ? codeTaken(code) : e;
  }
}

export async function createCostCenter(ctx: Ctx, input: Input): Promise<CostCenterRow> {
  if (await costCenterCodeTaken(ctx.db, input.code)) throw codeTaken(input.code);
  const id = await withCodeRace(input.code, () => insertCostCenter(ctx.db, input));
  const after = await getCostCenter(ctx.db, id);
  await ctx.audit({ action: 'create', entity: 'cost_center', entityId: id, after });
  return after;
}

export async function updateCostCenter(ctx: Ctx, id: string, input: Input): Promise<CostCenterRow> {
  const before = await getCostCenter(ctx.db, id, true);
  if (await costCenterCodeTaken(ctx.db, input.code, id)) throw codeTaken(input.code);
  await withCodeRace(input.code, () => updateCostCenterRow(ctx.db, id, input));
  const after = await getCostCenter(ctx.db, id);
  await ctx.audit({ action: 'update', entity: 'cost_center', entityId: id, before, after });
  return after;
}

export async function deleteCostCenter(ctx: Ctx, id: string) {
  // The row lock also blocks a new reference meanwhile: a foreign key check takes a KEY SHARE lock.
  const before = await getCostCenter(ctx.db, id, true);
  const references = await referencesOf(ctx.db, id);
  if (references.length) throw inUse(`Cost centre "${before.code}"`, references);
  await deleteCostCenterRow(ctx.db, id);
  await ctx.audit({ action: 'delete', entity: 'cost_center', entityId: id, before });
  return { ok: true as const };
}

const COLUMNS: XlsxColumn<CostCenterRow>[] = [
  { header: 'Code', width: 16, value: (c) => c.code },
  { header: 'Name', width: 40, value: (c) => c.name },
  { header: 'Active', width: 10, value: (c) => c.active },
  { header: 'Created', width: 20, value: (b) => new Date(b.createdAt) },
  { header: 'Updated', width: 20, value: (b) => new Date(b.updatedAt) },
];

/** The filter's cost centres, every page, as an .xlsx download. */
export function exportCostCenters(ctx: Ctx, filter: MasterDataFilter) {
  const rows = allRows((offset, limit) => findCostCenterChunk(ctx.db, filter, offset, limit), XLSX_EXPORT_MAX_ROWS);
  return sendXlsx(ctx, `cost-centers-${new Date().toISOString().slice(0, 10)}.xlsx`, COLUMNS, rows);
}
