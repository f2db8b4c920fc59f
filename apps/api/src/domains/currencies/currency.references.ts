import type { ReferenceCount } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type ReferenceQuery, referencesTo } from '../../platform/references.ts';

/**
 * What uses a currency, by its code: while any counts, the currency stays active. Active processors count
 * (a deactivated one does not), and active business partners' default currencies. Areas above master data
 * that store a currency code for what they do from now on (an open purchase order) register it in app.ts
 * (platform/references.ts).
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
  return referencesTo(db, 'currency', code, CURRENCY_REFERENCES);
}
