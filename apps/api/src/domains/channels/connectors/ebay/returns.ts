import { explained } from '../access-token.ts';
import type { ChannelReturn, Page } from '../types.ts';
import { type EbayApi, POST_ORDER } from './client.ts';
import { type EbayOrder, getOrder } from './orders.ts';

/**
 * Post-Order v2 return search. The published file names the call but describes neither its parameters nor its
 * answer: both are modelled on eBay's documentation (creation date range, page number and size; members with
 * their state and the returned item). A return names the listing (item id) and sale (transaction id), not the
 * SKU: the order says which of its lines that is.
 */

interface ReturnSummary {
  returnId: string;
  orderId: string;
  state?: string;
  status?: string;
  creationInfo?: {
    item?: { itemId?: string; transactionId?: string; returnQuantity?: number };
    reason?: string;
    creationDate?: { value?: string };
  };
}

const PAGE = 50;

function state(r: ReturnSummary): ChannelReturn['status'] {
  const s = `${r.state ?? ''} ${r.status ?? ''}`;
  if (/CANCEL/.test(s)) return 'CANCELLED';
  if (/CLOSED|REFUND_ISSUED|REFUND_SENT/.test(s)) return 'COMPLETED';
  return 'REQUESTED';
}

function line(r: ReturnSummary, order: EbayOrder | null): ChannelReturn['lines'][number] {
  const item = r.creationInfo?.item ?? {};
  const lines = order?.lineItems ?? [];
  const found =
    lines.find((l) => item.transactionId && l.lineItemId === item.transactionId) ??
    lines.find((l) => item.itemId && l.legacyItemId === item.itemId);
  return {
    externalLineId: found?.lineItemId ?? null,
    sku: found?.sku ?? item.itemId ?? '',
    quantity: item.returnQuantity ?? 1,
  };
}

/** Returns opened in [from, to), a page at a time (eBay's search filters on the date a return was opened). */
export async function listReturns(
  api: EbayApi,
  q: { updatedFrom: Date; updatedTo: Date; next: string | null },
): Promise<Page<ChannelReturn>> {
  const page = Number(q.next ?? 1);
  const res = await api
    .call(
      {
        operation: 'search',
        method: 'GET',
        path: `${POST_ORDER}/return/search`,
        query: {
          creation_date_range_from: q.updatedFrom.toISOString(),
          creation_date_range_to: q.updatedTo.toISOString(),
          limit: PAGE,
          offset: page,
        },
      },
      // The Post-Order API takes the OAuth user token under this scheme.
      'IAF',
    )
    .catch((e: unknown) => {
      throw explained(e, 'eBay did not list the returns');
    });
  const body = res.json<{ members?: ReturnSummary[]; total?: number }>();
  const orders = new Map<string, EbayOrder | null>();
  const items: ChannelReturn[] = [];
  for (const r of body.members ?? []) {
    const opened = r.creationInfo?.creationDate?.value ?? null;
    if (opened && Date.parse(opened) >= q.updatedTo.getTime()) continue;
    if (!orders.has(r.orderId)) orders.set(r.orderId, await getOrder(api, r.orderId).catch(() => null));
    items.push({
      externalReturnId: r.returnId,
      externalOrderId: r.orderId,
      status: state(r),
      updatedAt: opened ? new Date(opened).toISOString() : new Date(0).toISOString(),
      reason: r.creationInfo?.reason ?? null,
      lines: [line(r, orders.get(r.orderId) ?? null)],
    });
  }
  return { items, next: page * PAGE < (body.total ?? 0) ? String(page + 1) : null };
}
