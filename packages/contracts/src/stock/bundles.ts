import { z } from 'zod';
import { UnitOfMeasure } from '../master-data/enumerations.ts';
import { actionEndpoint, defineDocument, documentStatuses, openStatuses } from '../platform/documents.ts';
import { endpoint } from '../platform/endpoint.ts';
import { IsoDate, PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { PdfFile, PrintoutQuery } from '../platform/printouts.ts';
import { PositiveStockQuantity, StockMovement } from './stock.ts';

/**
 * Bundling tasks (DOMAIN.md "Inventory"): assemble N bundles (products of kind BUNDLE) from their
 * components in one warehouse, assigned to a warehouse user who sees them under My Tasks.
 *
 * OPEN → IN_PROGRESS → COMPLETED, or OPEN / IN_PROGRESS → CANCELED. The bundle's recipe is copied onto
 * the task when it is created. Completing all or part of what is left is one stock posting: each
 * component leaves (BUNDLE_CONSUME, FIFO cost, from the task's source bin or the bins in picking order)
 * and the bundles come in (BUNDLE_PRODUCE, into the task's target bin or the default receiving bin) at
 * exactly what the components cost. A shortage of any component refuses the completion with 409
 * INSUFFICIENT_STOCK naming the component, what is needed and what is available, and posts nothing.
 * Numbers come from the document number service (kind bundleTask, BT-{YYYY}-{SEQ:5}); tasks are canceled,
 * never deleted. A step the task's status does not allow (`bundleTaskDocument`) answers 409 BUNDLE_TASK_STATUS_CONFLICT.
 */
export const BundleErrorCode = {
  /** The product chosen does not exist. */
  BUNDLE_TASK_PRODUCT_UNKNOWN: 'BUNDLE_TASK_PRODUCT_UNKNOWN',
  /** The product chosen is not a bundle (details: kind). */
  BUNDLE_TASK_NOT_A_BUNDLE: 'BUNDLE_TASK_NOT_A_BUNDLE',
  /** The bundle is deactivated. */
  BUNDLE_TASK_PRODUCT_INACTIVE: 'BUNDLE_TASK_PRODUCT_INACTIVE',
  /** The bundle has no components to assemble it from. */
  BUNDLE_TASK_NO_COMPONENTS: 'BUNDLE_TASK_NO_COMPONENTS',
  /** A bundle counted in units is assembled in whole units. */
  BUNDLE_TASK_QUANTITY_NOT_WHOLE: 'BUNDLE_TASK_QUANTITY_NOT_WHOLE',
  /** The quantity would use a fraction of a component counted in units, or more than 4 decimal places of one. */
  BUNDLE_TASK_COMPONENT_QUANTITY_INVALID: 'BUNDLE_TASK_COMPONENT_QUANTITY_INVALID',
  /** A bin chosen for the bundles is inactive (details: code). */
  BUNDLE_TASK_LOCATION_INACTIVE: 'BUNDLE_TASK_LOCATION_INACTIVE',
  /** The assignee is not a user, is deactivated, or does not hold process_bundle_task. */
  BUNDLE_TASK_ASSIGNEE_INVALID: 'BUNDLE_TASK_ASSIGNEE_INVALID',
  /** A due date before today. */
  BUNDLE_TASK_DUE_DATE_PAST: 'BUNDLE_TASK_DUE_DATE_PAST',
  /** The task's status does not allow this step (details: DocumentStatusConflictDetails). */
  BUNDLE_TASK_STATUS_CONFLICT: 'BUNDLE_TASK_STATUS_CONFLICT',
  /** More would be completed than is left to assemble (details: remaining). */
  BUNDLE_TASK_QUANTITY_EXCEEDS_REMAINING: 'BUNDLE_TASK_QUANTITY_EXCEEDS_REMAINING',
  /** Only the assignee (or a holder of add_bundle_task) may work this task. */
  BUNDLE_TASK_NOT_ASSIGNEE: 'BUNDLE_TASK_NOT_ASSIGNEE',
} as const;
export type BundleErrorCode = (typeof BundleErrorCode)[keyof typeof BundleErrorCode];

/**
 * The bundling task as a document: its statuses and the steps between them, with who may take each. The API's
 * guard, the step endpoints' permissions and the web's status tag and action bar all read this. Starting and
 * completing are further limited to the task's assignee unless the user holds add_bundle_task.
 */
export const bundleTaskDocument = defineDocument({
  name: 'bundle_task',
  label: 'Bundling task',
  errorPrefix: 'BUNDLE_TASK',
  statuses: {
    OPEN: { tone: 'info', open: true, phrase: 'open' },
    IN_PROGRESS: { tone: 'progress', open: true, phrase: 'in progress' },
    COMPLETED: { tone: 'success', open: false, phrase: 'completed' },
    CANCELED: { tone: 'neutral', open: false, phrase: 'cancelled' },
  },
  actions: {
    assign: { from: ['OPEN', 'IN_PROGRESS'], to: [], permission: 'add_bundle_task', done: 'assigned' },
    start: {
      from: ['OPEN'],
      to: ['IN_PROGRESS'],
      permission: ['process_bundle_task', 'add_bundle_task'],
      done: 'started',
    },
    /** All or part of what is left: in progress while something is left, completed once nothing is. */
    complete: {
      from: ['OPEN', 'IN_PROGRESS'],
      to: ['IN_PROGRESS', 'COMPLETED'],
      permission: 'process_bundle_task',
      idempotent: true,
      done: 'completed',
    },
    cancel: {
      from: ['OPEN', 'IN_PROGRESS'],
      to: ['CANCELED'],
      permission: 'add_bundle_task',
      destructive: true,
      done: 'cancelled',
    },
  },
});

/** The statuses in the order the definition writes them. */
export const BUNDLE_TASK_STATUSES = documentStatuses(bundleTaskDocument);
export const BundleTaskStatus = z.enum(BUNDLE_TASK_STATUSES);
export type BundleTaskStatus = z.infer<typeof BundleTaskStatus>;
/** The statuses in which a task is still to be worked. */
export const OPEN_BUNDLE_TASK_STATUSES: readonly BundleTaskStatus[] = openStatuses(bundleTaskDocument);

/** The ledger's source_type of every row a task posts; source_id is '<task id>:<completion number>'. */
export const BUNDLE_TASK_SOURCE_TYPE = 'bundle_task';

export const BUNDLE_TASK_NOTES_MAX = 1000;
export const BUNDLE_TASK_REASON_MAX = 500;

/** A real calendar day (2026-02-30 is refused), YYYY-MM-DD. */
const Day = IsoDate.refine((v) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}, 'not a day of the calendar');

