import { type BundleTaskFilter, OPEN_BUNDLE_TASK_STATUSES } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { TODAY } from '../../platform/business-day.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

/** SQL of bundling tasks, their recipes and completions; the rules live in bundle-task.service.ts. */

type Db = Kysely<Database>;

// What a task refers to

export async function findProduct(db: Db, id: string) {
  return db
    .selectFrom('products')
    .select(['id', 'sku', 'name', 'unit', 'kind', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface RecipeRow {
  bundleId: string;
  componentId: string;
  sku: string;
  name: string;
  unit: string;
  perBundle: Decimal;
}

/** The current components of bundles, in their order. */
export async function recipesOf(db: Db, bundleIds: string[]): Promise<RecipeRow[]> {
  if (!bundleIds.length) return [];
  const rows = await db
    .selectFrom('product_bundle_components as c')
    .innerJoin('products as p', 'p.id', 'c.component_id')
    .select(['c.bundle_id', 'c.component_id', 'c.quantity', 'p.sku', 'p.name', 'p.unit'])
    .where('c.bundle_id', 'in', bundleIds)
    .orderBy('c.bundle_id')
    .orderBy('c.position')
    .execute();
  return rows.map((r) => ({
    bundleId: r.bundle_id,
    componentId: r.component_id,
    sku: r.sku,
    name: r.name,
    unit: r.unit,
    perBundle: new Decimal(r.quantity),
  }));
}

/** The recipe copied onto a task, in its order. */
export async function taskRecipe(db: Db, taskId: string): Promise<RecipeRow[]> {
  const rows = await db
    .selectFrom('bundle_task_components as c')
    .innerJoin('products as p', 'p.id', 'c.component_id')
    .select(['c.task_id', 'c.component_id', 'c.quantity', 'p.sku', 'p.name', 'p.unit'])
    .where('c.task_id', '=', taskId)
    .orderBy('c.position')
    .execute();
  return rows.map((r) => ({
    bundleId: r.task_id,
    componentId: r.component_id,
    sku: r.sku,
    name: r.name,
    unit: r.unit,
    perBundle: new Decimal(r.quantity),
  }));
}

export async function findWarehouse(db: Db, id: string) {
  const row = await db
    .selectFrom('warehouses as w')
    .leftJoin('warehouse_configs as c', 'c.warehouse_id', 'w.id')
    .select(['w.id', 'w.code', 'w.name', 'w.active', 'c.allow_negative_stock'])
    .where('w.id', '=', id)
    .executeTakeFirst();
  return row && { ...row, allowNegativeStock: row.allow_negative_stock ?? false };
}

export async function findLocation(db: Db, id: string) {
  return db
    .selectFrom('warehouse_locations')
    .select(['id', 'warehouse_id', 'code', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether a user holds a permission through any of their roles. */
function holds(permission: string) {
  return sql<boolean>`EXISTS (
    SELECT 1 FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id
    WHERE ur.user_id = u.id AND rp.permission = ${permission})`;
}

/** A user who could be given a task: whether they exist, are active and may work bundling tasks. */
export async function findAssignee(db: Db, id: string) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.username', 'u.name', 'u.is_active', holds('process_bundle_task').as('can_process')])
    .where('u.id', '=', id)
    .executeTakeFirst();
}

/** Active users holding process_bundle_task, by user name, matching user name or name. */
export async function lookupAssignees(db: Db, q: string, limit: number) {
  let query = db
    .selectFrom('users as u')
    .select(['u.id', 'u.username', 'u.name'])
    .where('u.is_active', '=', true)
    .where(holds('process_bundle_task'));
  if (q)
    query = query.where((eb) =>
      eb.or([eb('u.username', 'ilike', likePattern(q)), eb('u.name', 'ilike', likePattern(q))]),
    );
  return query.orderBy('u.username').limit(limit).execute();
}

/** Active bundles: SKU prefix matches first, then SKU or name containing the text. */
export async function lookupBundles(db: Db, q: string, limit: number) {
  const base = () =>
    db
      .selectFrom('products')
      .select(['id', 'sku', 'name', 'unit'])
      .where('kind', '=', 'BUNDLE')
      .where('active', '=', true);
  const prefix = `${q.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const first = await (q ? base().where('sku', 'like', prefix) : base()).orderBy('sku').limit(limit).execute();
  if (!q || first.length >= limit) return first;
  const more = await base()
    .where((eb) => eb.or([eb('sku', 'like', likePattern(q.toUpperCase())), eb('name', 'ilike', likePattern(q))]))
    .orderBy('sku')
    .limit(limit * 2)
    .execute();
  const seen = new Set(first.map((r) => r.id));
  return [...first, ...more.filter((r) => !seen.has(r.id))].slice(0, limit);
}

// Stock as a completion sees it

/**
 * Locks the products a completion posts, in id order: the same lock, in the same order, the posting service
 * takes, so that the availability read next cannot change before the posting (and no two postings deadlock).
 */
export async function lockProducts(db: Db, ids: string[]) {
  if (!ids.length) return;
  await sql`SELECT id FROM products WHERE id = ANY(${[...ids].sort()}::uuid[]) ORDER BY id FOR NO KEY UPDATE`.execute(
    db,
  );
}

/** Available (on hand less reserved) per product in a warehouse; products without a level are absent. */
export async function availableIn(db: Db, warehouseId: string, productIds: string[]) {
  if (!productIds.length) return new Map<string, Decimal>();
  const rows = await db
    .selectFrom('stock_levels')
    .select(['product_id', 'available'])
    .where('warehouse_id', '=', warehouseId)
    .where('product_id', 'in', productIds)
    .execute();
  return new Map(rows.map((r) => [r.product_id, new Decimal(r.available)]));
}

/** On hand per product in one bin. */
export async function onHandInBin(db: Db, warehouseId: string, locationId: string, productIds: string[]) {
  if (!productIds.length) return new Map<string, Decimal>();
  const rows = await db
    .selectFrom('stock_bin_balances')
    .select(['product_id', 'on_hand'])
    .where('warehouse_id', '=', warehouseId)
    .where('location_id', '=', locationId)
    .where('product_id', 'in', productIds)
    .execute();
  return new Map(rows.map((r) => [r.product_id, new Decimal(r.on_hand)]));
}

// Writes

export interface TaskWrite {
  number: string;
  bundleProductId: string;
  warehouseId: string;
  quantity: string;
  sourceLocationId: string | null;
  targetLocationId: string | null;
  assigneeUserId: string | null;
  dueDate: string | null;
  notes: string;
  createdBy: string;
}

export async function insertTask(db: Db, t: TaskWrite, recipe: RecipeRow[]): Promise<string> {
  const row = await db
    .insertInto('bundle_tasks')
    .values({
      number: t.number,
      bundle_product_id: t.bundleProductId,
      warehouse_id: t.warehouseId,
      quantity: t.quantity,
      source_location_id: t.sourceLocationId,
      target_location_id: t.targetLocationId,
      assignee_user_id: t.assigneeUserId,
      due_date: t.dueDate,
      notes: t.notes,
      created_by: t.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('bundle_task_components')
    .values(
      recipe.map((r, position) => ({
        task_id: row.id,
        component_id: r.componentId,
        position,
        quantity: r.perBundle.toFixed(),
      })),
    )
    .execute();
  return row.id;
}

export async function setAssignee(db: Db, id: string, assigneeUserId: string | null) {
  await db
    .updateTable('bundle_tasks')
    .set({ assignee_user_id: assigneeUserId, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function markStarted(db: Db, id: string, userId: string) {
  await db
    .updateTable('bundle_tasks')
    .set({ status: 'IN_PROGRESS', started_at: sql`now()`, started_by: userId, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function markCanceled(db: Db, id: string, userId: string, reason: string) {
  await db
    .updateTable('bundle_tasks')
    .set({
      status: 'CANCELED',
      canceled_at: sql`now()`,
      canceled_by: userId,
      cancel_reason: reason,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** The next completion's number within the task (1, 2, …). */
export async function nextCompletionSeq(db: Db, taskId: string): Promise<number> {
  const row = await db
    .selectFrom('bundle_task_completions')
    .select(sql<number>`coalesce(max(seq), 0)::int + 1`.as('seq'))
    .where('task_id', '=', taskId)
    .executeTakeFirstOrThrow();
  return row.seq;
}

/** Records a completion and moves the task on: in progress while something is left, completed once nothing is. */
export async function recordCompletion(
  db: Db,
  c: { taskId: string; seq: number; quantity: Decimal; value: Decimal; postedAt: string; userId: string },
  isLast: boolean,
) {
  await db
    .insertInto('bundle_task_completions')
    .values({
      task_id: c.taskId,
      seq: c.seq,
      quantity: c.quantity.toFixed(),
      value: c.value.toFixed(),
      posted_at: c.postedAt,
      user_id: c.userId,
    })
    .execute();
  await db
    .updateTable('bundle_tasks')
    .set({
      completed_quantity: sql`completed_quantity + ${c.quantity.toFixed()}::numeric`,
      status: isLast ? 'COMPLETED' : 'IN_PROGRESS',
      started_at: sql`coalesce(started_at, now())`,
      started_by: sql`coalesce(started_by, ${c.userId}::uuid)`,
      ...(isLast ? { completed_at: sql`now()`, completed_by: c.userId } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', c.taskId)
    .execute();
}

// Reads

export async function completionsOf(db: Db, taskId: string) {
  return db
    .selectFrom('bundle_task_completions as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.seq', 'c.quantity', 'c.value', 'c.posted_at', 'u.username'])
    .where('c.task_id', '=', taskId)
    .orderBy('c.seq')
    .execute();
}

/** The ledger source id of a task's completion. */
export const completionSourceId = (taskId: string, seq: number) => `${taskId}:${seq}`;

function taskBase(db: Db) {
  return db
    .selectFrom('bundle_tasks as t')
    .innerJoin('products as p', 'p.id', 't.bundle_product_id')
    .innerJoin('warehouses as w', 'w.id', 't.warehouse_id')
    .leftJoin('warehouse_locations as sl', 'sl.id', 't.source_location_id')
    .leftJoin('warehouse_locations as tl', 'tl.id', 't.target_location_id')
    .leftJoin('users as au', 'au.id', 't.assignee_user_id')
    .leftJoin('users as cu', 'cu.id', 't.created_by');
}

const HEAD_COLUMNS = [
  't.id',
  't.number',
  't.status',
  't.bundle_product_id',
  'p.sku',
  'p.name as product_name',
  'p.unit',
  't.warehouse_id',
  'w.code as warehouse_code',
  'w.name as warehouse_name',
  't.source_location_id',
  'sl.code as source_code',
  't.target_location_id',
  'tl.code as target_code',
  't.quantity',
  't.completed_quantity',
  't.assignee_user_id',
  'au.username as assignee_username',
  'au.name as assignee_name',
  't.due_date',
  't.notes',
  'cu.username as created_by_name',
  't.created_at',
  't.updated_at',
  't.completed_at',
] as const;

// A task without a due date is never overdue (not unknown).
const overdue = sql<boolean>`coalesce(t.status = ANY(${OPEN_BUNDLE_TASK_STATUSES}::text[]) AND t.due_date < ${TODAY}, false)`;

export type TaskRow = Awaited<ReturnType<typeof findTasks>>[number];

/** Narrows to the filter; `assigneeUserId` of My Tasks comes from the signed-in user, not the query. */
function filtered(db: Db, f: Partial<BundleTaskFilter>) {
  let query = taskBase(db);
  if (f.q) {
    const text = likePattern(f.q);
    query = query.where((eb) =>
      eb.or([
        eb('t.number', 'ilike', text),
        eb('p.sku', 'ilike', text),
        eb('p.name', 'ilike', text),
        eb('t.notes', 'ilike', text),
      ]),
    );
  }
  if (f.status) query = query.where('t.status', '=', f.status);
  if (f.openOnly === 'true') query = query.where('t.status', 'in', OPEN_BUNDLE_TASK_STATUSES);
  if (f.warehouseId) query = query.where('t.warehouse_id', '=', f.warehouseId);
  if (f.assigneeUserId) query = query.where('t.assignee_user_id', '=', f.assigneeUserId);
  if (f.unassigned === 'true') query = query.where('t.assignee_user_id', 'is', null);
  if (f.bundleProductId) query = query.where('t.bundle_product_id', '=', f.bundleProductId);
  if (f.dueFrom) query = query.where('t.due_date', '>=', f.dueFrom);
  if (f.dueTo) query = query.where('t.due_date', '<=', f.dueTo);
  if (f.overdue === 'true') query = query.where(overdue);
  return query;
}

const SORTS = {
  number: 't.number',
  status: 't.status',
  dueDate: 't.due_date',
  createdAt: 't.created_at',
  quantity: 't.quantity',
  bundle: 'p.sku',
  warehouse: 'w.code',
  assignee: 'au.username',
} as const;

export async function findTasks(
  db: Db,
  f: Partial<BundleTaskFilter>,
  limit: number,
  offset: number,
  fallback: { column: (typeof SORTS)[keyof typeof SORTS]; direction: 'asc' | 'desc' } = {
    column: 't.created_at',
    direction: 'desc',
  },
) {
  const sort = parseSort(f.sort, SORTS, fallback);
  return filtered(db, f)
    .select([...HEAD_COLUMNS, overdue.as('is_overdue')])
    .orderBy(sql`${sql.ref(sort.column)} ${sql.raw(sort.direction)} NULLS LAST`)
    .orderBy('t.number', sort.direction)
    .orderBy('t.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countTasks(db: Db, f: Partial<BundleTaskFilter>): Promise<number> {
  const row = await filtered(db, f).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One task with what its detail shows besides the recipe and completions. */
export async function findTask(db: Db, id: string) {
  return taskBase(db)
    .leftJoin('users as su', 'su.id', 't.started_by')
    .leftJoin('users as du', 'du.id', 't.completed_by')
    .leftJoin('users as xu', 'xu.id', 't.canceled_by')
    .select([
      ...HEAD_COLUMNS,
      overdue.as('is_overdue'),
      't.started_at',
      'su.username as started_by_name',
      'du.username as completed_by_name',
      't.canceled_at',
      'xu.username as canceled_by_name',
      't.cancel_reason',
    ])
    .where('t.id', '=', id)
    .executeTakeFirst();
}

// References: what a product, warehouse or bin is used by

export async function countTasksUsingProduct(db: Db, productId: string): Promise<number> {
  const row = await db
    .selectFrom('bundle_tasks as t')
    .select(sql<string>`count(*)`.as('n'))
    .where((eb) =>
      eb.or([
        eb('t.bundle_product_id', '=', productId),
        eb.exists(
          eb
            .selectFrom('bundle_task_components as c')
            .whereRef('c.task_id', '=', 't.id')
            .where('c.component_id', '=', productId),
        ),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countTasksOfWarehouse(db: Db, warehouseId: string): Promise<number> {
  const row = await db
    .selectFrom('bundle_tasks')
    .select(sql<string>`count(*)`.as('n'))
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countTasksUsingLocation(db: Db, locationId: string): Promise<number> {
  const row = await db
    .selectFrom('bundle_tasks')
    .select(sql<string>`count(*)`.as('n'))
    .where((eb) => eb.or([eb('source_location_id', '=', locationId), eb('target_location_id', '=', locationId)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
