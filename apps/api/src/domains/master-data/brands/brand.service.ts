import { BrandErrorCode, type BrandInput, type MasterDataFilter } from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import { conflict, isUniqueViolation, notFound } from '../../../platform/errors.ts';
import { allRows } from '../../../platform/pagination.ts';
import type { Ctx } from '../../../platform/routes.ts';
import { sendXlsx, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../../platform/xlsx.ts';
import { inUse } from '../references.ts';
import { referencesOf } from './brand.references.ts';
import {
  BRAND_CODE_KEY,
  type BrandRow,
  brandCodeTaken,
  deleteBrandRow,
  findBrandChunk,
  getBrandById,
  insertBrand,
  updateBrandRow,
} from './brand.repository.ts';

type Input = z.output<typeof BrandInput>;

export async function getBrand(db: Kysely<Database>, id: string, forUpdate = false): Promise<BrandRow> {
  const brand = await getBrandById(db, id, forUpdate);
  if (!brand) throw notFound('Brand', id);
  return brand;
}

const codeTaken = (code: string) =>
  conflict(BrandErrorCode.BRAND_CODE_TAKEN, `A brand with code "${code}" already exists.`, { code });

/** Runs a write; a concurrent request that took the same code meanwhile gives the same 409 as the check. */
async function withCodeRace<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    throw isUniqueViolation(e, BRAND_CODE_KEY) ? codeTaken(code) : e;
  }
}

export async function createBrand(ctx: Ctx, input: Input): Promise<BrandRow> {
  if (await brandCodeTaken(ctx.db, input.code)) throw codeTaken(input.code);
  const id = await withCodeRace(input.code, () => insertBrand(ctx.db, input));
  const after = await getBrand(ctx.db, id);
  await ctx.audit({ action: 'create', entity: 'brand', entityId: id, after });
  return after;
}

export async function updateBrand(ctx: Ctx, id: string, input: Input): Promise<BrandRow> {
  const before = await getBrand(ctx.db, id, true);
  if (await brandCodeTaken(ctx.db, input.code, id)) throw codeTaken(input.code);
  await withCodeRace(input.code, () => updateBrandRow(ctx.db, id, input));
  const after = await getBrand(ctx.db, id);
  await ctx.audit({ action: 'update', entity: 'brand', entityId: id, before, after });
  return after;
}

export async function deleteBrand(ctx: Ctx, id: string) {
  // The row lock also blocks a new reference meanwhile: a foreign key check takes a KEY SHARE lock.
  const before = await getBrand(ctx.db, id, true);
  const references = await referencesOf(ctx.db, id);
  if (references.length) throw inUse(`Brand "${before.code}"`, references);
  await deleteBrandRow(ctx.db, id);
  await ctx.audit({ action: 'delete', entity: 'brand', entityId: id, before });
  return { ok: true as const };
}

const COLUMNS: XlsxColumn<BrandRow>[] = [
  { header: 'Code', width: 16, value: (b) => b.code },
  { header: 'Name', width: 40, value: (b) => b.name },
  { header: 'Active', width: 10, value: (b) => b.active },
  { header: 'Created', width: 20, value: (b) => new Date(b.createdAt) },
  { header: 'Updated', width: 20, value: (b) => new Date(b.updatedAt) },
];

/** The filter's brands, every page, as an .xlsx download. */
export function exportBrands(ctx: Ctx, filter: MasterDataFilter) {
  const rows = allRows((offset, limit) => findBrandChunk(ctx.db, filter, offset, limit), XLSX_EXPORT_MAX_ROWS);
  return sendXlsx(ctx, `brands-${new Date().toISOString().slice(0, 10)}.xlsx`, COLUMNS, rows);
}
