import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/db.ts';
import type { DeliveredEvent, EventHandlers } from '../outbox.ts';
import { backoffDelay, errorText } from './backoff.ts';

export interface DeliveryOptions {
  /** Attempts per event before it is left FAILED (with the last error) for a person to look at. */
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Events taken per round. */
  batch: number;
}

/**
 * Delivers pending outbox events, each in one transaction of its own that locks the event row (SKIP LOCKED:
 * another server takes other events meanwhile). Each handler runs in a savepoint — a transaction nested in
 * that one — together with the record of its delivery, so:
 * - a handler that succeeded is recorded with its effect and skipped on any redelivery (its effect happens once);
 * - a handler that throws is rolled back alone, and the event is offered again later (with backoff);
 * - a server that dies mid-way rolls everything back and the event stays pending: nothing is lost.
 * Answers how many events it handled (delivered or not), so the caller knows whether to go on.
 */
export async function deliverPendingEvents(
  db: Db,
  handlers: EventHandlers,
  log: FastifyBaseLogger,
  opts: DeliveryOptions,
): Promise<number> {
  // Events nobody listens to are delivered to nobody, all at once (no handler: nothing to record per event).
  // Every server registers the same handlers, so what this one does not listen to, none does. Types kept for a
  // handler to come (EventHandlers.keepUntilHandled) stay PENDING instead, untouched, until one is registered.
  // A type whose every handler says it has nothing to do now is delivered like one nobody listens to.
  const idle: string[] = [];
  for (const type of handlers.types()) {
    const regs = handlers.for(type);
    if (!regs.every((r) => r.activeWhen)) continue;
    let active = false;
    for (const r of regs) if (await r.activeWhen?.(db)) active = true;
    if (!active) idle.push(type);
  }
  const types = handlers.types().filter((t) => !idle.includes(t));
  const unheard = [...types, ...handlers.keptTypes().filter((t) => !types.includes(t))];
  await db
    .updateTable('outbox_events')
    .set({ status: 'DELIVERED', delivered_at: sql`now()` })
    .where('status', '=', 'PENDING')
    .$if(unheard.length > 0, (q) => q.where('type', 'not in', unheard))
    .execute();
  if (!types.length) return 0;
  const candidates = await db
    .selectFrom('outbox_events')
    .select('id')
    .where('status', '=', 'PENDING')
    .where('type', 'in', types)
    .where('deliver_after', '<=', sql<Date>`now()`)
    .orderBy('id')
    .limit(opts.batch)
    .execute();
  let handled = 0;
  for (const { id } of candidates) if (await deliverOne(db, handlers, log, opts, id)) handled += 1;
  return handled;
}

async function deliverOne(
  db: Db,
  handlers: EventHandlers,
  log: FastifyBaseLogger,
  opts: DeliveryOptions,
  id: string,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('outbox_events')
      .selectAll()
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    // Another server has it, or delivered it since the list was read.
    if (!row) return false;
    const event: DeliveredEvent = {
      id: row.id,
      type: row.type,
      key: row.key,
      payload: (row.payload as Record<string, unknown> | null) ?? {},
      createdAt: new Date(row.created_at),
    };
    const done = new Set(
      (await tx.selectFrom('outbox_deliveries').select('handler').where('event_id', '=', id).execute()).map(
        (d) => d.handler,
      ),
    );
    const failures: string[] = [];
    for (const h of handlers.for(row.type)) {
      if (done.has(h.name)) continue;
      await sql`SAVEPOINT outbox_handler`.execute(tx);
      try {
        await h.handle(tx, event);
        await tx.insertInto('outbox_deliveries').values({ event_id: id, handler: h.name }).execute();
        await sql`RELEASE SAVEPOINT outbox_handler`.execute(tx);
      } catch (e) {
        await sql`ROLLBACK TO SAVEPOINT outbox_handler`.execute(tx);
        log.warn({ err: e, eventId: id, type: row.type, handler: h.name }, 'event handler failed');
        failures.push(`${h.name}: ${errorText(e)}`);
      }
    }
    const attempts = row.attempts + 1;
    if (!failures.length)
      await tx
        .updateTable('outbox_events')
        .set({ status: 'DELIVERED', attempts, delivered_at: sql`now()`, last_error: null })
        .where('id', '=', id)
        .execute();
    else {
      const giveUp = attempts >= opts.maxAttempts;
      if (giveUp) log.error({ eventId: id, type: row.type, failures }, 'event left undelivered after its last attempt');
      const delay = backoffDelay(attempts, opts.backoffBaseMs, opts.backoffMaxMs);
      await tx
        .updateTable('outbox_events')
        .set({
          status: giveUp ? 'FAILED' : 'PENDING',
          attempts,
          last_error: failures.join('; ').slice(0, 2000),
          deliver_after: sql`now() + make_interval(secs => ${delay / 1000})`,
        })
        .where('id', '=', id)
        .execute();
    }
    return true;
  });
}
