import { CHANNEL_REFUND_EVENT } from '@backoffice/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * The refunds an approval queues for a channel (CHANNEL_REFUND_EVENT: an EBAY_REFUND, SHOPIFY_REFUND, AMAZON_REFUND
 * or TIKTOK_REFUND credit note) are for the sales channels' connectors, which will register their handler with
 * `app.jobs.on(CHANNEL_REFUND_EVENT, …)`. Until then the outbox keeps them PENDING, in order, rather than delivering
 * them to nobody: once a connector registers, every one of them reaches it, oldest first.
 */
export function registerChannelRefundEvents(app: FastifyInstance): void {
  app.jobs.events.keepUntilHandled(CHANNEL_REFUND_EVENT);
}
