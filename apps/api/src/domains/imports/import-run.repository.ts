import type {
  ImportKind,
  ImportMode,
  ImportRowError,
  ImportRun,
  ImportRunFilter,
  ImportRunStatus,
  ImportRunTimings,
  MappingColumn,
} from '@backoffice/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, ImportRunsTable } from '../../db/schema.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

const SORTS = {
  createdAt: 'import_runs.created_at',
  fileName: 'import_runs.file_name',
  status: 'import_runs.status',
} as const;

type RunRow = Omit<Selectable<ImportRunsTable>, 'errors' | 'options' | 'outcome'> & {
  username: string;
  stored_file_name: string;
};

export function toRun(r: RunRow): ImportRun {
  return {
    id: r.id,
    kind: r.kind as ImportKind,
    fileName: r.file_name,
    storedFileName: r.stored_file_name,
    fileUrl: `/api/upload/files/${r.stored_file_name}`,
    mode: r.mode as ImportMode,
    mappingId: r.mapping_id,
    mappingName: r.mapping_name,
    columns: (r.columns as MappingColumn[] | null) ?? [],
    status: r.status as ImportRunStatus,
    rowsTotal: r.rows_total,
    rowsDone: r.rows_done,
    createdCount: r.created_count,
    updatedCount: r.updated_count,
    errorCount: r.error_count,
    failure: r.failure_code ? { code: r.failure_code, message: r.failure_message ?? '' } : null,
    timings: (r.timings as ImportRunTimings | null) ?? null,
    createdBy: { id: r.created_by, username: r.username },
    createdAt: r.created_at.toISOString(),
    startedAt: r.started_at?.toISOString() ?? null,
    finishedAt: r.finished_at?.toISOString() ?? null,
  };
}

/** Runs with their uploader's name and stored file name; `errors` is left out (it can be large). */
function runs(db: Kysely<Database>) {
  return db
    .selectFrom('import_runs')
    .innerJoin('users', 'users.id', 'import_runs.created_by')
    .innerJoin('uploaded_files', 'uploaded_files.id', 'import_runs.file_id')
    .select([
      'import_runs.id',
      'import_runs.kind',
      'import_runs.file_id',
      'import_runs.file_name',
      'import_runs.mode',
      'import_runs.mapping_id',
      'import_runs.mapping_name',
      'import_runs.columns',
      'import_runs.status',
      'import_runs.rows_total',
      'import_runs.rows_done',
      'import_runs.created_count',
      'import_runs.updated_count',
      'import_runs.error_count',
      'import_runs.failure_code',
      'import_runs.failure_message',
      'import_runs.timings',
      'import_runs.created_by',
      'import_runs.request_id',
      'import_runs.created_at',
      'import_runs.started_at',
      'import_runs.heartbeat_at',
      'import_runs.finished_at',
      'users.username',
      'uploaded_files.file_name as stored_file_name',
    ]);
}

function filtered(db: Kysely<Database>, kind: ImportKind, f: ImportRunFilter) {
  let query = runs(db).where('import_runs.kind', '=', kind);
  if (f.q) query = query.where('import_runs.file_name', 'ilike', likePattern(f.q));
  if (f.status) query = query.where('import_runs.status', '=', f.status);
  return query;
}

/** Newest first unless asked otherwise; id last so paging is stable. */
export function orderedRuns(db: Kysely<Database>, kind: ImportKind, f: ImportRunFilter) {
  const sort = parseSort(f.sort, SORTS, { column: 'import_runs.created_at', direction: 'desc' });
  return filtered(db, kind, f).orderBy(sql.ref(sort.column), sort.direction).orderBy('import_runs.id', sort.direction);
}

export async function countRuns(db: Kysely<Database>, kind: ImportKind, f: ImportRunFilter) {
  let query = db.selectFrom('import_runs').where('kind', '=', kind);
  if (f.q) query = query.where('file_name', 'ilike', likePattern(f.q));
  if (f.status) query = query.where('status', '=', f.status);
  const row = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return row.n;
}

export async function runById(db: Kysely<Database>, kind: ImportKind, id: string) {
  const row = await runs(db).where('import_runs.id', '=', id).where('import_runs.kind', '=', kind).executeTakeFirst();
  return row && toRun(row);
}

export async function runErrors(db: Kysely<Database>, id: string): Promise<ImportRowError[]> {
  const row = await db.selectFrom('import_runs').select('errors').where('id', '=', id).executeTakeFirst();
  return (row?.errors as ImportRowError[] | undefined) ?? [];
}

/** The run of this stored file that is waiting, under way or applied (a file is imported once). */
export async function liveRunOfFile(db: Kysely<Database>, fileId: string) {
  return db
    .selectFrom('import_runs')
    .select(['id', 'status'])
    .where('file_id', '=', fileId)
    .where('status', '<>', 'FAILED')
    .executeTakeFirst();
}

export interface NewRun {
  kind: ImportKind;
  fileId: string;
  fileName: string;
  mode: ImportMode;
  mappingId: string | null;
  mappingName: string | null;
  columns: MappingColumn[] | null;
  createdBy: string;
  requestId: string;
}

