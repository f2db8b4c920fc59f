import { StockErrorCode } from '@backoffice/contracts';
import { AppError, conflict } from './errors.ts';

/**
 * What the lines of every document share: a refusal names the line (0-based `line` for the form, `lineNo` as
 * people number them), so the web's lines editor can point at it.
 */
export const lineDetails = (index: number, extra: Record<string, unknown> = {}) => ({
  line: index,
  lineNo: index + 1,
  ...extra,
});

/**
 * Runs a document's posting and, when the stock posting service refuses a shortage (409 INSUFFICIENT_STOCK,
 * naming the product by id, or only in its message), answers it with the document's line and SKU instead.
 * Every other error goes through as it is.
 */
export async function namingTheLine<T>(
  lines: ReadonlyMap<string, { sku: string; lineNo: number }>,
  posting: () => Promise<T>,
): Promise<T> {
  try {
    return await posting();
  } catch (e) {
    if (!(e instanceof AppError) || e.code !== StockErrorCode.INSUFFICIENT_STOCK) throw e;
    const details = (e.details ?? {}) as Record<string, unknown>;
    const line =
      (typeof details.productId === 'string' ? lines.get(details.productId) : undefined) ??
      [...lines.values()].find((l) => e.message.includes(l.sku));
    if (!line) throw e;
    const reason = e.message.startsWith(line.sku) ? e.message.slice(line.sku.length).replace(/^:\s*/, '') : e.message;
    throw conflict(StockErrorCode.INSUFFICIENT_STOCK, `Line ${line.lineNo}, ${line.sku}: ${reason}`, {
      ...details,
      sku: line.sku,
      ...lineDetails(line.lineNo - 1),
    });
  }
}
