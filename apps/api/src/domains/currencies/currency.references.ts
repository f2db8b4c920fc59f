import type { ReferenceCount } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { countReferences, type ReferenceQuery } from '../master-data/references.ts';

/**
 * What uses a currency, by its code: while any counts, the currency stays active. Each area that
 * stores a currency code for what it does from now on (a supplier's default currency, an open
 * purchase order) adds its count here. Active processors count; a deactivated one does not.
 */
export const CURRENCY_REFERENCES: ReferenceQuery[] = [
  {
    entity: 'processor',
    count: async (db, code) =>
      Number(
        (
          await db
            .selectFrom('processors')
            .select(sql<string>`count(*)`.as('n'))
            .where('currency', '=', code)
            .where('active', '=', true)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  },
  {
    // An active business partner's default currency (domains/partners).
    entity: 'business_partner',
    count: async (db, code) =>
      Number(
        (
          await db
            .selectFrom('business_partners')
            .select(sql<string>`count(*)`.as('n'))
            .where('default_currency', '=', code)
            .where('active', '=', true)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  },
];

export function currencyReferences(db: Kysely<Database>, code: string): Promise<ReferenceCount[]> {
  return countReferences(db, code, CURRENCY_REFERENCES);
}
