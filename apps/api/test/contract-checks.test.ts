import type { EndpointDef } from '@backoffice/contracts';
import * as contracts from '@backoffice/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bodyArb, type IdPicker, queryArb } from './fuzz-values.ts';

/**
 * Every contract's checks refuse a hostile value; none throws on one. A refinement in zod also runs on a value
 * its pattern already refused (a money field holding "abc"), so a check that computes with the value (a decimal
 * built from it) throws there, and the request would end in the server's error answer instead of a refusal in
 * words. This runs the same generated bodies and queries as the route fuzz, without a server or a database, many
 * times more of them per contract. A failure names the endpoint and prints the value.
 */
const RUNS = Number(process.env.CONTRACT_CHECK_RUNS ?? 150);

const endpoints: EndpointDef[] = Object.entries(contracts)
  .filter(([name, group]) => name.endsWith('Api') && typeof group === 'object' && group !== null)
  .flatMap(([, group]) =>
    Object.values(group as Record<string, unknown>).filter(
      (d): d is EndpointDef => typeof d === 'object' && d !== null && typeof (d as EndpointDef).path === 'string',
    ),
  );

const someIds = ['00000000-0000-4000-8000-000000000001', '9daf4bc5-5586-4d29-b59e-8cac0000001e'];
const ids: IdPicker = () => someIds;

function parseDoesNotThrow(schema: z.ZodType, value: unknown, where: string) {
  try {
    schema.safeParse(value);
  } catch (e) {
    throw new Error(
      `${where}: the contract's check threw (${(e as Error).message}) on ${JSON.stringify(value)?.slice(0, 600)}`,
    );
  }
}

describe('contract checks refuse hostile values without throwing', () => {
  const withBody = endpoints.filter((d) => d.body);
  const withQuery = endpoints.filter((d) => d.query);

  it('covers the contracts', () => {
    expect(withBody.length).toBeGreaterThan(100);
    expect(withQuery.length).toBeGreaterThan(50);
  });

  it.each(withBody.map((d) => [`${d.method} ${d.path}`, d] as const))('body of %s', (where, def) => {
    const schema = def.body as z.ZodType;
    fc.assert(
      fc.property(bodyArb(schema, ids), (text) => {
        if (text === undefined) return;
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          return; // not JSON: the server refuses it before any contract sees it
        }
        parseDoesNotThrow(schema, value, where);
      }),
      { numRuns: RUNS, seed: 1 },
    );
  });

  it.each(withQuery.map((d) => [`${d.method} ${d.path}`, d] as const))('query of %s', (where, def) => {
    const schema = def.query as z.ZodType;
    fc.assert(
      fc.property(queryArb(schema, ids), (pairs) => {
        const query: Record<string, string | string[]> = {};
        for (const [k, v] of pairs) {
          const had = query[k];
          query[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
        }
        parseDoesNotThrow(schema, query, where);
      }),
      { numRuns: RUNS, seed: 1 },
    );
  });
});
