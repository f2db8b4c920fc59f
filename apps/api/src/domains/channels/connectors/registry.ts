import type { ChannelAccountType } from '@backoffice/contracts';
import { amazonConnector } from './amazon/index.ts';
import { dhlConnector } from './dhl/index.ts';
import { dpdConnector } from './dpd/index.ts';
import { ebayConnector } from './ebay/index.ts';
import { parcelforceConnector } from './parcelforce/index.ts';
import { royalMailConnector } from './royal-mail/index.ts';
import { shopifyConnector } from './shopify/index.ts';
import { tiktokConnector } from './tiktok/index.ts';
import type { CarrierConnector, ChannelConnector, ConnectorModule } from './types.ts';

type AnyModule = ConnectorModule<ChannelConnector> | ConnectorModule<CarrierConnector>;

/** Every connector, by account type. Api Config's types and these modules' credential fields agree (a test checks). */
const MODULES: Record<ChannelAccountType, AnyModule> = {
  AMAZON: amazonConnector,
  EBAY: ebayConnector,
  SHOPIFY: shopifyConnector,
  TIKTOK: tiktokConnector,
  ROYAL_MAIL: royalMailConnector,
  PARCELFORCE: parcelforceConnector,
  DHL: dhlConnector,
  DPD: dpdConnector,
};

export function connectorModule(type: ChannelAccountType): AnyModule | undefined {
  return MODULES[type];
}

export function channelModule(type: ChannelAccountType): ConnectorModule<ChannelConnector> | undefined {
  const m = MODULES[type];
  return m?.kind === 'CHANNEL' ? (m as ConnectorModule<ChannelConnector>) : undefined;
}

export function carrierModule(type: ChannelAccountType): ConnectorModule<CarrierConnector> | undefined {
  const m = MODULES[type];
  return m?.kind === 'CARRIER' ? (m as ConnectorModule<CarrierConnector>) : undefined;
}

/** Every module (tests compare them with Api Config's types). */
export function connectorModules(): AnyModule[] {
  return Object.values(MODULES);
}