export async function insertRun(db: Kysely<Database>, run: NewRun): Promise<string> {
  const row = await db
    .insertInto('import_runs')
    .values({
      kind: run.kind,
      file_id: run.fileId,
      file_name: run.fileName,
      mode: run.mode,
      mapping_id: run.mappingId,
      mapping_name: run.mappingName,
      columns: run.columns ? JSON.stringify(run.columns) : null,
      created_by: run.createdBy,
      request_id: run.requestId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A run the job took: what it needs to do its work. */
export interface ClaimedRun {
  id: string;
  kind: ImportKind;
  fileId: string;
  fileName: string;
  mode: ImportMode;
  mappingId: string | null;
  columns: MappingColumn[] | null;
  createdBy: { id: string; username: string };
  requestId: string | null;
  startedAt: Date;
}

/**
 * Starts (or starts again) the run a job works on: VALIDATING from the first row. Answers nothing when the run
 * has already ended (a job re-run after its server stopped just after the run committed finds it so).
 */
export async function startRun(db: Kysely<Database>, id: string): Promise<ClaimedRun | undefined> {
  const result = await sql<{
    id: string;
    kind: string;
    file_id: string;
    file_name: string;
    mode: string;
    mapping_id: string | null;
    columns: MappingColumn[] | null;
    created_by: string;
    request_id: string | null;
    started_at: Date;
  }>`
    UPDATE import_runs
    SET status = 'VALIDATING', started_at = now(), heartbeat_at = now(), rows_done = 0, rows_total = NULL
    WHERE id = ${id} AND status IN ('QUEUED', 'VALIDATING', 'APPLYING')
    RETURNING id, kind, file_id, file_name, mode, mapping_id, columns, created_by, request_id, started_at`.execute(db);
  const r = result.rows[0];
  if (!r) return undefined;
  const user = await db.selectFrom('users').select('username').where('id', '=', r.created_by).executeTakeFirst();
  return {
    id: r.id,
    kind: r.kind as ImportKind,
    fileId: r.file_id,
    fileName: r.file_name,
    mode: r.mode as ImportMode,
    mappingId: r.mapping_id,
    columns: r.columns,
    createdBy: { id: r.created_by, username: user?.username ?? '' },
    requestId: r.request_id,
    startedAt: r.started_at,
  };
}

/** A run whose attempt failed on an unexpected error waits for the job's next attempt. */
export async function requeueRun(db: Kysely<Database>, id: string) {
  await db
    .updateTable('import_runs')
    .set({ status: 'QUEUED', rows_done: 0, rows_total: null })
    .where('id', '=', id)
    .where('status', 'in', ['VALIDATING', 'APPLYING'])
    .execute();
}

/** A failed run started again by a person (its job is retried): waiting, its earlier outcome cleared. */
export async function reopenRun(db: Kysely<Database>, id: string): Promise<boolean> {
  const r = await db
    .updateTable('import_runs')
    .set({
      status: 'QUEUED',
      rows_done: 0,
      rows_total: null,
      error_count: 0,
      errors: '[]',
      failure_code: null,
      failure_message: null,
      timings: null,
      started_at: null,
      heartbeat_at: null,
      finished_at: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'FAILED')
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/**
 * Runs under way that no job will finish: left by a server of an earlier version (before imports ran on the
 * platform's job runner) that stopped mid-way. They wrote nothing, and are failed. A run whose job is
 * waiting or running is the runner's to sweep, never this.
 */
export async function failStaleRuns(db: Kysely<Database>, staleSeconds: number, jobKind = 'imports.run') {
  await sql`
    UPDATE import_runs
    SET status = 'FAILED', failure_code = 'IMPORT_INTERRUPTED',
        failure_message = 'The server stopped while this file was being imported; nothing was imported. Upload it again.',
        finished_at = now()
    WHERE status IN ('VALIDATING', 'APPLYING')
      AND coalesce(heartbeat_at, started_at, created_at) < now() - make_interval(secs => ${staleSeconds})
      AND NOT EXISTS (
        SELECT 1 FROM jobs
        WHERE jobs.kind = ${jobKind} AND jobs.key = import_runs.id::text AND jobs.status IN ('QUEUED', 'RUNNING')
      )`.execute(db);
}

export async function fileContent(db: Kysely<Database>, fileId: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('uploaded_files').select('content').where('id', '=', fileId).executeTakeFirst();
  return row?.content;
}

/** Progress, from outside the run's transaction so that a poll sees it at once; a finished run is left alone. */
export async function saveProgress(
  db: Kysely<Database>,
  id: string,
  p: { status: 'VALIDATING' | 'APPLYING'; rowsDone: number; rowsTotal: number | null },
) {
  await db
    .updateTable('import_runs')
    .set({ status: p.status, rows_done: p.rowsDone, rows_total: p.rowsTotal, heartbeat_at: new Date() })
    .where('id', '=', id)
    .where('status', 'in', ['VALIDATING', 'APPLYING'])
    .execute();
}

export interface RunEnd {
  status: 'APPLIED' | 'FAILED';
  columns?: MappingColumn[] | null;
  rowsTotal?: number | null;
  rowsDone?: number;
  createdCount?: number;
  updatedCount?: number;
  errorCount?: number;
  errors?: ImportRowError[];
  failure?: { code: string; message: string } | null;
  timings?: ImportRunTimings | null;
}

export async function finishRun(db: Kysely<Database>, id: string, end: RunEnd) {
  await db
    .updateTable('import_runs')
    .set({
      status: end.status,
      ...(end.columns !== undefined ? { columns: end.columns ? JSON.stringify(end.columns) : null } : {}),
      ...(end.rowsTotal !== undefined ? { rows_total: end.rowsTotal } : {}),
      ...(end.rowsDone !== undefined ? { rows_done: end.rowsDone } : {}),
      created_count: end.createdCount ?? 0,
      updated_count: end.updatedCount ?? 0,
      error_count: end.errorCount ?? 0,
      errors: JSON.stringify(end.errors ?? []),
      failure_code: end.failure?.code ?? null,
      failure_message: end.failure?.message ?? null,
      timings: end.timings ? JSON.stringify(end.timings) : null,
      heartbeat_at: new Date(),
      finished_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}
