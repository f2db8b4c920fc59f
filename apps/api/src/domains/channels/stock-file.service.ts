import {
  accountKindOf,
  type ChannelAccountType,
  STOCK_FILES_KEPT,
  type StockFile,
  type StockFileList,
} from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { type Ctx, sendFile } from '../../platform/routes.ts';
import { XLSX_CONTENT_TYPE } from '../../platform/xlsx.ts';
import * as accounts from './account.repository.ts';
import { settingsOf } from './account.service.ts';
import * as repo from './stock-file.repository.ts';
import { stockFileName } from './stock-file.ts';
import { mayWork } from './sync.service.ts';

/** The stock screens' Stock files: an account's kept files and their download, for whoever sees its stock. */

type Db = Kysely<Database>;

/** The account, when the user's stock screens show it; else 404, so its existence is not told either. */
async function visibleAccount(db: Db, user: AuthUser, id: string) {
  const row = await accounts.findAccount(db, id);
  const type = row?.type as ChannelAccountType | undefined;
  if (!row || !type || accountKindOf(type) !== 'CHANNEL' || !mayWork(user, type, 'STOCK'))
    throw notFound('Channel account', id);
  return row;
}

function toStockFile(accountName: string, r: Awaited<ReturnType<typeof repo.stockFilesOf>>[number]): StockFile {
  return {
    id: r.id,
    accountId: r.account_id,
    producedAt: r.produced_at.toISOString(),
    rows: r.row_count,
    sizeBytes: r.size_bytes,
    sha256: r.sha256,
    fileName: stockFileName(accountName, r.produced_at),
  };
}

export async function listStockFiles(db: Db, user: AuthUser, accountId: string): Promise<StockFileList> {
  const account = await visibleAccount(db, user, accountId);
  const files = await repo.stockFilesOf(db, account.id);
  return {
    account: { id: account.id, name: account.name, stockDelivery: settingsOf(account).stockDelivery },
    items: files.map((f) => toStockFile(account.name, f)),
    kept: STOCK_FILES_KEPT,
  };
}

export async function downloadStockFile(ctx: Ctx, accountId: string, fileId: string) {
  const account = await visibleAccount(ctx.db, ctx.user, accountId);
  const file = await repo.stockFileWithContent(ctx.db, account.id, fileId);
  if (!file) throw notFound('Stock file', fileId);
  const fileName = stockFileName(account.name, file.produced_at);
  await ctx.audit({
    action: 'download',
    entity: 'channel_stock_file',
    entityId: file.id,
    after: { accountId: account.id, fileName, rows: file.row_count, sha256: file.sha256 },
  });
  return sendFile(ctx, { body: file.content, contentType: XLSX_CONTENT_TYPE, fileName });
}
