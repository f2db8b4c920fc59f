import {
  allowedActions,
  type DocumentDef,
  type DocumentStatusConflictDetails,
  isActionAllowed,
  type Page,
  type PageQuery,
  statusConflictCode,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError, notFound } from './errors.ts';
import { emitEvent } from './outbox.ts';
import { offsetOf, toPage } from './pagination.ts';
import type { Ctx } from './routes.ts';

export { nextDocumentNumber } from './documents-numbers.ts';

/**
 * The document kernel on the API side: what every numbered document with a status and steps does the same
 * way. A document area (transfers, stock counts, bundling tasks, …) declares its statuses and steps once in
 * the contracts (`defineDocument`), then: locks its row (`lockDocument`), asks whether the step is allowed
 * (`requireAction`), takes its number (`nextDocumentNumber`), does its own work, and records the step
 * (`recordTransition`: the system-log row and the outbox event, in the request's transaction).
 */

type Doc = DocumentDef<string, string>;

/** What the guard needs of a document: its number (for the message) and its status now. */
export interface DocumentState {
  number: string;
  status: string;
}

const statusPhrase = (doc: Doc, status: string) =>
  (doc.statuses as Record<string, { phrase?: string } | undefined>)[status]?.phrase ??
  status.toLowerCase().replaceAll('_', ' ');
const actionDone = (doc: Doc, action: string) =>
  (doc.actions as Record<string, { done?: string } | undefined>)[action]?.done ?? action;

