import { GraphQLError } from 'graphql';

/** A request the real API refuses with a top-level error (bad cursor, missing `first`, too many inputs). */
export class Refusal extends GraphQLError {
  constructor(message: string, code: string) {
    super(message, { extensions: { code } });
  }
}

export interface PageArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  reverse?: boolean | null;
}

/** Shopify's largest page. */
const MAX_PAGE = 250;

const cursorOf = (id: string) => Buffer.from(JSON.stringify({ id }), 'utf8').toString('base64');

function idOf(cursor: string): string {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as { id?: unknown };
    if (typeof v.id === 'string') return v.id;
  } catch {
    // not one of ours
  }
  throw new Refusal(`Invalid cursor for current pagination sort.`, 'BAD_REQUEST');
}

/** A Relay connection over items in their order, as Shopify pages them (`first`/`after` or `last`/`before`). */
export function connection<T extends { id: string }>(items: readonly T[], args: PageArgs, view: (t: T) => unknown) {
  const { first, last } = args;
  if ((first === undefined || first === null) && (last === undefined || last === null)) {
    throw new Refusal('you must provide one of first or last', 'BAD_REQUEST');
  }
  const size = first ?? last ?? 0;
  if (size < 0 || size > MAX_PAGE) throw new Refusal(`The page size must be between 0 and ${MAX_PAGE}.`, 'BAD_REQUEST');
  let list = args.reverse ? [...items].reverse() : [...items];
  if (args.after) {
    const at = list.findIndex((t) => t.id === idOf(args.after ?? ''));
    list = at < 0 ? [] : list.slice(at + 1);
  }
  if (args.before) {
    const at = list.findIndex((t) => t.id === idOf(args.before ?? ''));
    list = at < 0 ? [] : list.slice(0, at);
  }
  const from = first !== undefined && first !== null ? 0 : Math.max(0, list.length - size);
  const page = list.slice(from, from + size);
  const edges = page.map((t) => ({ cursor: cursorOf(t.id), node: view(t) }));
  return {
    edges,
    nodes: edges.map((e) => e.node),
    pageInfo: {
      hasNextPage: from + size < list.length,
      hasPreviousPage: from > 0 || Boolean(args.after),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** A plain list field with an optional `first` (Order.refunds, Order.fulfillments). */
export function firstOf<T>(items: readonly T[], args: { first?: number | null }): T[] {
  return args.first === undefined || args.first === null ? [...items] : items.slice(0, args.first);
}
