import {
  DRAFT_KIND_PERMISSIONS,
  DRAFT_KINDS,
  DRAFT_PAYLOAD_MAX_BYTES,
  type Draft,
  DraftErrorCode,
  type DraftInput,
  type DraftKind,
  type DraftListItem,
  type DraftListQuery,
  type DraftSaveInput,
} from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { offsetOf, toPage } from '../../platform/pagination.ts';
import type { Ctx } from '../../platform/routes.ts';
import {
  countDrafts,
  type DraftColumns,
  type DraftRow,
  deleteDraftRow,
  getDraftRow,
  insertDraft,
  pageOfDrafts,
  updateDraftRow,
} from './draft.repository.ts';

/**
 * Drafts: a draft is found only by its owner (another user's id is a 404, administrators included: a draft is
 * work in progress, not a record of the business). Besides the list screen's view_draft, a form's own create
 * permission lets its user keep drafts of that form's kind, and only of that kind.
 */

/** The kinds of draft this user may list, read and save. */
export function draftKindsOf(user: AuthUser): DraftKind[] {
  if (user.permissions.has('view_draft')) return [...DRAFT_KINDS];
  return DRAFT_KINDS.filter((kind) => user.permissions.has(DRAFT_KIND_PERMISSIONS[kind]));
}

function requireKind(user: AuthUser, kind: DraftKind) {
  if (!draftKindsOf(user).includes(kind))
    throw forbidden('You do not have the permission to keep drafts of this form.', {
      required: ['view_draft', DRAFT_KIND_PERMISSIONS[kind]],
    });
}

type DraftListRow = Omit<DraftRow, 'payload'>;

function toListItem(r: DraftListRow): DraftListItem {
  return {
    id: r.id,
    kind: r.kind as DraftKind,
    route: r.route,
    title: r.title,
    summary: (r.summary ?? {}) as Record<string, number>,
    size: r.payload_bytes,
    version: r.version,
    createdAt: r.created_at.toISOString(),
    savedAt: r.saved_at.toISOString(),
  };
}

function toDraft(r: DraftRow): Draft {
  return { ...toListItem(r), payload: r.payload as Record<string, unknown> };
}

/** The row as columns, refusing a payload larger than a draft keeps (measured as the UTF-8 JSON stored). */
function columnsOf(input: { title: string; summary: Record<string, number>; payload: Record<string, unknown> }) {
  const payload = JSON.stringify(input.payload);
  const size = Buffer.byteLength(payload, 'utf8');
  if (size > DRAFT_PAYLOAD_MAX_BYTES)
    throw new AppError(
      413,
      DraftErrorCode.DRAFT_TOO_LARGE,
      `This form holds ${Math.ceil(size / 1024)} KB, more than a draft keeps (${DRAFT_PAYLOAD_MAX_BYTES / 1024} KB). Submit it, or split it into smaller ones.`,
      { size, max: DRAFT_PAYLOAD_MAX_BYTES },
    );
  return {
    title: input.title,
    summary: JSON.stringify(input.summary),
    payload,
    payload_bytes: size,
  } satisfies DraftColumns;
}

export async function listDrafts(db: Kysely<Database>, user: AuthUser, q: DraftListQuery) {
  const filter = { ownerId: user.id, kinds: draftKindsOf(user), kind: q.kind, q: q.q, sort: q.sort };
  const [rows, count] = await Promise.all([pageOfDrafts(db, filter, q.pageSize, offsetOf(q)), countDrafts(db, filter)]);
  return toPage(rows.map(toListItem), count.n, q);
}

/** The user's own draft (locked for a change), else 404 whoever owns it; then the kind's permission. */
async function ownDraft(db: Kysely<Database>, user: AuthUser, id: string, forUpdate = false) {
  const row = await getDraftRow(db, user.id, id, forUpdate);
  if (!row) throw notFound('Draft', id);
  requireKind(user, row.kind as DraftKind);
  return row;
}

export async function getDraft(db: Kysely<Database>, user: AuthUser, id: string): Promise<Draft> {
  return toDraft(await ownDraft(db, user, id));
}

// The audit rows keep what a draft is and holds (title, counts, size), not its payload: a form's state may be
// half a megabyte, and nothing of the business changed yet.
export async function createDraft(ctx: Ctx, input: z.output<typeof DraftInput>) {
  requireKind(ctx.user, input.kind);
  const row = await insertDraft(ctx.db, ctx.user.id, input.kind, input.route, columnsOf(input));
  const after = toListItem(row);
  await ctx.audit({ action: 'create', entity: 'draft', entityId: row.id, after });
  return toDraft(row);
}

export async function saveDraft(ctx: Ctx, id: string, input: z.output<typeof DraftSaveInput>) {
  const current = await ownDraft(ctx.db, ctx.user, id, true);
  if (current.version !== input.version)
    throw conflict(
      DraftErrorCode.DRAFT_VERSION_CONFLICT,
      `This draft was saved elsewhere since you opened it (at ${current.saved_at.toISOString()}). Open it again to see that version, or save this form as a new draft.`,
      { version: current.version, sentVersion: input.version, savedAt: current.saved_at.toISOString() },
    );
  const columns = columnsOf(input);
  const row = await updateDraftRow(ctx.db, id, columns);
  await ctx.audit({
    action: 'update',
    entity: 'draft',
    entityId: id,
    before: toListItem(current),
    after: toListItem(row),
  });
  return toDraft(row);
}

export async function deleteDraft(ctx: Ctx, id: string) {
  const current = await ownDraft(ctx.db, ctx.user, id, true);
  await deleteDraftRow(ctx.db, id);
  await ctx.audit({ action: 'delete', entity: 'draft', entityId: id, before: toListItem(current) });
  return { ok: true as const };
}
