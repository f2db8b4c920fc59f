import { type CalendarDay, type DocumentKind, formatDocumentNumber, ukCalendarDay } from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { takeNextSequence } from './settings.repository.ts';
import { getSettingsGroup } from './settings.service.ts';

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
export async function nextDocumentNumber(db: Kysely<Database>, kind: DocumentKind, on?: string): Promise<string> {
  if (!db.isTransaction)
    throw new Error('nextDocumentNumber runs in the transaction that saves the document, or numbers could have gaps');
  const day = on ? dayOf(on) : ukCalendarDay();
  const formats = await getSettingsGroup(db, 'documentNumbers');
  const sequence = await takeNextSequence(db, kind, day.year);
  return formatDocumentNumber(formats[kind], day, sequence);
}
