import type { ReferenceQuery } from '../master-data/references.ts';

/**
 * What refers to a shipping carrier (by its id). Nothing does yet; each area that stores a carrier id
 * (ship lists, shipping claims) adds its count here, and deleting a carrier it uses is then refused.
 */
export const CARRIER_REFERENCES: ReferenceQuery[] = [];

/**
 * What refers to one carrier service (by the service's id): a sales invoice's chosen service, a ship
 * list's parcels. A service in use cannot be removed from its carrier, nor its carrier deleted.
 */
export const CARRIER_SERVICE_REFERENCES: ReferenceQuery[] = [];