const WarehouseRef = z.object({ id: Uuid, code: z.string(), name: z.string() });
const LocationRef = z.object({ id: Uuid, code: z.string() });
const UserRef = z.object({ id: Uuid, username: z.string(), name: z.string() });
const ProductRef = z.object({ id: Uuid, sku: z.string(), name: z.string(), unit: UnitOfMeasure });

export const BundleTaskInput = z.object({
  bundleProductId: Uuid,
  warehouseId: Uuid,
  /** Bundles to assemble; whole units for a bundle counted in units. */
  quantity: PositiveStockQuantity,
  /** A bin of the warehouse the components are taken from; empty: the bins in picking order. */
  sourceLocationId: Uuid.nullable().default(null),
  /** A bin of the warehouse the bundles go to; empty: the warehouse's default receiving bin. */
  targetLocationId: Uuid.nullable().default(null),
  /** An active user holding process_bundle_task; empty: not assigned yet. */
  assigneeUserId: Uuid.nullable().default(null),
  /** Today or later. */
  dueDate: Day.nullable().default(null),
  notes: z
    .string()
    .trim()
    .max(BUNDLE_TASK_NOTES_MAX, `notes have at most ${BUNDLE_TASK_NOTES_MAX} characters`)
    .default(''),
});
export type BundleTaskInput = z.input<typeof BundleTaskInput>;

export const BundleTaskAssignInput = z.object({
  /** Null takes the task away from its assignee. */
  assigneeUserId: Uuid.nullable(),
});
export type BundleTaskAssignInput = z.input<typeof BundleTaskAssignInput>;

