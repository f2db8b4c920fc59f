import type { ReferenceQuery } from '../../platform/references.ts';

/**
 * What refers to a shipping carrier (by its id) from inside this area: nothing. Areas that store a carrier id
 * (ship lists, shipping claims) register it in app.ts (platform/references.ts), and deleting a carrier they use
 * is then refused.
 */
export const CARRIER_REFERENCES: ReferenceQuery[] = [];

/**
 * What refers to one carrier service (by the service's id) from inside this area: nothing. Areas register theirs
 * (a sales invoice's chosen service, a ship list's parcels); a service in use cannot be removed from its carrier,
 * nor its carrier deleted.
 */
export const CARRIER_SERVICE_REFERENCES: ReferenceQuery[] = [];
