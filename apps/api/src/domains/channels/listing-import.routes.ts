import { channelListingImportsApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import {
  exportRunErrors,
  getRunDetail,
  importFileEntity,
  importTemplate,
  listRuns,
  queueImport,
} from '../imports/index.ts';
import { ATTACHMENT_READERS } from '../uploads/index.ts';

/** Those who may see the listings may download the files uploaded as listings. */
ATTACHMENT_READERS[importFileEntity('channel_listings')] = 'view_api_configuration';

const LISTING_HELP: Record<string, string> = {
  account: 'The account’s name as in Api Config → Accounts; a sales channel’s (not a carrier’s).',
  sku: 'Our product’s SKU. Keep this column as text so leading zeros stay.',
  channelSku:
    'The SKU the channel knows the product by, up to 100 characters; one row per account and channel SKU. Empty: our SKU.',
  externalId: 'Amazon ASIN, eBay listing id or Shopify inventory item id, up to 200 characters. Empty: none.',
  externalRef: 'eBay offer id, Shopify location id or Amazon product type, up to 200 characters. Empty: none.',
};

export const channelListingImportRoutes: RouteEntry[] = [
  route(channelListingImportsApi.createChannelListingImport, ({ body }, ctx) =>
    queueImport(ctx, 'channel_listings', body),
  ),
  route(channelListingImportsApi.listChannelListingImports, ({ query }, ctx) =>
    listRuns(ctx.db, 'channel_listings', query),
  ),
  route(channelListingImportsApi.channelListingImportTemplate, (_input, ctx) =>
    importTemplate(ctx, 'channel_listings', {
      sheetName: 'Listings',
      help: LISTING_HELP,
      textFields: ['account', 'sku', 'channelSku', 'externalId', 'externalRef'],
      fileName: 'listing-upload-template.xlsx',
    }),
  ),
  route(channelListingImportsApi.getChannelListingImport, ({ params }, ctx) =>
    getRunDetail(ctx.db, 'channel_listings', params.id),
  ),
  route(channelListingImportsApi.channelListingImportErrors, ({ params }, ctx) =>
    exportRunErrors(ctx, 'channel_listings', params.id),
  ),
];
