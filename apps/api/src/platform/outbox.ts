import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The transactional outbox: a business change records the events it causes in its own transaction, so an
 * event exists exactly when the change committed. The job runner (platform/jobs/) delivers each event at
 * least once to every handler registered for its type; a handler's effect and the record that it had the
 * event commit together, so a redelivery skips it and the effect happens once.
 */
export interface OutboxEvent {
  /** Dotted, past tense: 'stock.level_changed', 'document.status_changed'. */
  type: string;
  /** What it is about, e.g. `${productId}:${warehouseId}`; handlers may group by it. */
  key: string;
  payload: Record<string, unknown>;
}

/** An event as a handler receives it. */
export interface DeliveredEvent extends OutboxEvent {
  /** The outbox row's id (a bigint as a string): increasing in commit-ish order, unique. */
  id: string;
  createdAt: Date;
}

/**
 * Handles one event inside a transaction of its own (`db`): everything it writes commits with the record of its
 * delivery, or not at all. Throwing rolls that back and the event is offered again later (with backoff).
 */
export type EventHandler = (db: Transaction<Database>, event: DeliveredEvent) => Promise<void>;

export interface EventHandlerRegistration {
  type: string;
  /** Unique and stable: deliveries are recorded under it (renaming it redelivers every event of its type). */
  name: string;
  handle: EventHandler;
  /**
   * Whether the handler has anything to do now (the channels' stock handler: some listing exists). When every
   * handler of a type says no, its pending events are delivered to nobody in one statement, as a type nobody
   * listens to, instead of one transaction each (a posting of thousands of lines emits thousands).
   */
  activeWhen?: (db: Kysely<Database>) => Promise<boolean>;
}

/**
 * Writes an event in the caller's transaction (an INSERT, nothing else): a change that rolls back emits nothing.
 * Must be given the transaction of the change; the pool would commit the event on its own.
 */
export async function emitEvent(db: Kysely<Database>, event: OutboxEvent): Promise<void> {
  await emitEvents(db, [event]);
}

/** emitEvent of many events, in their order, in statements of 1000 (a posting of many products). */
export async function emitEvents(db: Kysely<Database>, events: OutboxEvent[]): Promise<void> {
  const first = events[0];
  if (!first) return;
  if (!db.isTransaction)
    throw new Error(
      `emitEvent(${first.type}) needs the change's transaction, not the pool: the event must commit with it.`,
    );
  for (let i = 0; i < events.length; i += 1000)
    await db
      .insertInto('outbox_events')
      .values(events.slice(i, i + 1000).map((e) => ({ type: e.type, key: e.key, payload: JSON.stringify(e.payload) })))
      .execute();
}

/** The handlers of one server, by event type. Areas add theirs at start-up through the job runner. */
export class EventHandlers {
  private readonly byType = new Map<string, EventHandlerRegistration[]>();
  private readonly kept = new Set<string>();

  /**
   * Events of this type are kept PENDING until a handler for it is registered, instead of being delivered to nobody:
   * messages for a party whose handler comes later (a sales channel's connector) are neither lost nor retried as
   * failures meanwhile; a server that registers the handler delivers them, oldest first.
   */
  keepUntilHandled(type: string): void {
    this.kept.add(type);
  }

  /** The types kept for a handler to come (see `keepUntilHandled`). */
  keptTypes(): string[] {
    return [...this.kept];
  }

  register(registration: EventHandlerRegistration): void {
    const list = this.byType.get(registration.type) ?? [];
    if (list.some((h) => h.name === registration.name))
      throw new Error(`An event handler named ${registration.name} is already registered for ${registration.type}.`);
    list.push(registration);
    this.byType.set(registration.type, list);
  }

  for(type: string): readonly EventHandlerRegistration[] {
    return this.byType.get(type) ?? [];
  }

  /** The event types some handler listens to. */
  types(): string[] {
    return [...this.byType.keys()];
  }
}
