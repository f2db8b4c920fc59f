import { PlatformErrorCode, type ReferenceCount } from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { conflict } from './errors.ts';

/**
 * Which records hold which: a record something refers to is deactivated, not deleted, and its delete answers
 * 409 IN_USE naming what holds it. The record's own area never imports the areas that hold it (master data
 * sits below the documents); each holding area instead registers here what it holds, and app.ts registers
 * every area once at start-up.
 */

/** The kinds of record other areas hold, named as their audit entities. */
export const REFERENCED_KINDS = [
  'product',
  'brand',
  'cost_center',
  'warehouse',
  'location',
  'business_partner',
  'customer',
  'currency',
  'processor',
  'carrier',
  'carrier_service',
] as const;
export type ReferencedKind = (typeof REFERENCED_KINDS)[number];

export type CountHolders = (db: Kysely<Database>, id: string) => Promise<number>;

/** One kind of record that can refer to another, and how to count those that refer to a given one. */
export interface ReferenceQuery {
  /** Singular snake case, like audit entities: `purchase_order`. */
  entity: string;
  count: CountHolders;
}

/**
 * What one area's records hold: its entity (`inventory_transfer`) and, per kind of record it refers to, how
 * many of its records hold a given one (by the held record's id; a currency's by its code).
 */
export interface AreaReferences {
  entity: string;
  holds: Partial<Record<ReferencedKind, CountHolders>>;
}

const registered = new Map<string, AreaReferences>();

/**
 * Registers what areas hold, in the order their counts are listed in an IN_USE answer. Registering an
 * entity again replaces it, so building the app more than once in a process (tests) changes nothing.
 */
export function registerReferences(areas: readonly AreaReferences[]): void {
  for (const area of areas) registered.set(area.entity, area);
}

/** The registered queries for one kind of record. */
export function registeredReferences(kind: ReferencedKind): ReferenceQuery[] {
  const queries: ReferenceQuery[] = [];
  for (const area of registered.values()) {
    const count = area.holds[kind];
    if (count) queries.push({ entity: area.entity, count });
  }
  return queries;
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

/**
 * What refers to one record of a kind: first the references its own area knows (`own`, e.g. the bundles
 * a product is a component of), then every registered area's.
 */
export function referencesTo(
  db: Kysely<Database>,
  kind: ReferencedKind,
  id: string,
  own: readonly ReferenceQuery[] = [],
): Promise<ReferenceCount[]> {
  return countReferences(db, id, [...own, ...registeredReferences(kind)]);
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
