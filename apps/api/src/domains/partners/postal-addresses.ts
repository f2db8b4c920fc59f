import type { PartnerAddressKind, PostalAddress } from '@backoffice/contracts';
import type { Selectable } from 'kysely';
import type { PostalAddressColumns } from '../../db/schema.ts';

/** An address as the services hand it to a repository (validated and settled by the contracts). */
export interface PostalAddressValues {
  kind: PartnerAddressKind;
  line1: string;
  line2: string | null;
  city: string;
  county: string | null;
  postcode: string | null;
  country: string;
  isDefault: boolean;
}

/** The row of an address, in the list's order, without its owner's id. */
export function postalAddressRow(a: PostalAddressValues, position: number) {
  return {
    position,
    kind: a.kind,
    line1: a.line1,
    line2: a.line2,
    city: a.city,
    county: a.county,
    postcode: a.postcode,
    country: a.country,
    is_default: a.isDefault,
  };
}

export function toPostalAddress(r: Selectable<PostalAddressColumns>): PostalAddress {
  return {
    id: r.id,
    kind: r.kind as PartnerAddressKind,
    line1: r.line1,
    line2: r.line2,
    city: r.city,
    county: r.county,
    postcode: r.postcode,
    country: r.country,
    isDefault: r.is_default,
  };
}
