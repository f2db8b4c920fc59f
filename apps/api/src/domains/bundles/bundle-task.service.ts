import {
  BUNDLE_TASK_SOURCE_TYPE,
  type BundleAvailability,
  type BundleAvailabilityQuery,
  BundleErrorCode,
  type BundleLookupItem,
  type BundleTask,
  type BundleTaskAssignInput,
  type BundleTaskCancelInput,
  type BundleTaskCompleteInput,
  type BundleTaskFilter,
  type BundleTaskInput,
  type BundleTaskListItem,
  type BundleTaskListQuery,
  type BundleTaskStatus,
  bundleTaskDocument,
  ConfigurationErrorCode,
  calendarDayText,
  type MyBundleTaskQuery,
  OPEN_BUNDLE_TASK_STATUSES,
  StockErrorCode,
  type UnitOfMeasure,
  ukCalendarDay,
  WarehouseErrorCode,
  WHOLE_UNIT,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../platform/auth.ts';
import {
  auditDocument,
  found,
  isoOrNull as iso,
  lockForAction,
  moneyText as money,
  nextDocumentNumber,
  pageOfDocuments,
  quantityText as qty,
  recordStep,
} from '../../platform/documents.ts';
import { documentRows, sendDocumentsXlsx } from '../../platform/documents-export.ts';
import { documentMovements } from '../../platform/documents-movements.ts';
import { conflict, forbidden, unprocessable } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/routes.ts';
import { ui, words, type XlsxColumn } from '../../platform/xlsx.ts';
import { movementsByIds, type PostLine, post } from '../stock/index.ts';
import * as repo from './bundle-task.repository.ts';

/**
 * Bundling tasks: assemble bundles from their components. A task copies the bundle's recipe when it is
 * created; each completion (all or part of what is left) is one posting through the stock posting service:
 * a BUNDLE_CONSUME row per component at FIFO cost and one BUNDLE_PRODUCE row for the bundles, valued at
 * exactly what those rows cost. The posting service does the valuing; this checks the rules around it.
 */

type Db = Kysely<Database>;
type TaskInput = z.output<typeof BundleTaskInput>;

const ZERO = new Decimal(0);
/** What a stock quantity column holds: 4 places, 14 digits before the point (numeric(18, 4)). */
const QUANTITY_PLACES = 4;
const QUANTITY_LIMIT = new Decimal('1e14');

// Rules on quantities

/** A bundle counted in units is assembled in whole units. */
function checkWholeBundles(product: { sku: string; unit: string }, quantity: Decimal) {
  if (product.unit === WHOLE_UNIT && !quantity.isInteger())
    throw unprocessable(
      BundleErrorCode.BUNDLE_TASK_QUANTITY_NOT_WHOLE,
      `${product.sku} is counted in units: assemble a whole number of bundles, not ${quantity.toFixed()}.`,
      { sku: product.sku, quantity: quantity.toFixed() },
    );
}

/** What each component of the recipe takes for `quantity` bundles; refused when that cannot be stock. */
function componentNeeds(recipe: repo.RecipeRow[], quantity: Decimal): Decimal[] {
  return recipe.map((r) => {
    const needed = r.perBundle.mul(quantity);
    const fractionOfUnit = r.unit === WHOLE_UNIT && !needed.isInteger();
    if (fractionOfUnit || needed.decimalPlaces() > QUANTITY_PLACES || needed.gte(QUANTITY_LIMIT))
      throw unprocessable(
        BundleErrorCode.BUNDLE_TASK_COMPONENT_QUANTITY_INVALID,
        fractionOfUnit
          ? `${quantity.toFixed()} bundles would take ${needed.toFixed()} of ${r.sku}, which is counted in whole units. Choose a quantity that uses whole units of it.`
          : `${quantity.toFixed()} bundles would take ${needed.toFixed()} of ${r.sku}, which stock cannot hold (at most ${QUANTITY_PLACES} decimal places). Choose another quantity.`,
        { sku: r.sku, needed: needed.toFixed() },
      );
    return needed;
  });
}

// Availability

interface AvailabilityOf {
  bundleUnit: string;
  recipe: repo.RecipeRow[];
  warehouse: { id: string; code: string; name: string; allowNegativeStock: boolean };
  source: { id: string; code: string } | null;
  quantity: Decimal;
}

/**
 * Per component: what `quantity` bundles take, what the warehouse has available (on hand less reserved, no
 * more than the source bin holds when the task names one), what is missing; and how many bundles can be made.
 */
async function availability(db: Db, a: AvailabilityOf): Promise<BundleAvailability> {
  const ids = a.recipe.map((r) => r.componentId);
  const [levels, bins] = await Promise.all([
    repo.availableIn(db, a.warehouse.id, ids),
    a.source ? repo.onHandInBin(db, a.warehouse.id, a.source.id, ids) : Promise.resolve(null),
  ]);
  let canMake: Decimal | null = null;
  const lines = a.recipe.map((r) => {
    const needed = r.perBundle.mul(a.quantity);
    let available = levels.get(r.componentId) ?? ZERO;
    if (bins) available = Decimal.min(available, bins.get(r.componentId) ?? ZERO);
    const shortfall = Decimal.max(needed.sub(available), ZERO);
    const makes = Decimal.max(available, ZERO).div(r.perBundle);
    const whole =
      a.bundleUnit === WHOLE_UNIT ? makes.floor() : makes.toDecimalPlaces(QUANTITY_PLACES, Decimal.ROUND_DOWN);
    canMake = canMake === null ? whole : Decimal.min(canMake, whole);
    return {
      product: { id: r.componentId, sku: r.sku, name: r.name, unit: r.unit as UnitOfMeasure },
      perBundle: qty(r.perBundle),
      needed: qty(needed),
      available: qty(available),
      shortfall: qty(shortfall),
    };
  });
  return {
    quantity: qty(a.quantity),
    warehouse: { id: a.warehouse.id, code: a.warehouse.code, name: a.warehouse.name },
    sourceLocation: a.source ? { id: a.source.id, code: a.source.code } : null,
    allowNegativeStock: a.warehouse.allowNegativeStock,
    lines,
    canMake: qty(canMake ?? ZERO),
    isEnough: lines.every((l) => new Decimal(l.shortfall).isZero()),
  };
}

/** Before a task exists: a bundle's current recipe against a warehouse's stock. */
export async function bundleAvailability(db: Db, q: z.output<typeof BundleAvailabilityQuery>) {
  const product = found(await repo.findProduct(db, q.bundleProductId), 'Product', q.bundleProductId);
  if (product.kind !== 'BUNDLE') throw notABundle(product);
  const warehouse = found(await repo.findWarehouse(db, q.warehouseId), 'Warehouse', q.warehouseId);
  const source = q.sourceLocationId ? await repo.findLocation(db, q.sourceLocationId) : null;
  if (q.sourceLocationId && source?.warehouse_id !== warehouse.id) throw notInWarehouse(q.sourceLocationId);
  return availability(db, {
    bundleUnit: product.unit,
    recipe: await repo.recipesOf(db, [product.id]),
    warehouse,
    source: source ?? null,
    quantity: new Decimal(q.quantity),
  });
}

async function availabilityOfTask(db: Db, task: repo.TaskRow, quantity?: Decimal) {
  const warehouse = await repo.findWarehouse(db, task.warehouse_id);
  return availability(db, {
    bundleUnit: task.unit,
    recipe: await repo.taskRecipe(db, task.id),
    warehouse: warehouse ?? {
      id: task.warehouse_id,
      code: task.warehouse_code,
      name: task.warehouse_name,
      allowNegativeStock: false,
    },
    source: task.source_location_id ? { id: task.source_location_id, code: task.source_code ?? '' } : null,
    quantity: quantity ?? remainingOf(task),
  });
}

// Answers

const remainingOf = (t: { quantity: string; completed_quantity: string }) =>
  new Decimal(t.quantity).sub(t.completed_quantity);

function toListItem(r: repo.TaskRow): BundleTaskListItem {
  return {
    id: r.id,
    number: r.number,
    status: r.status as BundleTaskStatus,
    bundle: { id: r.bundle_product_id, sku: r.sku, name: r.product_name, unit: r.unit as UnitOfMeasure },
    warehouse: { id: r.warehouse_id, code: r.warehouse_code, name: r.warehouse_name },
    sourceLocation: r.source_location_id ? { id: r.source_location_id, code: r.source_code ?? '' } : null,
    targetLocation: r.target_location_id ? { id: r.target_location_id, code: r.target_code ?? '' } : null,
    quantity: qty(r.quantity),
    completedQuantity: qty(r.completed_quantity),
    remainingQuantity: qty(remainingOf(r)),
    assignee: r.assignee_user_id
      ? { id: r.assignee_user_id, username: r.assignee_username ?? '', name: r.assignee_name ?? '' }
      : null,
    dueDate: r.due_date,
    isOverdue: r.is_overdue,
    notes: r.notes,
    createdBy: r.created_by_name,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    completedAt: iso(r.completed_at),
  };
}

/** The task as its detail shows it: recipe, completions, availability of what is left, ledger rows. */
async function taskDetail(db: Db, id: string): Promise<BundleTask> {
  const row = found(await repo.findTask(db, id), 'Bundle task', id);
  const [recipe, completions] = await Promise.all([repo.taskRecipe(db, id), repo.completionsOf(db, id)]);
  const source = { type: BUNDLE_TASK_SOURCE_TYPE, ids: completions.map((c) => repo.completionSourceId(id, c.seq)) };
  const { items: movements } = await documentMovements(db, source, { order: 'oldest' }, movementsByIds);
  const isOpen = OPEN_BUNDLE_TASK_STATUSES.includes(row.status as BundleTaskStatus);
  const remaining = remainingOf(row);
  return {
    ...toListItem(row),
    components: recipe.map((r) => ({
      product: { id: r.componentId, sku: r.sku, name: r.name, unit: r.unit as UnitOfMeasure },
      perBundle: qty(r.perBundle),
      neededForRemaining: qty(r.perBundle.mul(remaining)),
      consumed: qty(r.perBundle.mul(row.completed_quantity)),
    })),
    completions: completions.map((c) => ({
      seq: c.seq,
      quantity: qty(c.quantity),
      value: money(c.value),
      unitCost: new Decimal(c.value).div(c.quantity).toFixed(4),
      postedAt: c.posted_at.toISOString(),
      username: c.username,
    })),
    startedAt: iso(row.started_at),
    startedBy: row.started_by_name,
    completedBy: row.completed_by_name,
    canceledAt: iso(row.canceled_at),
    canceledBy: row.canceled_by_name,
    cancelReason: row.cancel_reason,
    availability: isOpen && remaining.gt(0) ? await availabilityOfTask(db, row) : null,
    movements,
  };
}

// Who may do what

const canManage = (user: AuthUser) => user.permissions.has('add_bundle_task');

/** Seeing a task: anyone with view_warehouse, otherwise only its assignee. */
function checkMaySee(user: AuthUser, task: { assignee_user_id: string | null; number: string }) {
  if (user.permissions.has('view_warehouse') || task.assignee_user_id === user.id) return;
  throw forbidden(
    `Task ${task.number} is not assigned to you.`,
    { required: ['view_warehouse'] },
    BundleErrorCode.BUNDLE_TASK_NOT_ASSIGNEE,
  );
}

/** Working a task (start, complete): its assignee, or a holder of add_bundle_task. */
function checkMayWork(user: AuthUser, task: { assignee_user_id: string | null; number: string }) {
  if (task.assignee_user_id === user.id || canManage(user)) return;
  throw forbidden(
    task.assignee_user_id
      ? `Task ${task.number} is assigned to someone else: only they, or a holder of add_bundle_task, may work it.`
      : `Task ${task.number} is not assigned to anyone: ask for it to be assigned to you first.`,
    { required: ['add_bundle_task'] },
    BundleErrorCode.BUNDLE_TASK_NOT_ASSIGNEE,
  );
}

const lockFor = (ctx: Ctx, id: string, action: keyof typeof bundleTaskDocument.actions) =>
  lockForAction(ctx.db, bundleTaskDocument, 'bundle_tasks', id, action);

// Checks of what a task refers to

function notABundle(product: { sku: string; kind: string }) {
  return unprocessable(
    BundleErrorCode.BUNDLE_TASK_NOT_A_BUNDLE,
    `${product.sku} is not a bundle (it is a ${product.kind.toLowerCase()} product): only bundles are assembled.`,
    { sku: product.sku, kind: product.kind },
  );
}

function notInWarehouse(locationId: string) {
  return unprocessable(WarehouseErrorCode.LOCATION_NOT_IN_WAREHOUSE, 'That bin is not one of the warehouse’s bins.', {
    locationId,
  });
}

async function checkAssignee(db: Db, id: string) {
  const user = await repo.findAssignee(db, id);
  const problem = !user
    ? 'That user does not exist.'
    : !user.is_active
      ? `${user.username} is deactivated: choose an active user.`
      : !user.can_process
        ? `${user.username} may not work bundling tasks (they do not hold process_bundle_task): choose someone who does.`
        : null;
  if (problem)
    throw unprocessable(BundleErrorCode.BUNDLE_TASK_ASSIGNEE_INVALID, problem, {
      userId: id,
      ...(user ? { username: user.username } : {}),
    });
  return user as NonNullable<typeof user>;
}

// Lists

export function listTasks(db: Db, q: BundleTaskListQuery) {
  return pageOfDocuments(
    q,
    (limit, offset) => repo.findTasks(db, q, limit, offset),
    () => repo.countTasks(db, q),
    toListItem,
  );
}

/** My Tasks: assigned to the signed-in user, due first (no due date last). */
export async function myTasks(ctx: Ctx, q: MyBundleTaskQuery) {
  // A status asked for is shown whatever openOnly says (openOnly defaults to true).
  const f = { ...q, assigneeUserId: ctx.user.id, ...(q.status ? { openOnly: undefined } : {}) };
  return pageOfDocuments(
    q,
    (limit, offset) => repo.findTasks(ctx.db, f, limit, offset, { column: 't.due_date', direction: 'asc' }),
    () => repo.countTasks(ctx.db, f),
    toListItem,
  );
}

const EXPORT_COLUMNS: XlsxColumn<BundleTaskListItem>[] = [
  { header: ui('bundles:fields.number'), width: 18, value: (r) => r.number },
  {
    header: ui('bundles:fields.status'),
    width: 14,
    type: 'enum',
    labels: 'documents:bundle_task.status',
    value: (r) => r.status,
  },
  { header: ui('products:fields.sku'), width: 20, value: (r) => r.bundle.sku },
  { header: ui('bundles:fields.bundle'), width: 36, value: (r) => r.bundle.name },
  {
    header: ui('products:fields.unit'),
    width: 14,
    type: 'enum',
    labels: 'products:units',
    value: (r) => r.bundle.unit,
  },
  { header: ui('bundles:fields.warehouse'), width: 14, value: (r) => r.warehouse.code },
  { header: ui('bundles:fields.sourceBin'), width: 14, value: (r) => r.sourceLocation?.code ?? '' },
  { header: ui('bundles:fields.targetBin'), width: 14, value: (r) => r.targetLocation?.code ?? '' },
  { header: ui('bundles:fields.quantity'), width: 12, type: 'quantity', value: (r) => r.quantity },
  { header: ui('bundles:fields.completed'), width: 12, type: 'quantity', value: (r) => r.completedQuantity },
  { header: ui('bundles:fields.remaining'), width: 12, type: 'quantity', value: (r) => r.remainingQuantity },
  { header: ui('bundles:fields.assignee'), width: 18, value: (r) => r.assignee?.username ?? '' },
  { header: ui('bundles:fields.dueDate'), width: 12, type: 'date', value: (r) => r.dueDate },
  {
    header: words('Overdue', 'Vencida', 'Em atraso', 'Überfällig'),
    width: 10,
    type: 'boolean',
    value: (r) => r.isOverdue,
  },
  { header: ui('transfers:fields.createdBy'), width: 16, value: (r) => r.createdBy ?? '' },
  { header: ui('bundles:fields.createdAt'), width: 12, type: 'date', value: (r) => r.createdAt },
  { header: ui('bundles:fields.completedAt'), width: 12, type: 'date', value: (r) => r.completedAt },
  { header: ui('bundles:fields.notes'), width: 40, value: (r) => r.notes },
];

export function exportTasks(ctx: Ctx, f: BundleTaskFilter) {
  const rows = documentRows((limit, offset) => repo.findTasks(ctx.db, f, limit, offset), toListItem);
  return sendDocumentsXlsx(ctx, 'bundling-tasks', EXPORT_COLUMNS, rows);
}

export async function lookupBundles(db: Db, q: { q: string; limit: number }): Promise<{ items: BundleLookupItem[] }> {
  const bundles = await repo.lookupBundles(db, q.q, q.limit);
  const recipes = await repo.recipesOf(
    db,
    bundles.map((b) => b.id),
  );
  return {
    items: bundles.map((b) => ({
      id: b.id,
      sku: b.sku,
      name: b.name,
      unit: b.unit as UnitOfMeasure,
      components: recipes
        .filter((r) => r.bundleId === b.id)
        .map((r) => ({
          product: { id: r.componentId, sku: r.sku, name: r.name, unit: r.unit as UnitOfMeasure },
          perBundle: qty(r.perBundle),
        })),
    })),
  };
}

export async function lookupAssignees(db: Db, q: { q: string; limit: number }) {
  return { items: await repo.lookupAssignees(db, q.q, q.limit) };
}

// One task

export async function getTask(ctx: Ctx, id: string): Promise<BundleTask> {
  const row = found(await repo.findTask(ctx.db, id), 'Bundle task', id);
  checkMaySee(ctx.user, row);
  return taskDetail(ctx.db, id);
}

export async function taskAvailability(ctx: Ctx, id: string, q: { quantity?: string }): Promise<BundleAvailability> {
  const row = found(await repo.findTask(ctx.db, id), 'Bundle task', id);
  checkMaySee(ctx.user, row);
  return availabilityOfTask(ctx.db, row, q.quantity ? new Decimal(q.quantity) : undefined);
}

// Changes

export async function createTask(ctx: Ctx, input: TaskInput): Promise<BundleTask> {
  const db = ctx.db;
  const product = await repo.findProduct(db, input.bundleProductId);
  if (!product)
    throw unprocessable(BundleErrorCode.BUNDLE_TASK_PRODUCT_UNKNOWN, 'The chosen bundle does not exist.', {
      productId: input.bundleProductId,
    });
  if (product.kind !== 'BUNDLE') throw notABundle(product);
  if (!product.active)
    throw unprocessable(
      BundleErrorCode.BUNDLE_TASK_PRODUCT_INACTIVE,
      `${product.sku} is deactivated: activate it before assembling it.`,
      { sku: product.sku },
    );
  const quantity = new Decimal(input.quantity);
  checkWholeBundles(product, quantity);
  const recipe = await repo.recipesOf(db, [product.id]);
  if (!recipe.length)
    throw unprocessable(
      BundleErrorCode.BUNDLE_TASK_NO_COMPONENTS,
      `${product.sku} has no components: give it its components before assembling it.`,
      { sku: product.sku },
    );
  componentNeeds(recipe, quantity);

  const warehouse = await repo.findWarehouse(db, input.warehouseId);
  if (!warehouse)
    throw unprocessable(ConfigurationErrorCode.UNKNOWN_WAREHOUSE, 'The chosen warehouse does not exist.', {
      warehouseId: input.warehouseId,
    });
  if (!warehouse.active)
    throw unprocessable(StockErrorCode.WAREHOUSE_INACTIVE, `Warehouse ${warehouse.code} is inactive.`, {
      code: warehouse.code,
      warehouseId: warehouse.id,
    });
  for (const [field, id] of [
    ['sourceLocationId', input.sourceLocationId],
    ['targetLocationId', input.targetLocationId],
  ] as const) {
    if (!id) continue;
    const location = await repo.findLocation(db, id);
    if (location?.warehouse_id !== warehouse.id) throw notInWarehouse(id);
    // Stock may still be taken out of an inactive bin, but nothing is put into one.
    if (field === 'targetLocationId' && !location.active)
      throw unprocessable(
        BundleErrorCode.BUNDLE_TASK_LOCATION_INACTIVE,
        `Bin ${location.code} is inactive: the bundles cannot be put there.`,
        { code: location.code, locationId: id },
      );
  }
  if (input.assigneeUserId) await checkAssignee(db, input.assigneeUserId);
  const today = calendarDayText(ukCalendarDay());
  if (input.dueDate && input.dueDate < today)
    throw unprocessable(
      BundleErrorCode.BUNDLE_TASK_DUE_DATE_PAST,
      `The due date ${input.dueDate} has passed: choose ${today} or later.`,
      { dueDate: input.dueDate, today },
    );

  const number = await nextDocumentNumber(db, 'bundleTask');
  const id = await repo.insertTask(
    db,
    {
      number,
      bundleProductId: product.id,
      warehouseId: warehouse.id,
      quantity: quantity.toFixed(),
      sourceLocationId: input.sourceLocationId,
      targetLocationId: input.targetLocationId,
      assigneeUserId: input.assigneeUserId,
      dueDate: input.dueDate,
      notes: input.notes,
      createdBy: ctx.user.id,
    },
    recipe,
  );
  const task = await taskDetail(db, id);
  await auditDocument(ctx, bundleTaskDocument, { number, action: 'create', after: auditView(task) });
  return task;
}

/** What the system log keeps of a task: its head and recipe, not the derived figures. */
function auditView(t: BundleTask) {
  return {
    number: t.number,
    status: t.status,
    bundleProductId: t.bundle.id,
    sku: t.bundle.sku,
    warehouseId: t.warehouse.id,
    quantity: t.quantity,
    completedQuantity: t.completedQuantity,
    sourceLocationId: t.sourceLocation?.id ?? null,
    targetLocationId: t.targetLocation?.id ?? null,
    assigneeUserId: t.assignee?.id ?? null,
    dueDate: t.dueDate,
    notes: t.notes,
    components: t.components.map((c) => ({ productId: c.product.id, sku: c.product.sku, perBundle: c.perBundle })),
  };
}

export async function assignTask(
  ctx: Ctx,
  id: string,
  input: z.output<typeof BundleTaskAssignInput>,
): Promise<BundleTask> {
  const task = await lockFor(ctx, id, 'assign');
  if (input.assigneeUserId) await checkAssignee(ctx.db, input.assigneeUserId);
  await repo.setAssignee(ctx.db, id, input.assigneeUserId);
  await auditDocument(ctx, bundleTaskDocument, {
    number: task.number,
    action: 'assign',
    before: { number: task.number, assigneeUserId: task.assignee_user_id },
    after: { number: task.number, assigneeUserId: input.assigneeUserId },
  });
  return taskDetail(ctx.db, id);
}

export async function startTask(ctx: Ctx, id: string): Promise<BundleTask> {
  const task = await lockFor(ctx, id, 'start');
  checkMayWork(ctx.user, task);
  await repo.markStarted(ctx.db, id, ctx.user.id);
  await recordStep(ctx, bundleTaskDocument, task, 'start', 'IN_PROGRESS');
  return taskDetail(ctx.db, id);
}

/** The 409 of a completion that lacks components: which, how many it needs and how many there are. */
function shortage(check: BundleAvailability, quantity: Decimal, sku: string) {
  const short = check.lines.filter((l) => !new Decimal(l.shortfall).isZero());
  const list = short
    .map((l) => `${l.product.sku} needs ${l.needed}, ${Decimal.max(l.available, 0).toFixed()} available`)
    .join('; ');
  const where = check.sourceLocation
    ? `${check.warehouse.code} (bin ${check.sourceLocation.code})`
    : check.warehouse.code;
  const first = short[0];
  return conflict(
    StockErrorCode.INSUFFICIENT_STOCK,
    `Not enough components in ${where} to assemble ${quantity.toFixed()} × ${sku}: ${list}. ${check.canMake} can be made now.`,
    {
      sku: first?.product.sku,
      productId: first?.product.id,
      needed: first?.needed,
      available: first?.available,
      canMake: check.canMake,
      components: short.map((l) => ({
        productId: l.product.id,
        sku: l.product.sku,
        needed: l.needed,
        available: l.available,
        shortfall: l.shortfall,
      })),
    },
  );
}

export async function completeTask(
  ctx: Ctx,
  id: string,
  input: z.output<typeof BundleTaskCompleteInput>,
): Promise<BundleTask> {
  const db = ctx.db;
  // The task first: a second completion of the same task waits here and then sees what the first left.
  const task = await lockFor(ctx, id, 'complete');
  checkMayWork(ctx.user, task);
  const remaining = remainingOf(task);
  const quantity = input.quantity ? new Decimal(input.quantity) : remaining;
  if (quantity.gt(remaining))
    throw conflict(
      BundleErrorCode.BUNDLE_TASK_QUANTITY_EXCEEDS_REMAINING,
      `Only ${remaining.toFixed()} of task ${task.number} are left to assemble, not ${quantity.toFixed()}.`,
      { remaining: remaining.toFixed(), quantity: quantity.toFixed() },
    );
  const product = found(await repo.findProduct(db, task.bundle_product_id), 'Product', task.bundle_product_id);
  checkWholeBundles(product, quantity);
  const recipe = await repo.taskRecipe(db, id);
  const needs = componentNeeds(recipe, quantity);

  // Then the products, as the posting service locks them: what is available cannot change until it has posted,
  // so two tasks racing for the last components are served one after the other and the second is refused here.
  await repo.lockProducts(db, [task.bundle_product_id, ...recipe.map((r) => r.componentId)]);
  const warehouse = found(await repo.findWarehouse(db, task.warehouse_id), 'Warehouse', task.warehouse_id);
  const source = task.source_location_id ? await repo.findLocation(db, task.source_location_id) : undefined;
  const check = await availability(db, {
    bundleUnit: product.unit,
    recipe,
    warehouse,
    source: source ? { id: source.id, code: source.code } : null,
    quantity,
  });
  // Where the warehouse allows negative stock the posting service lets components go below zero (valued at
  // their last cost, settled by the next receipt); elsewhere a shortage stops the completion before anything is written.
  if (!check.isEnough && !warehouse.allowNegativeStock) throw shortage(check, quantity, product.sku);

  const seq = await repo.nextCompletionSeq(db, id);
  const reason = `${task.number}: ${quantity.toFixed()} × ${product.sku} assembled`;
  const lines: PostLine[] = recipe.map((r, i) => ({
    productId: r.componentId,
    warehouseId: task.warehouse_id,
    ...(task.source_location_id ? { locationId: task.source_location_id } : {}),
    kind: 'BUNDLE_CONSUME',
    quantity: (needs[i] as Decimal).neg(),
    reason,
    sourceLine: String(i + 1),
  }));
  lines.push({
    productId: task.bundle_product_id,
    warehouseId: task.warehouse_id,
    ...(task.target_location_id ? { locationId: task.target_location_id } : {}),
    kind: 'BUNDLE_PRODUCE',
    quantity,
    assembled: true,
    reason,
    sourceLine: 'bundle',
  });
  const rows = await post(ctx, {
    sourceType: BUNDLE_TASK_SOURCE_TYPE,
    sourceId: repo.completionSourceId(id, seq),
    postedOn: null,
    lines,
  });
  const value = rows.filter((r) => r.kind === 'BUNDLE_PRODUCE').reduce((sum, r) => sum.add(r.value), ZERO);
  const isLast = quantity.eq(remaining);
  await repo.recordCompletion(
    db,
    { taskId: id, seq, quantity, value, postedAt: rows[0]?.postedAt ?? new Date().toISOString(), userId: ctx.user.id },
    isLast,
  );
  await recordStep(ctx, bundleTaskDocument, task, 'complete', isLast ? 'COMPLETED' : 'IN_PROGRESS', {
    before: { completedQuantity: qty(task.completed_quantity) },
    after: {
      completedQuantity: qty(new Decimal(task.completed_quantity).add(quantity)),
      completion: { seq, quantity: quantity.toFixed(), value: value.toFixed(), movementIds: rows.map((r) => r.id) },
    },
  });
  return taskDetail(db, id);
}

export async function cancelTask(
  ctx: Ctx,
  id: string,
  input: z.output<typeof BundleTaskCancelInput>,
): Promise<BundleTask> {
  const task = await lockFor(ctx, id, 'cancel');
  await repo.markCanceled(ctx.db, id, ctx.user.id, input.reason);
  await recordStep(ctx, bundleTaskDocument, task, 'cancel', 'CANCELED', {
    after: {
      reason: input.reason,
      completedQuantity: qty(task.completed_quantity),
      notAssembled: qty(remainingOf(task)),
    },
  });
  return taskDetail(ctx.db, id);
}
