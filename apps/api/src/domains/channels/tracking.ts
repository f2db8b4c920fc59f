import type { ChannelAccountType } from '@backoffice/contracts';
import type { Db } from '../../db/db.ts';
import type { JobContext } from '../../platform/jobs/index.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import type { AccountRow } from './account.repository.ts';
import { openAccount } from './account.service.ts';
import type { callLog } from './call-log.ts';
import { carrierModule } from './connectors/registry.ts';
import type { TrackingState } from './connectors/types.ts';
import { insertMessage } from './sync.repository.ts';

/**
 * Tracking (Royal Mail Sync and the other carriers' TRACKING stream): the carrier is asked about the parcels of
 * shipped invoices whose live labels it made and that are not yet delivered. A label is delivered when every one of
 * its parcels is; the invoice's sales channel account, if it came from one, then gets a STATUS_DELIVERED message.
 */

/** Labels older than this are no longer followed (a carrier keeps its events for about a month). */
const FOLLOW_DAYS = 45;
/** Tracking numbers asked per call, and labels read per run. */
const BATCH = 50;
const MAX_LABELS = 1000;

function undelivered(db: Db, accountId: string) {
  return db
    .selectFrom('shipping_labels as l')
    .innerJoin('sales_invoices as i', 'i.id', 'l.invoice_id')
    .select([
      'l.id',
      'l.tracking_numbers',
      'i.id as invoice_id',
      'i.number',
      'i.channel_account_id',
      'i.external_order_id',
    ])
    .where('l.account_id', '=', accountId)
    .where('l.status', '=', 'CREATED')
    .where('l.delivered_at', 'is', null)
    .where('i.shipped_at', 'is not', null)
    .where('l.created_at', '>=', new Date(Date.now() - FOLLOW_DAYS * 86_400_000))
    .orderBy('l.created_at')
    .limit(MAX_LABELS)
    .execute();
}

/** The latest delivery of the label's parcels, or null while one of them is not delivered. */
function deliveredAt(numbers: string[], states: Map<string, TrackingState>): Date | null {
  let latest: Date | null = null;
  for (const n of numbers) {
    const s = states.get(n);
    if (s?.status !== 'DELIVERED') return null;
    const at = s.deliveredAt ? new Date(s.deliveredAt) : new Date();
    if (!latest || at > latest) latest = at;
  }
  return latest;
}

/** One TRACKING run of a carrier account; answers how many labels it found delivered. */
export async function pullTracking(
  job: JobContext,
  box: SecretBox,
  account: AccountRow,
  log: ReturnType<typeof callLog>,
): Promise<number> {
  const module = carrierModule(account.type as ChannelAccountType);
  if (!module) throw Object.assign(new Error(`${account.type} accounts track no parcels.`), { permanent: true });
  const connector = module.create({ account: openAccount(box, account), sink: log.sink, signal: job.signal });
  const labels = (await undelivered(job.db, account.id)).filter((l) => l.tracking_numbers.length);
  const numbers = [...new Set(labels.flatMap((l) => l.tracking_numbers))];
  const states = new Map<string, TrackingState>();
  for (let i = 0; i < numbers.length; i += BATCH) {
    for (const s of await connector.track(numbers.slice(i, i + BATCH))) states.set(s.trackingNumber, s);
    job.progress(Math.min(i + BATCH, numbers.length), numbers.length);
  }
  let delivered = 0;
  await job.db.transaction().execute(async (tx) => {
    for (const l of labels) {
      const at = deliveredAt(l.tracking_numbers, states);
      if (!at) continue;
      // Marked once: a label another run marked meanwhile is left as it is.
      const marked = await tx
        .updateTable('shipping_labels')
        .set({ delivered_at: at })
        .where('id', '=', l.id)
        .where('delivered_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!marked) continue;
      delivered += 1;
      if (!l.channel_account_id) continue;
      await insertMessage(tx, {
        accountId: l.channel_account_id,
        direction: 'IN',
        operation: 'DELIVERY',
        processType: 'STATUS_DELIVERED',
        status: 'DONE',
        externalOrderId: l.external_order_id,
        salesInvoiceId: l.invoice_id,
        payload: {
          invoiceNumber: l.number,
          carrierAccount: account.name,
          trackingNumbers: l.tracking_numbers,
          deliveredAt: at.toISOString(),
        },
        result: { summary: `${l.tracking_numbers.join(', ')} delivered (${account.name})` },
      });
    }
    await log.flush(tx, null, job.job.requestId);
  });
  return delivered;
}