export const BundleTaskCompleteInput = z.object({
  /** How many bundles were assembled now; all that is left when empty. */
  quantity: PositiveStockQuantity.optional(),
});
export type BundleTaskCompleteInput = z.input<typeof BundleTaskCompleteInput>;

export const BundleTaskCancelInput = z.object({
  reason: z
    .string()
    .trim()
    .max(BUNDLE_TASK_REASON_MAX, `a reason has at most ${BUNDLE_TASK_REASON_MAX} characters`)
    .default(''),
});
export type BundleTaskCancelInput = z.input<typeof BundleTaskCancelInput>;

/** One component of a bundle: how many go into one bundle. */
export const BundleRecipeLine = z.object({
  product: ProductRef,
  perBundle: z.string(),
});
export type BundleRecipeLine = z.infer<typeof BundleRecipeLine>;

/** A component against a quantity of bundles: what it takes, what the warehouse (or bin) has, what is missing. */
export const BundleAvailabilityLine = BundleRecipeLine.extend({
  needed: z.string(),
  /** Available stock (on hand less reserved) of the warehouse, no more than the source bin holds when there is one. */
  available: z.string(),
  /** needed − available, never below zero. */
  shortfall: z.string(),
});
export type BundleAvailabilityLine = z.infer<typeof BundleAvailabilityLine>;

export const BundleAvailability = z
  .object({
    /** The bundles this check is for. */
    quantity: z.string(),
    warehouse: WarehouseRef,
    sourceLocation: LocationRef.nullable(),
    /** The warehouse allows negative stock: a shortage does not stop a completion there. */
    allowNegativeStock: z.boolean(),
    lines: z.array(BundleAvailabilityLine),
    /** How many bundles the components available now make (whole bundles for a bundle counted in units). */
    canMake: z.string(),
    /** No component is short. */
    isEnough: z.boolean(),
  })
  .meta({ id: 'BundleAvailability' });
export type BundleAvailability = z.infer<typeof BundleAvailability>;

/** Before a task exists: a bundle's recipe against a warehouse's stock. */
export const BundleAvailabilityQuery = z.object({
  bundleProductId: Uuid,
  warehouseId: Uuid,
  quantity: PositiveStockQuantity.default('1'),
  sourceLocationId: Uuid.optional(),
});
export type BundleAvailabilityQuery = z.input<typeof BundleAvailabilityQuery>;

export const BundleTaskAvailabilityQuery = z.object({
  /** The bundles to check for; what is left of the task when empty. */
  quantity: PositiveStockQuantity.optional(),
});

