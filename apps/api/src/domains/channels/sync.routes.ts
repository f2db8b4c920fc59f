import { channelSyncApi, fbaInventoryApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { channelState, listFba, listMessages, listStock, retryMessage, runNow } from './sync.service.ts';

export const channelSyncRoutes: RouteEntry[] = [
  route(channelSyncApi.channelState, ({ query }, ctx) => channelState(ctx.db, ctx.user, query.types)),
  route(channelSyncApi.runNow, ({ params, body }, ctx) => runNow(ctx, params.id, body)),
  route(channelSyncApi.listChannelMessages, ({ query }, ctx) => listMessages(ctx.db, ctx.user, query)),
  route(channelSyncApi.retryChannelMessage, ({ params }, ctx) => retryMessage(ctx, params.id)),
  route(channelSyncApi.listChannelStock, ({ query }, ctx) => listStock(ctx.db, ctx.user, query)),
  route(fbaInventoryApi.listFbaInventory, ({ query }, ctx) => listFba(ctx.db, ctx.user, query)),
];
