import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { jobCtx } from '../../platform/jobs/index.ts';
import type { Ctx } from '../../platform/routes.ts';
import type { AccountRow } from './account.repository.ts';

/**
 * What a channel's work does on its own (an order made an invoice and booked, a cancelled order cancelled, a return made a ticket) runs
 * under the person who set the account up, named in the log as the account ("Amazon UK (channel)"), with exactly
 * the permissions that work needs.
 */
const CHANNEL_WORK_PERMISSIONS = [
  'add_sales_invoice',
  'approve_sales_invoice',
  'cancel_sales_invoice',
  'add_customer',
  'add_return_ticket',
  'edit_return_ticket',
  'process_return_ticket',
];

export async function channelCtx(db: Kysely<Database>, account: AccountRow, requestId: string | null): Promise<Ctx> {
  let userId = account.created_by ?? account.updated_by;
  if (!userId) {
    const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
    userId = admin?.id ?? null;
  }
  if (!userId) throw new Error(`Account ${account.name} has no user to act for.`);
  return jobCtx(db, { id: userId, username: `${account.name} (channel)` }, requestId, CHANNEL_WORK_PERMISSIONS);
}
