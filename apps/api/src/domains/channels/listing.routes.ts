import { channelListingsApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { createListing, deleteListing, listListings, listUnmapped, updateListing } from './listing.service.ts';

export const channelListingRoutes: RouteEntry[] = [
  route(channelListingsApi.listChannelListings, ({ query }, ctx) => listListings(ctx.db, query)),
  route(channelListingsApi.createChannelListing, ({ body }, ctx) => createListing(ctx, body)),
  route(channelListingsApi.updateChannelListing, ({ params, body }, ctx) => updateListing(ctx, params.id, body)),
  route(channelListingsApi.deleteChannelListing, ({ params }, ctx) => deleteListing(ctx, params.id)),
  route(channelListingsApi.listUnmappedSkus, ({ query }, ctx) => listUnmapped(ctx.db, query)),
];
