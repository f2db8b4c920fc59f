import {
  type CalendarDay,
  DEFAULT_DOCUMENT_NUMBER_FORMATS,
  type DocumentKind,
  documentNumberFormatProblem,
  formatDocumentNumber,
  ukCalendarDay,
} from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The one numbering path of documents: per kind and calendar year, gap-free, in the format the system
 * configuration holds for the kind (setting `documentNumbers.<kind>`, else the kind's default). The
 * configuration area edits the formats and previews the next numbers; every document number comes from here.
 */

type Db = Kysely<Database>;

/** The setting a kind's format is saved under (the configuration area's group `documentNumbers`). */
export const documentNumberSettingKey = (kind: DocumentKind) => `documentNumbers.${kind}`;

/** The format in force for a kind: the saved one when it is still a valid format, else the default. */
export async function documentNumberFormat(db: Db, kind: DocumentKind): Promise<string> {
  const row = await db
    .selectFrom('system_settings')
    .select('value')
    .where('key', '=', documentNumberSettingKey(kind))
    .executeTakeFirst();
  const saved = row?.value;
  return typeof saved === 'string' && !documentNumberFormatProblem(saved)
    ? saved
    : DEFAULT_DOCUMENT_NUMBER_FORMATS[kind];
}

/**
 * Takes the next number of a kind and year: the counter row is created or incremented and stays
 * locked until the caller's transaction ends, so a concurrent caller waits and a rollback gives
 * the number back (gap-free).
 */
export async function takeNextSequence(db: Db, kind: string, year: number): Promise<string> {
  const row = await db
    .insertInto('document_number_counters')
    .values({ kind, year, last_value: 1 })
    .onConflict((oc) =>
      oc.columns(['kind', 'year']).doUpdateSet({
        last_value: sql`document_number_counters.last_value + 1`,
        updated_at: new Date(),
      }),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return row.last_value;
}

/** A calendar day from YYYY-MM-DD. */
function dayOf(date: string): CalendarDay {
  const [year = 0, month = 0, day = 0] = date.split('-').map((part) => Number.parseInt(part, 10));
  return { year, month, day };
}

/**
 * The next number of a kind of document, in its configured format, for a document dated `on`
 * (YYYY-MM-DD; today in the UK when not given). Numbers count up per kind and calendar year without
 * gaps: call it in the transaction that saves the document (ctx.db of a mutation). The counter row
 * stays locked until that transaction ends, so concurrent documents of the same kind wait in turn,
 * and a transaction that rolls back gives its number back.
 */
export async function nextDocumentNumber(db: Db, kind: DocumentKind, on?: string): Promise<string> {
  if (!db.isTransaction)
    throw new Error('nextDocumentNumber runs in the transaction that saves the document, or numbers could have gaps');
  const day = on ? dayOf(on) : ukCalendarDay();
  const format = await documentNumberFormat(db, kind);
  const sequence = await takeNextSequence(db, kind, day.year);
  return formatDocumentNumber(format, day, sequence);
}

/**
 * `count` consecutive numbers of a kind at once (bulk imports), by one increment of the counter: the same rules as
 * `nextDocumentNumber` (gap-free, taken in the transaction that saves the documents, locked until it ends).
 */
export async function nextDocumentNumbers(db: Db, kind: DocumentKind, count: number, on?: string): Promise<string[]> {
  if (!db.isTransaction)
    throw new Error('nextDocumentNumbers runs in the transaction that saves the documents, or numbers could have gaps');
  if (count <= 0) return [];
  const day = on ? dayOf(on) : ukCalendarDay();
  const format = await documentNumberFormat(db, kind);
  const row = await db
    .insertInto('document_number_counters')
    .values({ kind, year: day.year, last_value: count })
    .onConflict((oc) =>
      oc.columns(['kind', 'year']).doUpdateSet({
        last_value: sql`document_number_counters.last_value + ${count}`,
        updated_at: new Date(),
      }),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  const last = BigInt(row.last_value);
  return Array.from({ length: count }, (_, i) =>
    formatDocumentNumber(format, day, (last - BigInt(count - 1 - i)).toString()),
  );
}
