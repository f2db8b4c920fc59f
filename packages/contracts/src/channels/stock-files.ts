import { z } from 'zod';
import { endpoint } from '../platform/endpoint.ts';
import { Uuid } from '../platform/pagination.ts';
import type { PermissionName } from '../users/permissions.ts';
import { SALES_CHANNEL_ACCOUNT_TYPES, StockDelivery } from './accounts.ts';
import { channelPermissionsFor } from './sync.ts';

/**
 * Stock files: an account whose stock goes to a file (setting `stockDelivery: 'FILE'`, a store with no public seller
 * API) has each STOCK run, scheduled or Run now, produce an .xlsx of every listing's quantity to list (the figure a
 * push to the channel would send), instead of calling the channel. The newest few per account are kept for download.
 */

/** How many files an account keeps; an older one is pruned when a new one is produced. */
export const STOCK_FILES_KEPT = 10;

/** Any permission that opens some account's stock screen; the server then checks the account's own. */
export const STOCK_FILE_PERMISSIONS: PermissionName[] = [
  ...new Set(SALES_CHANNEL_ACCOUNT_TYPES.flatMap((type) => channelPermissionsFor(type, 'STOCK'))),
];

export const StockFile = z
  .object({
    id: Uuid,
    accountId: Uuid,
    producedAt: z.string(),
    /** Listings in the file (one row each). */
    rows: z.number().int(),
    sizeBytes: z.number().int(),
    sha256: z.string(),
    /** The name the download is saved under. */
    fileName: z.string(),
  })
  .meta({ id: 'StockFile' });
export type StockFile = z.infer<typeof StockFile>;

export const StockFileList = z.object({
  account: z.object({ id: Uuid, name: z.string(), stockDelivery: StockDelivery }),
  /** Newest first. */
  items: z.array(StockFile),
  kept: z.number().int(),
});
export type StockFileList = z.infer<typeof StockFileList>;

export const XlsxFile = z.unknown().meta({
  type: 'string',
  format: 'binary',
  contentMediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
});

export const channelStockFilesApi = {
  listStockFiles: endpoint({
    method: 'GET',
    path: '/api/channel-accounts/:id/stock-files',
    permission: STOCK_FILE_PERMISSIONS,
    tag: 'channels',
    summary:
      "An account's stock files, newest first (the last few kept), and where its stock goes; 404 for an account the user's stock screens do not show",
    params: z.object({ id: Uuid }),
    response: StockFileList,
  }),
  downloadStockFile: endpoint({
    method: 'GET',
    path: '/api/channel-accounts/:id/stock-files/:fileId',
    permission: STOCK_FILE_PERMISSIONS,
    tag: 'channels',
    summary: 'One stock file as .xlsx: our SKU, the channel SKU, product name, quantity to list, time produced',
    params: z.object({ id: Uuid, fileId: Uuid }),
    response: XlsxFile,
  }),
};
