import { channelStockFilesApi as api } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { downloadStockFile, listStockFiles } from './stock-file.service.ts';

export const channelStockFileRoutes: RouteEntry[] = [
  route(api.listStockFiles, ({ params }, ctx) => listStockFiles(ctx.db, ctx.user, params.id)),
  route(api.downloadStockFile, ({ params }, ctx) => downloadStockFile(ctx, params.id, params.fileId)),
];
