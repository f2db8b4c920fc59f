import { Refusal } from './connection.ts';
import type { ShopOrder } from './state.ts';

/**
 * The part of Shopify's search syntax the fake understands for `orders(query:)`: terms joined by AND (or spaces),
 * `updated_at` / `created_at` / `processed_at` compared with an instant, `return_status:` and `status:`, a leading
 * `-` negating a term. Anything else is refused, so a connector cannot lean on a filter the fake would ignore.
 */

type Predicate = (o: ShopOrder) => boolean;

const TERM = /^(-?)([a-z_]+):(>=|<=|>|<)?'?([^']*)'?$/;

function timeTerm(field: (o: ShopOrder) => Date, op: string, value: string): Predicate {
  const at = Date.parse(value);
  if (Number.isNaN(at)) throw new Refusal(`Invalid time in search query: ${value}`, 'BAD_REQUEST');
  const cmp = (o: ShopOrder) => field(o).getTime() - at;
  if (op === '>=') return (o) => cmp(o) >= 0;
  if (op === '>') return (o) => cmp(o) > 0;
  if (op === '<=') return (o) => cmp(o) <= 0;
  if (op === '<') return (o) => cmp(o) < 0;
  return (o) => Math.floor(field(o).getTime() / 1000) === Math.floor(at / 1000);
}

const RETURN_STATUS: Record<string, (o: ShopOrder) => boolean> = {
  no_return: (o) => o.returns.length === 0,
  return_requested: (o) => o.returns.some((r) => r.status === 'REQUESTED'),
  in_progress: (o) => o.returns.some((r) => r.status === 'OPEN'),
  returned: (o) => o.returns.some((r) => r.status === 'CLOSED'),
};

function term(text: string): Predicate {
  const m = TERM.exec(text);
  if (!m) throw new Refusal(`The fake does not understand the search term ${text}`, 'BAD_REQUEST');
  const [, negate, field = '', op = '', value = ''] = m;
  let p: Predicate;
  if (field === 'updated_at') p = timeTerm((o) => o.updatedAt, op, value);
  else if (field === 'created_at' || field === 'processed_at') p = timeTerm((o) => o.createdAt, op, value);
  else if (field === 'return_status' && RETURN_STATUS[value]) p = RETURN_STATUS[value];
  else if (field === 'status' && value === 'cancelled') p = (o) => o.cancelledAt !== null;
  else if (field === 'status' && value === 'open') p = (o) => o.cancelledAt === null;
  else throw new Refusal(`The fake does not understand the search term ${text}`, 'BAD_REQUEST');
  return negate ? (o) => !p(o) : p;
}

export function orderFilter(query: string | null | undefined): Predicate {
  const terms = (query ?? '')
    .split(/\s+AND\s+|\s+/)
    .map((t) => t.trim())
    .filter(Boolean)
    .map(term);
  return (o) => terms.every((t) => t(o));
}
