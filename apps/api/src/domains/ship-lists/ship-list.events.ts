import { CHANNEL_ORDER_EVENT } from '@backoffice/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * The channel messages a confirm queues (CHANNEL_ORDER_EVENT, process type STATUS_SHIPPED) are for the sales
 * channels' connectors, which come with the next issue and will register their handler for the type with
 * `app.jobs.on(CHANNEL_ORDER_EVENT, …)`. Until then the outbox keeps them PENDING (visible in `outbox_events`, in
 * order) rather than delivering them to nobody or failing them: once a connector's handler is registered, every one
 * of them is delivered to it, oldest first.
 */
export function registerChannelOrderEvents(app: FastifyInstance): void {
  app.jobs.events.keepUntilHandled(CHANNEL_ORDER_EVENT);
}
