import { createHash } from 'node:crypto';
import { BUSINESS_TIME_ZONE } from '@backoffice/contracts';
import { writeAudits } from '../../platform/audit.ts';
import type { JobContext } from '../../platform/jobs/index.ts';
import { words, writeXlsx, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../platform/xlsx.ts';
import type * as accounts from './account.repository.ts';
import { settingsOf } from './account.service.ts';
import * as repo from './stock-file.repository.ts';

/**
 * Stock files: an account whose stock goes to a file (no public seller API, e.g. a Samsung store) has each STOCK run
 * produce an .xlsx of every listing with the quantity to list, the same figure a push to the channel would send
 * (`listingLevelsSql` of stock-out.ts: available in its warehouses less its buffer, reserved stock never listed). The
 * newest STOCK_FILES_KEPT per account are kept for download; each production is a system-log row of the account.
 */

interface SheetRow extends repo.StockFileRow {
  produced_at: Date;
}

const COLUMNS: readonly XlsxColumn<SheetRow>[] = [
  { header: words('Our SKU', 'Nuestro SKU', 'Nosso SKU', 'Unsere SKU'), width: 20, value: (r) => r.product_sku },
  {
    header: words('Channel SKU', 'SKU del canal', 'SKU do canal', 'Kanal-SKU'),
    width: 20,
    value: (r) => r.channel_sku,
  },
  {
    header: words('Product name', 'Nombre del producto', 'Nome do produto', 'Produktname'),
    width: 40,
    value: (r) => r.product_name,
  },
  {
    header: words('Quantity to list', 'Cantidad a publicar', 'Quantidade a anunciar', 'Zu listende Menge'),
    type: 'quantity',
    places: 0,
    width: 16,
    value: (r) => r.quantity,
  },
  {
    header: words('Produced', 'Generado', 'Gerado', 'Erstellt'),
    type: 'datetime',
    width: 18,
    value: (r) => r.produced_at,
  },
];

/** `stock-<account>-<yyyy-mm-dd-hhmm>.xlsx`, the London time of production. */
export function stockFileName(accountName: string, producedAt: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: BUSINESS_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(producedAt)
      .map((p) => [p.type, p.value]),
  );
  const slug =
    accountName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'account';
  return `stock-${slug}-${parts.year}-${parts.month}-${parts.day}-${parts.hour}${parts.minute}.xlsx`;
}

/**
 * A STOCK run of a file account: the file of every listing's quantity, kept with its checksum; older files beyond
 * the kept number pruned; the production recorded in the system log. The channel is not called.
 */
export async function produceStockFile(job: JobContext, account: accounts.AccountRow): Promise<void> {
  const producedAt = new Date();
  // The writer's cap on rows: far beyond any store's listings.
  const rows = (await repo.stockFileRows(job.db, account)).slice(0, XLSX_EXPORT_MAX_ROWS);
  job.progress(0, rows.length);
  const content = await writeXlsx(
    COLUMNS,
    rows.map((r) => ({ ...r, produced_at: producedAt })),
    { sheetName: 'Stock' },
  );
  const sha256 = createHash('sha256').update(content).digest('hex');
  const createdBy = job.job.createdBy;
  await job.db.transaction().execute(async (tx) => {
    const user = createdBy ? ((await repo.userOf(tx, createdBy)) ?? null) : null;
    const id = await repo.insertStockFile(tx, {
      accountId: account.id,
      producedAt,
      rowCount: rows.length,
      content,
      sha256,
      jobId: job.job.id,
      createdBy: user?.id ?? null,
    });
    const pruned = await repo.pruneStockFiles(tx, account.id);
    const droppedPushes = await repo.dropQueuedPushes(tx, account.id);
    await writeAudits(tx, { user, requestId: job.job.requestId }, [
      {
        entity: 'channel_account',
        action: 'produce_stock_file',
        entityId: account.id,
        after: {
          fileId: id,
          fileName: stockFileName(account.name, producedAt),
          rows: rows.length,
          sizeBytes: content.length,
          sha256,
          stockBuffer: settingsOf(account).stockBuffer,
          warehouseIds: settingsOf(account).warehouseIds,
          pruned,
          droppedPushes,
          jobId: job.job.id,
        },
      },
    ]);
  });
  job.progress(rows.length, rows.length);
}
