import type { Config } from '../../config.ts';
import type { RouteEntry } from '../../platform/routes.ts';
import { channelAccountRoutes } from './account.routes.ts';
import { shippingLabelRoutes } from './labels.routes.ts';
import { channelListingRoutes } from './listing.routes.ts';
import { channelListingImportRoutes } from './listing-import.routes.ts';
import { channelStockFileRoutes } from './stock-file.routes.ts';
import { channelSyncRoutes } from './sync.routes.ts';

export { registerChannels } from './channels.jobs.ts';
export { channelListingImportJob } from './listing.import.ts';

/** Channels and carriers: Api Config's accounts, their connectors, orders in, stock and tracking out, labels. */
export function channelsRoutes(config: Pick<Config, 'secretsKey' | 'dataDir'>): RouteEntry[] {
  return [
    ...channelAccountRoutes(config),
    ...channelListingRoutes,
    ...channelListingImportRoutes,
    ...channelSyncRoutes,
    ...channelStockFileRoutes,
    ...shippingLabelRoutes(config),
  ];
}
