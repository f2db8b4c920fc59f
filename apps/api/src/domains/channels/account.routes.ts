import { channelAccountsApi } from '@backoffice/contracts';
import type { Config } from '../../config.ts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { secretBoxFor } from '../../platform/secrets.ts';
import {
  createAccount,
  deleteAccount,
  getAccount,
  listAccounts,
  testAccount,
  updateAccount,
} from './account.service.ts';

export function channelAccountRoutes(config: Pick<Config, 'secretsKey' | 'dataDir'>): RouteEntry[] {
  const api = channelAccountsApi;
  const box = () => secretBoxFor(config);
  return [
    route(api.listChannelAccounts, ({ query }, ctx) => listAccounts(ctx.db, query)),
    route(api.getChannelAccount, ({ params }, ctx) => getAccount(ctx.db, params.id)),
    route(api.createChannelAccount, ({ body }, ctx) => createAccount(ctx, box(), body)),
    route(api.updateChannelAccount, ({ params, body }, ctx) => updateAccount(ctx, box(), params.id, body)),
    route(api.deleteChannelAccount, ({ params }, ctx) => deleteAccount(ctx, params.id)),
    route(api.testChannelAccount, ({ params }, ctx) => testAccount(ctx, box(), params.id)),
  ];
}
