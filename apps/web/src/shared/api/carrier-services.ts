import type { CarrierServiceOption } from '@backoffice/contracts';
import { useMemo } from 'react';
import { purchasingLookupsEndpoints } from './endpoints/purchasing-lookups.gen.ts';
import { useEndpointQuery } from './hooks.ts';

export interface CarrierChoice {
  id: string;
  code: string;
  name: string;
}

/**
 * The carriers' services for a select or filter of the sales screens, read from the pickers' lookup (any
 * order-to-cash or shipping-claim permission opens it, no carrier rights needed), and the carriers they belong
 * to, once each, in the lookup's order. `all` includes inactive ones, for a filter over the past.
 */
export function useCarrierServices(options: { all?: boolean } = {}): {
  services: CarrierServiceOption[];
  carriers: CarrierChoice[];
  isFetching: boolean;
} {
  const query = useEndpointQuery(
    purchasingLookupsEndpoints.lookupCarrierServices,
    { query: options.all ? { active: 'all' } : {} },
    { staleTime: 60_000 },
  );
  const services = query.data?.items;
  const carriers = useMemo(() => {
    const byId = new Map<string, CarrierChoice>();
    for (const s of services ?? []) if (!byId.has(s.carrier.id)) byId.set(s.carrier.id, s.carrier);
    return [...byId.values()];
  }, [services]);
  return { services: services ?? [], carriers, isFetching: query.isFetching };
}
