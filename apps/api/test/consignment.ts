import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import type { Db } from '../src/db/db.ts';
import { post } from '../src/domains/stock/index.ts';

/** Consignment set-ups the tests share: a supplier who consigns, and units received as theirs. */

/** A supplier (a consignor unless told otherwise). */
export function consignmentSupplier(db: Db, isConsignment = true) {
  return db
    .insertInto('business_partners')
    .values({
      code: `CS${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`,
      name: 'Consignor Ltd',
      default_currency: 'GBP',
      payment_terms_days: 30,
      active: true,
      is_consignment: isConsignment,
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
}

/** Units received into a warehouse as the supplier's, at an agreed cost in GBP (valued at zero to us). */
export function receiveConsigned(
  db: Db,
  r: { productId: string; warehouseId: string; supplierId: string; quantity: string; agreedCost: string },
) {
  return db.transaction().execute((tx) =>
    post(
      { db: tx, user: null },
      {
        sourceType: 'test_receipt',
        sourceId: `R-${randomUUID()}`,
        lines: [
          {
            productId: r.productId,
            warehouseId: r.warehouseId,
            kind: 'RECEIPT',
            quantity: new Decimal(r.quantity),
            unitCost: new Decimal(r.agreedCost),
            ownerId: r.supplierId,
            agreedCost: { unitCost: new Decimal(r.agreedCost), currency: 'GBP' },
          },
        ],
      },
    ),
  );
}
