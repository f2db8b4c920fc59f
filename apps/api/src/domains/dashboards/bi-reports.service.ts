import {
  BI_REPORT_ROLE_CHOICES_MAX,
  type BiReport,
  BiReportErrorCode,
  type BiReportInput,
  type BiReportListQuery,
  UserErrorCode,
  type VisibleBiReport,
} from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, isUniqueViolation, notFound, unprocessable } from '../../platform/errors.ts';
import { offsetOf, toPage } from '../../platform/pagination.ts';
import type { Ctx } from '../../platform/routes.ts';
import {
  type BiReportColumns,
  type BiReportRow,
  deleteBiReportRow,
  existingRoleIds,
  filteredBiReports,
  getBiReportRow,
  insertBiReport,
  orderedBiReports,
  reportIdWithName,
  roleChoices,
  rolesOfReports,
  setReportRoles,
  updateBiReportRow,
  visibleReports,
} from './bi-reports.repository.ts';

type BiReportValues = z.output<typeof BiReportInput>;
type RoleRef = { id: string; name: string };

function toReport(r: BiReportRow, roles: RoleRef[]): BiReport {
  return {
    id: r.id,
    name: r.name,
    embedUrl: r.embed_url,
    description: r.description,
    roles,
    active: r.active,
    sortOrder: r.sort_order,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

async function withRoles(db: Kysely<Database>, rows: BiReportRow[]): Promise<BiReport[]> {
  const roles = await rolesOfReports(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toReport(
      r,
      roles.filter((x) => x.report_id === r.id).map(({ id, name }) => ({ id, name })),
    ),
  );
}

export async function getBiReport(db: Kysely<Database>, id: string, forUpdate = false): Promise<BiReport> {
  const row = await getBiReportRow(db, id, forUpdate);
  if (!row) throw notFound('BI report', id);
  const [report] = await withRoles(db, [row]);
  return report as BiReport;
}

export async function listBiReports(db: Kysely<Database>, q: BiReportListQuery) {
  const [rows, count] = await Promise.all([
    orderedBiReports(db, q).limit(q.pageSize).offset(offsetOf(q)).execute(),
    filteredBiReports(db, q)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return toPage(await withRoles(db, rows), count.n, q);
}

/** The active reports this user sees on Analytics: by role, or every one for whoever keeps the register. */
export async function visibleBiReports(db: Kysely<Database>, user: AuthUser): Promise<{ items: VisibleBiReport[] }> {
  const rows = await visibleReports(db, user.id, user.permissions.has('powerbi_dashboard_flow'));
  return {
    items: rows.map((r) => ({ id: r.id, name: r.name, embedUrl: r.embed_url, description: r.description })),
  };
}

/** The roles a report may be shown to: the register's keeper needs them without the user-management permissions. */
export async function biReportRoles(db: Kysely<Database>) {
  return { items: await roleChoices(db, BI_REPORT_ROLE_CHOICES_MAX) };
}

const nameTaken = (name: string) =>
  conflict(BiReportErrorCode.BI_REPORT_NAME_TAKEN, `A BI report named "${name}" is already registered.`, { name });

async function checkRoles(db: Kysely<Database>, roleIds: readonly string[]) {
  const found = await existingRoleIds(db, roleIds);
  const unknown = roleIds.filter((id) => !found.has(id));
  if (unknown.length) throw unprocessable(UserErrorCode.UNKNOWN_ROLE, 'A chosen role does not exist.', { unknown });
}

async function withUniqueName<T>(
  db: Kysely<Database>,
  name: string,
  exceptId: string | undefined,
  write: () => Promise<T>,
) {
  if (await reportIdWithName(db, name, exceptId)) throw nameTaken(name);
  try {
    return await write();
  } catch (e) {
    throw isUniqueViolation(e, 'bi_reports_name_key') ? nameTaken(name) : e;
  }
}

function columns(v: BiReportValues): BiReportColumns {
  return {
    name: v.name,
    embed_url: v.embedUrl,
    description: v.description,
    active: v.active,
    sort_order: v.sortOrder,
  };
}

/**
 * Brings this server's frameable origins up to date: read now in the change's transaction, so the answer to the
 * change already carries the new policy, and once more when the answer is sent, so a change rolled back after this
 * point does not stay in force.
 */
async function refreshFrames(ctx: Ctx) {
  const frames = ctx.request.server.biReportFrames;
  if (!frames) return;
  await frames.refresh(ctx.db);
  ctx.reply.raw.once('finish', () => void frames.refresh().catch(() => {}));
}

export async function createBiReport(ctx: Ctx, input: BiReportValues) {
  await checkRoles(ctx.db, input.roleIds);
  const { id } = await withUniqueName(ctx.db, input.name, undefined, () =>
    insertBiReport(ctx.db, columns(input), ctx.user.id),
  );
  await setReportRoles(ctx.db, id, input.roleIds);
  const after = await getBiReport(ctx.db, id);
  await ctx.audit({ action: 'create', entity: 'bi_report', entityId: id, after });
  await refreshFrames(ctx);
  return after;
}

export async function updateBiReport(ctx: Ctx, id: string, input: BiReportValues) {
  const before = await getBiReport(ctx.db, id, true);
  await checkRoles(ctx.db, input.roleIds);
  await withUniqueName(ctx.db, input.name, id, () => updateBiReportRow(ctx.db, id, columns(input), ctx.user.id));
  await setReportRoles(ctx.db, id, input.roleIds);
  const after = await getBiReport(ctx.db, id);
  await ctx.audit({ action: 'update', entity: 'bi_report', entityId: id, before, after });
  await refreshFrames(ctx);
  return after;
}

export async function deleteBiReport(ctx: Ctx, id: string) {
  const before = await getBiReport(ctx.db, id, true);
  await deleteBiReportRow(ctx.db, id);
  await ctx.audit({ action: 'delete', entity: 'bi_report', entityId: id, before });
  await refreshFrames(ctx);
  return { ok: true as const };
}