export const BundleTaskListItem = z
  .object({
    id: Uuid,
    number: z.string(),
    status: BundleTaskStatus,
    bundle: ProductRef,
    warehouse: WarehouseRef,
    sourceLocation: LocationRef.nullable(),
    targetLocation: LocationRef.nullable(),
    quantity: z.string(),
    completedQuantity: z.string(),
    remainingQuantity: z.string(),
    assignee: UserRef.nullable(),
    dueDate: z.string().nullable(),
    /** Open or in progress with a due date before today (UK). */
    isOverdue: z.boolean(),
    notes: z.string(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'BundleTaskListItem' });
export type BundleTaskListItem = z.infer<typeof BundleTaskListItem>;

export const BundleTaskCompletion = z.object({
  seq: z.number().int(),
  quantity: z.string(),
  /** What the bundles were received at (GBP, 2 places), and per bundle (4 places). */
  value: z.string(),
  unitCost: z.string(),
  postedAt: z.string(),
  username: z.string().nullable(),
});
export type BundleTaskCompletion = z.infer<typeof BundleTaskCompletion>;

export const BundleTask = BundleTaskListItem.extend({
  /** The recipe copied when the task was created, with what the rest of the task takes and what was consumed. */
  components: z.array(
    BundleRecipeLine.extend({
      /** perBundle × what is left to assemble. */
      neededForRemaining: z.string(),
      /** perBundle × what has been assembled. */
      consumed: z.string(),
    }),
  ),
  completions: z.array(BundleTaskCompletion),
  startedAt: z.string().nullable(),
  startedBy: z.string().nullable(),
  completedBy: z.string().nullable(),
  canceledAt: z.string().nullable(),
  canceledBy: z.string().nullable(),
  cancelReason: z.string(),
  /** For what is left (null once the task is closed). */
  availability: BundleAvailability.nullable(),
  /** The ledger rows the task's completions posted, oldest first. */
  movements: z.array(StockMovement),
}).meta({ id: 'BundleTask' });
export type BundleTask = z.infer<typeof BundleTask>;

/** Sortable fields of the task lists. */
export const BUNDLE_TASK_SORTS = [
  'number',
  'status',
  'dueDate',
  'createdAt',
  'quantity',
  'bundle',
  'warehouse',
  'assignee',
] as const;

const boolText = z.enum(['true', 'false']);

/** Search (number, bundle SKU or name, notes), filters and sort: what the list and its export share. */
export const BundleTaskFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  status: BundleTaskStatus.optional(),
  /** Only tasks still to be worked (open or in progress). */
  openOnly: boolText.optional(),
  warehouseId: Uuid.optional(),
  assigneeUserId: Uuid.optional(),
  /** Only tasks nobody is assigned to. */
  unassigned: boolText.optional(),
  bundleProductId: Uuid.optional(),
  dueFrom: Day.optional(),
  dueTo: Day.optional(),
  /** Only open tasks past their due date. */
  overdue: boolText.optional(),
});
export type BundleTaskFilter = z.infer<typeof BundleTaskFilter>;
export const BundleTaskListQuery = PageQuery.extend(BundleTaskFilter.shape);
export type BundleTaskListQuery = z.infer<typeof BundleTaskListQuery>;

/** My Tasks: the signed-in user's tasks; open ones unless told otherwise. */
export const MyBundleTaskQuery = PageQuery.extend({
  status: BundleTaskStatus.optional(),
  openOnly: boolText.default('true'),
});
export type MyBundleTaskQuery = z.infer<typeof MyBundleTaskQuery>;

export const BUNDLE_LOOKUP_LIMIT = 20;

/** The bundle picker: active bundles by SKU or name, each with its recipe. */
export const BundleLookupQuery = z.object({
  q: z.string().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(BUNDLE_LOOKUP_LIMIT),
});
export const BundleLookupItem = z
  .object({
    id: Uuid,
    sku: z.string(),
    name: z.string(),
    unit: UnitOfMeasure,
    components: z.array(BundleRecipeLine),
  })
  .meta({ id: 'BundleLookupItem' });
export type BundleLookupItem = z.infer<typeof BundleLookupItem>;

