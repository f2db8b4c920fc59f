import { compareDecimalText, withPlaces } from '@backoffice/contracts';
import { ConnectorError } from '../../../../platform/connectors/http.ts';
import type { ChannelRefund } from '../types.ts';
import { checkedMutation, type ShopifyClient } from './client.ts';
import { REFUND_CREATE, REFUND_STATE, type RefundCreateData, type RefundStateData } from './queries.ts';

/**
 * A refund is `refundCreate` with the money as a REFUND transaction against the order's payment and the lines it
 * covers (not restocked at Shopify: stock is ours and is pushed). 2025-01 takes no idempotency key for it, so the
 * credit note's number opens the refund's note and a refund whose note starts with it is the one already made.
 */

const SEPARATOR = ' — ';

const noteOf = (r: ChannelRefund) => (r.reason ? `${r.reference}${SEPARATOR}${r.reason}` : r.reference);
const referenceOf = (note: string | null) => (note ?? '').split(SEPARATOR)[0];

const refused = (message: string) => new ConnectorError(`refund: ${message}`, { status: 200, retryable: false });

/** Whole units only: "2", "2.0000". */
function wholeUnits(quantity: string): number | null {
  const m = /^(\d+)(?:\.0*)?$/.exec(quantity.trim());
  return m ? Number(m[1]) : null;
}

export async function refund(client: ShopifyClient, r: ChannelRefund): Promise<{ externalRefundId: string | null }> {
  let order: NonNullable<RefundStateData['order']> | null = null;
  return checkedMutation(
    client,
    async () => {
      const data = await client.request<RefundStateData>('refundState', REFUND_STATE, { id: r.externalOrderId });
      if (!data.order) throw refused(`Shopify has no order ${r.externalOrderId}.`);
      const made = data.order.refunds.find((x) => referenceOf(x.note) === r.reference);
      if (made) return { externalRefundId: made.id };
      order = data.order;
      return null;
    },
    async () => {
      const o = order!;
      if (o.currencyCode !== r.currency) {
        throw refused(`the refund is in ${r.currency} but the Shopify order ${o.id} is in ${o.currencyCode}.`);
      }
      const amount = withPlaces(r.amount, 2);
      const payment = o.transactions.find((t) => (t.kind === 'SALE' || t.kind === 'CAPTURE') && t.status === 'SUCCESS');
      const moneyBack = compareDecimalText(amount, '0') > 0;
      if (moneyBack && !payment) throw refused(`the Shopify order ${o.id} has no captured payment to refund.`);
      const refundLineItems = r.lines.flatMap((l) => {
        const quantity = wholeUnits(l.quantity);
        return l.externalLineId && quantity
          ? [{ lineItemId: l.externalLineId, quantity, restockType: 'NO_RESTOCK' }]
          : [];
      });
      const input = {
        orderId: o.id,
        note: noteOf(r),
        notify: false,
        refundLineItems,
        transactions:
          moneyBack && payment
            ? [{ orderId: o.id, parentId: payment.id, gateway: payment.gateway ?? '', kind: 'REFUND', amount }]
            : [],
      };
      const data = await client.request<RefundCreateData>('refund', REFUND_CREATE, { input }, true);
      const errors = data.refundCreate?.userErrors ?? [];
      const made = data.refundCreate?.refund;
      if (errors.length || !made) {
        throw refused(
          `Shopify refused the refund ${r.reference}: ${errors.map((e) => e.message).join('; ') || 'no refund made'}`,
        );
      }
      return { externalRefundId: made.id };
    },
  );
}
