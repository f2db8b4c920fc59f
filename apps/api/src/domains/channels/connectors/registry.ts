import type { ChannelAccountType } from '@backoffice/contracts';
import type { CarrierConnector, ChannelConnector, ConnectorModule } from './types.ts';

/** Every connector, by account type. Api Config's types and these modules' credential fields agree (a test checks). */
const MODULES: Partial<
  Record<ChannelAccountType, ConnectorModule<ChannelConnector> | ConnectorModule<CarrierConnector>>
> = {};

export function connectorModule(
  type: ChannelAccountType,
): ConnectorModule<ChannelConnector> | ConnectorModule<CarrierConnector> | undefined {
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