/** The assignee picker: active users holding process_bundle_task. */
export const BundleAssigneeQuery = z.object({
  q: z.string().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

const IdParams = z.object({ id: Uuid });

export const bundlesApi = {
  listBundleTasks: endpoint({
    method: 'GET',
    path: '/api/bundle-tasks',
    permission: 'view_warehouse',
    tag: 'bundles',
    summary:
      'Bundling tasks, paged; search by number, bundle SKU or name, notes; filter by status, warehouse, assignee, bundle, due date; sort',
    query: BundleTaskListQuery,
    response: pageOf(BundleTaskListItem),
  }),
  exportBundleTasks: endpoint({
    method: 'GET',
    path: '/api/bundle-tasks/export',
    permission: 'view_warehouse',
    tag: 'bundles',
    summary: 'The bundling tasks of a filter as an .xlsx file',
    query: BundleTaskFilter,
    response: z.unknown(),
  }),
  myBundleTasks: endpoint({
    method: 'GET',
    path: '/api/bundle-tasks/mine',
    permission: 'process_bundle_task',
    tag: 'bundles',
    summary: 'The bundling tasks assigned to the signed-in user, due first',
    query: MyBundleTaskQuery,
    response: pageOf(BundleTaskListItem),
  }),
  lookupBundles: endpoint({
    method: 'GET',
    path: '/api/bundle-tasks/bundles',
    permission: ['view_warehouse', 'add_bundle_task'],
    tag: 'bundles',
    summary: 'Active bundles for a picker (SKU prefix, then name), each with its components',
    query: BundleLookupQuery,
    response: z.object({ items: z.array(BundleLookupItem) }),
  }),
  lookupAssignees: endpoint({
    method: 'GET',
    path: '/api/bundle-tasks/assignees',
    permission: ['view_warehouse', 'add_bundle_task'],
    tag: 'bundles',
    summary: 'Active users who may work bundling tasks (holders of process_bundle_task), for a picker',
    query: BundleAssigneeQuery,
    response: z.object({ items: z.array(UserRef) }),
  }),
  bundleAvailability: endpoint({
    method: 'GET',
    path: '/api/bundle-tasks/availability',
    permission: ['view_warehouse', 'add_bundle_task'],
    tag: 'bundles',
    summary: "A bundle's components against a warehouse's available stock, for a quantity of bundles",
    query: BundleAvailabilityQuery,
    response: BundleAvailability,
  }),
  getBundleTask: endpoint({
    method: 'GET',
    path: '/api/bundle-tasks/:id',
    permission: ['view_warehouse', 'process_bundle_task'],
    tag: 'bundles',
    summary:
      'One bundling task with its recipe, completions, availability and ledger rows (without view_warehouse: only one assigned to you)',
    params: IdParams,
    response: BundleTask,
  }),
  bundleTaskAvailability: endpoint({
    method: 'GET',
    path: '/api/bundle-tasks/:id/availability',
    permission: ['view_warehouse', 'process_bundle_task'],
    tag: 'bundles',
    summary:
      'Per component: needed, available in the warehouse, shortfall; and how many bundles can be made now (before completing)',
    params: IdParams,
    query: BundleTaskAvailabilityQuery,
    response: BundleAvailability,
  }),
  createBundleTask: endpoint({
    method: 'POST',
    path: '/api/bundle-tasks',
    permission: 'add_bundle_task',
    tag: 'bundles',
    summary: 'Create a bundling task for a bundle, warehouse and quantity; the recipe is copied onto it',
    body: BundleTaskInput,
    response: BundleTask,
    status: 201,
    idempotent: true,
  }),
  assignBundleTask: actionEndpoint(bundleTaskDocument, 'assign', {
    path: '/api/bundle-tasks/:id/assign',
    tag: 'bundles',
    summary: 'Assign an open or in-progress task to a user (or to nobody)',
    params: IdParams,
    body: BundleTaskAssignInput,
    response: BundleTask,
  }),
  startBundleTask: actionEndpoint(bundleTaskDocument, 'start', {
    path: '/api/bundle-tasks/:id/start',
    tag: 'bundles',
    summary: 'OPEN → IN_PROGRESS: by the assignee, or a holder of add_bundle_task',
    params: IdParams,
    response: BundleTask,
  }),
  completeBundleTask: actionEndpoint(bundleTaskDocument, 'complete', {
    path: '/api/bundle-tasks/:id/complete',
    tag: 'bundles',
    summary:
      'Assemble all or part of what is left: components out at FIFO cost, bundles in at their summed cost (the assignee, unless you hold add_bundle_task)',
    params: IdParams,
    body: BundleTaskCompleteInput,
    response: BundleTask,
  }),
  cancelBundleTask: actionEndpoint(bundleTaskDocument, 'cancel', {
    path: '/api/bundle-tasks/:id/cancel',
    tag: 'bundles',
    summary: 'Cancel an open or in-progress task; what was already assembled stays posted',
    params: IdParams,
    body: BundleTaskCancelInput,
    response: BundleTask,
  }),
  bundleTaskPdf: endpoint({
    method: 'GET',
    path: '/api/bundle-tasks/:id/pdf',
    permission: ['view_warehouse', 'process_bundle_task'],
    tag: 'bundles',
    summary:
      'The bundling task sheet as a PDF (A4, in the language of lang or Accept-Language): the bundle, what is left to assemble, the components with the bins to pick from (without view_warehouse: only a task assigned to you)',
    params: IdParams,
    query: PrintoutQuery,
    response: PdfFile,
  }),
};
