import { PlatformErrorCode, type ReferenceCount } from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { conflict } from '../../platform/errors.ts';

/** One kind of record that can refer to a master-data record, and how to count those that do. */
export interface ReferenceQuery {
  /** Singular snake case, like audit entities: `purchase_order`. */
  entity: string;
  count(db: Kysely<Database>, id: string): Promise<number>;
}

/** The records referring to `id`, by entity; only those with at least one. */
export async function countReferences(
  db: Kysely<Database>,
  id: string,
  queries: readonly ReferenceQuery[],
): Promise<ReferenceCount[]> {
  const found: ReferenceCount[] = [];
  // One after another: inside a request's transaction all queries share one connection anyway.
  for (const query of queries) {
    const count = await query.count(db, id);
    if (count > 0) found.push({ entity: query.entity, count });
  }
  return found;
}

const words = (entity: string, count: number) => `${entity.replace(/_/g, ' ')}${count === 1 ? '' : 's'}`;

/** 409 IN_USE: "Brand "ACME" is used by 3 purchase orders; deactivate it instead." */
export function inUse(what: string, references: readonly ReferenceCount[]) {
  const list = references.map((r) => `${r.count} ${words(r.entity, r.count)}`).join(' and ');
  return conflict(PlatformErrorCode.IN_USE, `${what} is used by ${list}; deactivate it instead.`, {
    references,
    count: references.reduce((sum, r) => sum + r.count, 0),
  });
}
