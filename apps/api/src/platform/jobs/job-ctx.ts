import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { writeAudit } from '../audit.ts';
import type { AuthUser } from '../auth.ts';
import type { Ctx } from '../routes.ts';

/**
 * A request-like context for the services a job calls (customers, invoices, booking), in the job's transaction:
 * the user it acts for (the one who started it, or the account a channel's work runs under) with the permissions
 * the job's work needs, and its audit rows under that user.
 */
export function jobCtx(
  db: Kysely<Database>,
  user: { id: string; username: string },
  requestId: string | null,
  permissions: Iterable<string> = [],
): Ctx {
  const authUser: AuthUser = {
    id: user.id,
    username: user.username,
    name: user.username,
    email: '',
    permissions: new Set(permissions),
  };
  return {
    db,
    user: authUser,
    requestId: requestId ?? '',
    get request(): FastifyRequest {
      throw new Error('a job has no request');
    },
    get reply(): FastifyReply {
      throw new Error('a job has no reply');
    },
    audit: (e) => writeAudit(db, { user, requestId, ...e }),
  };
}