/** "a", "a or b", "a, b or c". */
function either(words: string[]): string {
  if (words.length < 2) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/**
 * The 409 of a step the document's status does not allow: the code `<PREFIX>_STATUS_CONFLICT`, a sentence
 * naming the status and what can be done from it, and `DocumentStatusConflictDetails`.
 */
export function statusConflict<S extends string, A extends string>(
  doc: DocumentDef<S, A>,
  current: DocumentState,
  action: A,
): AppError {
  const d = doc as unknown as Doc;
  const allowed = allowedActions(doc, current.status);
  const again = (doc.actions[action].to as readonly string[]).includes(current.status) ? ' again' : '';
  const next = allowed.length
    ? ` From here it can be ${either(allowed.map((a) => actionDone(d, a)))}.`
    : ' Nothing more can be done with it.';
  const details: DocumentStatusConflictDetails = {
    document: doc.name,
    number: current.number,
    status: current.status,
    action,
    allowedActions: allowed,
  };
  return new AppError(
    409,
    statusConflictCode(d),
    `${doc.label} ${current.number} is ${statusPhrase(d, current.status)}: it cannot be ${actionDone(d, action)}${again}.${next}`,
    details,
  );
}

/** Refuses (409, see `statusConflict`) a step the document's status does not allow. */
export function requireAction<S extends string, A extends string>(
  doc: DocumentDef<S, A>,
  current: DocumentState,
  action: A,
): asserts current is DocumentState & { status: S } {
  if (!isActionAllowed(doc, action, current.status)) throw statusConflict(doc, current, action);
}

/** Tables whose rows are documents: a uuid `id`, a `number` and a `status`. */
type DocumentTable = {
  [T in keyof Database]: Selectable<Database[T]> extends { id: string; number: string; status: string } ? T : never;
}[keyof Database];

/**
 * The document's row, locked until the request's transaction ends (its status is about to be checked and
 * changed), or 404 NOT_FOUND. `share` lets steps that do not change the status (scans by several counters)
 * run side by side while a change of status waits for them, and they for it.
 */
export async function lockDocument<T extends DocumentTable>(
  db: Kysely<Database>,
  table: T,
  id: string,
  label: string,
  mode: 'update' | 'share' = 'update',
): Promise<Selectable<Database[T]>> {
  // Kysely cannot follow a table chosen by a type parameter: the query is written against the shape all share.
  const loose = db as unknown as Kysely<Record<string, { id: string; number: string; status: string }>>;
  const query = loose
    .selectFrom(table as string)
    .selectAll()
    .where('id', '=', id);
  const row = await (mode === 'share' ? query.forShare() : query.forUpdate()).executeTakeFirst();
  if (!row) throw notFound(label, id);
  return row as unknown as Selectable<Database[T]>;
}

/**
 * The document's row locked (see `lockDocument`) and the step checked against its status (see `requireAction`):
 * how every step of a document begins.
 */
export async function lockForAction<T extends DocumentTable, S extends string, A extends string>(
  db: Kysely<Database>,
  doc: DocumentDef<S, A>,
  table: T,
  id: string,
  action: A,
  mode: 'update' | 'share' = 'update',
): Promise<Selectable<Database[T]> & { status: S }> {
  const row = await lockDocument(db, table, id, doc.label, mode);
  const state = row as unknown as DocumentState;
  requireAction(doc, state, action);
  return row as Selectable<Database[T]> & { status: S };
}

/** A document (or anything it names) as read, or 404 NOT_FOUND in the house's words. */
export function found<T>(row: T | undefined, label: string, id: string): T {
  if (row === undefined) throw notFound(label, id);
  return row;
}

/** A change of a document that is not a step between statuses (created, edited, counted, assigned). */
export interface DocumentChange {
  number: string;
  action: string;
  before?: unknown;
  after?: unknown;
}

/**
 * The system-log row of a change of a document: entity the document's name, entity id its number (what a
 * person searches the log for), in the request's transaction.
 */
export async function auditDocument(ctx: Pick<Ctx, 'audit'>, doc: Doc | DocumentDef, change: DocumentChange) {
  await ctx.audit({
    action: change.action,
    entity: doc.name,
    entityId: change.number,
    ...(change.before === undefined ? {} : { before: change.before }),
    ...(change.after === undefined ? {} : { after: change.after }),
  });
}

export interface DocumentTransition<S extends string, A extends string> {
  id: string;
  number: string;
  action: A;
  from: S;
  to: S;
  /** More of what the step changed, beside the status (the system log's before and after). */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** What every consumer of the outbox gets when a document reaches a status. */
export const DOCUMENT_STATUS_CHANGED = 'document.status_changed';

/**
 * Records a step: one system-log row (the action, the document's name and number, before and after with the
 * statuses) and, when the status changed, the outbox event 'document.status_changed' (key `<name>:<id>`),
 * both in the request's transaction, so a step that rolls back leaves neither. A step the definition does not
 * lead to that status is a bug, refused before anything is written.
 */
export async function recordTransition<S extends string, A extends string>(
  ctx: Pick<Ctx, 'db' | 'audit'>,
  doc: DocumentDef<S, A>,
  t: DocumentTransition<S, A>,
): Promise<void> {
  const def = doc.actions[t.action];
  const leadsThere = def.to.length ? def.to.includes(t.to) : t.to === t.from;
  if (!def.from.includes(t.from) || !leadsThere)
    throw new Error(`${doc.name}: ${t.action} does not lead from ${t.from} to ${t.to} in its definition`);
  await auditDocument(ctx, doc as unknown as Doc, {
    number: t.number,
    action: t.action,
    before: { ...t.before, status: t.from },
    after: { ...t.after, status: t.to },
  });
  if (t.from === t.to) return;
  await emitEvent(ctx.db, {
    type: DOCUMENT_STATUS_CHANGED,
    key: `${doc.name}:${t.id}`,
    payload: { document: doc.name, id: t.id, number: t.number, from: t.from, to: t.to, action: t.action },
  });
}

/**
 * `recordTransition` for the row the step locked (`lockForAction`): its id, number and status are the step's
 * document and where it started.
 */
export function recordStep<S extends string, A extends string>(
  ctx: Pick<Ctx, 'db' | 'audit'>,
  doc: DocumentDef<S, A>,
  row: { id: string; number: string; status: S },
  action: A,
  to: S,
  changes: { before?: Record<string, unknown>; after?: Record<string, unknown> } = {},
): Promise<void> {
  return recordTransition(ctx, doc, { id: row.id, number: row.number, action, from: row.status, to, ...changes });
}

// Pieces of the answers every document repeats

/** A page of a document list: the page's rows and the filter's count read side by side, each row answered. */
export async function pageOfDocuments<R, T>(
  q: Pick<PageQuery, 'page' | 'pageSize'>,
  find: (limit: number, offset: number) => Promise<R[]>,
  count: () => Promise<number>,
  answer: (row: R) => T,
): Promise<Page<T>> {
  const [rows, total] = await Promise.all([find(q.pageSize, offsetOf(q)), count()]);
  return toPage(rows.map(answer), total, q);
}

/** A user a document names (who created, dispatched, posted it), or null when nobody has yet. */
export function userRef(id: string | null, username: string | null): { id: string; username: string } | null {
  return id ? { id, username: username ?? '' } : null;
}

/** A quantity as the answers write it: a decimal string without trailing zeros (nothing: zero). */
export const quantityText = (v: Decimal | string | null | undefined): string => new Decimal(v ?? 0).toFixed();

/** An amount in GBP as the answers write it: two places (nothing: zero). */
export const moneyText = (v: Decimal | string | null | undefined): string => new Decimal(v ?? 0).toFixed(2);

/** A status as a person reads it in an export ("Partly received"): the definition's phrase, capitalised. */
export function statusText(doc: DocumentDef, status: string): string {
  const phrase = statusPhrase(doc as Doc, status).replace(/^(a|an) /, '');
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

/** An instant as ISO 8601, null staying null. */
export const isoOrNull = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
