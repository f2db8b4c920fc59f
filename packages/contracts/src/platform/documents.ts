import { z } from 'zod';
import type { PermissionName } from '../users/permissions.ts';
import type { EndpointDef, EndpointPermission } from './endpoint.ts';

/**
 * The document kernel's one definition of a document: its statuses and its actions, written once
 * beside the document's schemas. The API's guard, the action endpoints' permissions, the web's status
 * tag and the web's action bar all read it, so a status or a step is never described twice.
 */

/** How a status is shown: the tag's colour family (antd Tag presets on the web). */
export const STATUS_TONES = ['neutral', 'info', 'progress', 'warning', 'success', 'danger'] as const;
export type StatusTone = (typeof STATUS_TONES)[number];

export interface DocumentStatusDef {
  tone: StatusTone;
  /** Still to be worked (counts in "open" filters and dashboards); closed statuses are final. */
  open: boolean;
  /**
   * How the API's English messages say a document is in it ("Transfer TR-2026-00001 is *a draft*");
   * the status in lower case when not given. The web translates by code and status instead.
   */
  phrase?: string;
}

export interface DocumentActionDef<S extends string> {
  /** The statuses the action may be taken from. */
  from: readonly S[];
  /** The status it leads to; several when the outcome decides (a partial receipt); none when it stays. */
  to: readonly S[];
  /** Who may take it: a permission, or a list of which any one grants. */
  permission: PermissionName | readonly PermissionName[];
  /** A repeated request with the same Idempotency-Key replays the first answer. */
  idempotent?: boolean;
  /** Undoes or ends something: the web asks for confirmation and shows it as dangerous. */
  destructive?: boolean;
  /** How the API's English messages say the step is taken ("it cannot be *dispatched*"); the action's name when not given. */
  done?: string;
}

export interface DocumentDef<S extends string = string, A extends string = string> {
  /** Singular snake case, the entity of audit rows and the web's i18n key (`documents:<name>`). */
  name: string;
  /** A person's word for it in messages ("Transfer", "Stock count"). */
  label: string;
  /** `<PREFIX>_STATUS_CONFLICT` is the code of a step its status does not allow. */
  errorPrefix: string;
  statuses: Record<S, DocumentStatusDef>;
  actions: Record<A, DocumentActionDef<S>>;
}

export type DocumentStatusOf<D> = D extends DocumentDef<infer S, string> ? S : never;
export type DocumentActionOf<D> = D extends DocumentDef<string, infer A> ? A : never;

/** Declares a document once (see `DocumentDef`). */
export function defineDocument<const S extends string, const A extends string>(
  def: DocumentDef<S, A>,
): DocumentDef<S, A> {
  return def;
}

/** The statuses of a document, in the order they were written. */
export function documentStatuses<S extends string>(doc: DocumentDef<S, string>): S[] {
  return Object.keys(doc.statuses) as S[];
}

/** The statuses still to be worked. */
export function openStatuses<S extends string>(doc: DocumentDef<S, string>): S[] {
  return documentStatuses(doc).filter((s) => doc.statuses[s].open);
}

/** Whether the status allows the action. */
export function isActionAllowed<S extends string, A extends string>(
  doc: DocumentDef<S, A>,
  action: A,
  status: string,
): boolean {
  return (doc.actions[action].from as readonly string[]).includes(status);
}

/** The actions a document in this status allows, in the order they were written. */
export function allowedActions<S extends string, A extends string>(doc: DocumentDef<S, A>, status: string): A[] {
  return (Object.keys(doc.actions) as A[]).filter((a) => isActionAllowed(doc, a, status));
}

/** The error code of a step the status does not allow, e.g. `TRANSFER_STATUS_CONFLICT`. */
export function statusConflictCode(doc: DocumentDef): string {
  return `${doc.errorPrefix}_STATUS_CONFLICT`;
}

/** The details of a `<PREFIX>_STATUS_CONFLICT` answer. */
export const DocumentStatusConflictDetails = z.object({
  document: z.string(),
  number: z.string(),
  status: z.string(),
  action: z.string(),
  /** The actions the current status allows. */
  allowedActions: z.array(z.string()),
});
export type DocumentStatusConflictDetails = z.infer<typeof DocumentStatusConflictDetails>;

/**
 * An action's endpoint: the permission and idempotency come from the document's definition, so the
 * route, the guard and the web's action bar cannot disagree about who may take a step.
 */
export function actionEndpoint<
  S extends string,
  A extends string,
  const E extends Omit<EndpointDef, 'permission' | 'idempotent' | 'method'>,
>(
  doc: DocumentDef<S, A>,
  action: A,
  def: E,
): E & { method: 'POST'; permission: EndpointPermission; idempotent: boolean; documentAction: A } {
  const a = doc.actions[action];
  return {
    ...def,
    method: 'POST',
    permission: a.permission,
    idempotent: a.idempotent ?? false,
    documentAction: action,
  };
}
