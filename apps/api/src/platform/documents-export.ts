import { allRows } from './pagination.ts';
import type { Ctx } from './routes.ts';
import { sendXlsx, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from './xlsx.ts';

/** The .xlsx of a list of documents (or of their lines), downloaded as `<stem>-<today>.xlsx`. */
export function sendDocumentsXlsx<T>(
  ctx: Ctx,
  stem: string,
  columns: readonly XlsxColumn<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
) {
  return sendXlsx(ctx, `${stem}-${new Date().toISOString().slice(0, 10)}.xlsx`, columns, rows);
}

/**
 * The documents of a filter, one row each, in the list's order: read a chunk at a time (the query must end its
 * order on a unique key), each row answered as the list answers it.
 */
export async function* documentRows<R, T>(
  find: (limit: number, offset: number) => Promise<R[]>,
  answer: (row: R) => T,
  max = XLSX_EXPORT_MAX_ROWS,
): AsyncGenerator<T> {
  for await (const row of allRows((offset, limit) => find(limit, offset), max)) yield answer(row);
}

/** One row of an export of documents with their lines: the document's columns repeated on each of its lines. */
export interface DocumentLineRow<H, L> {
  document: H;
  line: L;
}

/**
 * The documents of a filter with their lines, in the list's order: a page of documents at a time (the page's
 * query must end its order on a unique key, so pages neither skip nor repeat), then their lines in one query.
 * Stops after `max` lines.
 */
export async function* documentsWithLines<H extends { id: string }, L>(
  pageOf: (offset: number, limit: number) => Promise<H[]>,
  linesOf: (documentIds: string[]) => Promise<L[]>,
  documentIdOf: (line: L) => string,
  max = XLSX_EXPORT_MAX_ROWS,
  chunk = 200,
): AsyncGenerator<DocumentLineRow<H, L>> {
  let count = 0;
  for (let offset = 0; count < max; offset += chunk) {
    const documents = await pageOf(offset, chunk);
    const byDocument = new Map<string, L[]>();
    for (const line of await linesOf(documents.map((d) => d.id))) {
      const id = documentIdOf(line);
      byDocument.set(id, [...(byDocument.get(id) ?? []), line]);
    }
    for (const document of documents)
      for (const line of byDocument.get(document.id) ?? []) {
        if (count >= max) return;
        count += 1;
        yield { document, line };
      }
    if (documents.length < chunk) return;
  }
}
