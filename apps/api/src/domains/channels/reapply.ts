import type { Db } from '../../db/db.ts';
import { applyInboxOrder } from './orders-in.ts';
import { applyInboxReturn } from './returns-in.ts';
import * as repo from './sync.repository.ts';

/** The Retry job of an incoming message (an order or a return): its inbox row applied again, the message brought up to date. */
export async function reapplyJob(job: { db: Db; job: { payload: Record<string, unknown> } }) {
  const { accountId, inboxId, messageId } = job.job.payload as {
    accountId: string;
    inboxId: string;
    messageId: string;
  };
  const account = await job.db
    .selectFrom('channel_accounts')
    .selectAll()
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!account) return;
  const row = await repo.findInbox(job.db, inboxId);
  if (row?.kind === 'RETURN') await applyInboxReturn(job.db, account, inboxId, messageId);
  else await applyInboxOrder(job.db, account, inboxId, messageId);
}
