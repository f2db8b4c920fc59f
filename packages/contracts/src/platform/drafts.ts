import { z } from 'zod';
import type { PermissionName } from '../users/permissions.ts';
import { endpoint } from './endpoint.ts';
import { PageQuery, pageOf, Uuid } from './pagination.ts';

/**
 * Drafts: any long form saved on the server as it stands, to be resumed later (Ship List - Saved Drafts). A draft
 * is its owner's alone: another user's draft is answered 404, as if it did not exist, administrators included.
 * The form's state travels as an opaque JSON object (`payload`); the form gives a title saying what it holds and a
 * few counts. A save names the version it started from, so two tabs never silently overwrite each other.
 */
export const DraftErrorCode = {
  /** 413: the form's payload is larger than a draft keeps. */
  DRAFT_TOO_LARGE: 'DRAFT_TOO_LARGE',
  /** 409: the draft was saved meanwhile (another tab, another device): its version is newer than the one sent. */
  DRAFT_VERSION_CONFLICT: 'DRAFT_VERSION_CONFLICT',
} as const;
export type DraftErrorCode = (typeof DraftErrorCode)[keyof typeof DraftErrorCode];

/** The forms that save drafts: a closed list, so the list screen knows where each one is resumed. */
export const DRAFT_KINDS = ['SHIP_LIST', 'PURCHASE_ORDER', 'SALES_INVOICE'] as const;
export const DraftKind = z.enum(DRAFT_KINDS);
export type DraftKind = z.infer<typeof DraftKind>;

/**
 * Who may save a draft of a kind besides holders of view_draft (the list screen's permission): whoever may
 * create what the form creates.
 */
export const DRAFT_KIND_PERMISSIONS = {
  SHIP_LIST: 'ship_list',
  PURCHASE_ORDER: 'add_purchase_order',
  SALES_INVOICE: 'add_sales_invoice',
} as const satisfies Record<DraftKind, PermissionName>;

/** The permission of the draft endpoints: the list screen's, or any form's own (the service checks the kind). */
export const DRAFT_PERMISSIONS = [
  'view_draft',
  ...Object.values(DRAFT_KIND_PERMISSIONS),
] as const satisfies readonly PermissionName[];

/** The most a draft's payload may hold, as UTF-8 JSON. */
export const DRAFT_PAYLOAD_MAX_BYTES = 512 * 1024;
/** Drafts not saved for this many days are deleted by a daily job. */
export const DRAFT_RETENTION_DAYS = 90;
export const DRAFT_TITLE_MAX_LENGTH = 200;
export const DRAFT_SUMMARY_MAX_ENTRIES = 8;
export const DRAFT_ROUTE_MAX_LENGTH = 300;

/** Counts of what the draft holds, by a short key the web app names (`lines`, `units`, `parcels`, …). */
export const DraftSummary = z
  .record(
    z.string().regex(/^[a-z][a-zA-Z0-9]{0,39}$/, 'a summary key is a short camelCase word'),
    z.number().int().min(0).max(1_000_000_000),
  )
  .refine(
    (s) => Object.keys(s).length <= DRAFT_SUMMARY_MAX_ENTRIES,
    `a summary has at most ${DRAFT_SUMMARY_MAX_ENTRIES} counts`,
  );
export type DraftSummary = z.infer<typeof DraftSummary>;

/** The form's state: a JSON object, whatever the form needs to restore itself. */
export const DraftPayload = z.record(z.string(), z.unknown());
export type DraftPayload = z.infer<typeof DraftPayload>;

const DraftTitle = z
  .string()
  .trim()
  .min(1, 'a draft has a title')
  .max(DRAFT_TITLE_MAX_LENGTH, `a title has at most ${DRAFT_TITLE_MAX_LENGTH} characters`);

/** Where the form lives in the web app (its hash route), so the list resumes the draft there: `?draft=<id>`. */
export const DraftRoute = z
  .string()
  .max(DRAFT_ROUTE_MAX_LENGTH, `a route has at most ${DRAFT_ROUTE_MAX_LENGTH} characters`)
  .regex(
    /^(\/[a-zA-Z0-9_-]+)+$/,
    'a route is a path of the web app, such as /purchase-order/purchase-order/PRIOR_ORDER_PO/new',
  );

export const DraftInput = z.object({
  kind: DraftKind,
  route: DraftRoute,
  title: DraftTitle,
  summary: DraftSummary.default({}),
  payload: DraftPayload,
});
export type DraftInput = z.input<typeof DraftInput>;

export const DraftSaveInput = z.object({
  title: DraftTitle,
  summary: DraftSummary.default({}),
  payload: DraftPayload,
  /** The version the form loaded or last saved; an older one than the draft's is refused (409). */
  version: z.number().int().min(1),
});
export type DraftSaveInput = z.input<typeof DraftSaveInput>;

/** A draft in the list: what it is and holds, without the payload. */
export const DraftListItem = z
  .object({
    id: Uuid,
    kind: DraftKind,
    route: z.string(),
    title: z.string(),
    summary: z.record(z.string(), z.number()),
    /** Size of the payload in bytes. */
    size: z.number().int(),
    version: z.number().int(),
    createdAt: z.string(),
    savedAt: z.string(),
  })
  .meta({ id: 'DraftListItem' });
export type DraftListItem = z.infer<typeof DraftListItem>;

export const Draft = DraftListItem.extend({ payload: DraftPayload }).meta({ id: 'Draft' });
export type Draft = z.infer<typeof Draft>;

/** Sortable fields of the draft list (newest save first unless asked). */
export const DRAFT_SORTS = ['savedAt', 'createdAt', 'title', 'kind'] as const;
export const DraftListQuery = PageQuery.extend({ kind: DraftKind.optional() });
export type DraftListQuery = z.infer<typeof DraftListQuery>;

const IdParams = z.object({ id: Uuid });

export const draftsApi = {
  listDrafts: endpoint({
    method: 'GET',
    path: '/api/drafts',
    permission: DRAFT_PERMISSIONS,
    tag: 'drafts',
    summary:
      "The signed-in user's own drafts, paged, newest save first; filtered by kind (those the user may use), searched by title",
    query: DraftListQuery,
    response: pageOf(DraftListItem),
  }),
  getDraft: endpoint({
    method: 'GET',
    path: '/api/drafts/:id',
    permission: DRAFT_PERMISSIONS,
    tag: 'drafts',
    summary: "One of the user's own drafts with its payload (another user's answers 404)",
    params: IdParams,
    response: Draft,
  }),
  createDraft: endpoint({
    method: 'POST',
    path: '/api/drafts',
    permission: DRAFT_PERMISSIONS,
    tag: 'drafts',
    summary: 'Save a form as a new draft of the user (view_draft or the permission to create what the form creates)',
    body: DraftInput,
    response: Draft,
    status: 201,
    idempotent: true,
  }),
  saveDraft: endpoint({
    method: 'PUT',
    path: '/api/drafts/:id',
    permission: DRAFT_PERMISSIONS,
    tag: 'drafts',
    summary: "Save the form again over one of the user's drafts, from the version it last read (409 when stale)",
    params: IdParams,
    body: DraftSaveInput,
    response: Draft,
  }),
  deleteDraft: endpoint({
    method: 'DELETE',
    path: '/api/drafts/:id',
    permission: DRAFT_PERMISSIONS,
    tag: 'drafts',
    summary: "Delete one of the user's drafts (resumed and submitted, or no longer wanted)",
    params: IdParams,
    response: z.object({ ok: z.literal(true) }),
  }),
};
