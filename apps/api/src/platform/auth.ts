import { createLocalJWKSet, createRemoteJWKSet, type JSONWebKeySet, type JWTPayload, jwtVerify } from 'jose';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { writeAudit } from './audit.ts';
import { forbidden, unauthenticated } from './errors.ts';

export interface AuthUser {
  id: string;
  username: string;
  name: string;
  email: string;
  permissions: ReadonlySet<string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Verifies bearer tokens (signature by the issuer's JWKS, issuer, audience, expiry) and resolves the
 * product's user on every request, so a deactivated user or a changed role takes effect at once.
 */
export function createAuthenticator(config: Config, db: Db, embeddedJwks?: JSONWebKeySet) {
  const keys = embeddedJwks
    ? createLocalJWKSet(embeddedJwks)
    : createRemoteJWKSet(new URL(`${config.oidc.issuer}/protocol/openid-connect/certs`));

  async function verify(token: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: config.oidc.issuer,
        audience: config.oidc.audience,
        algorithms: ['RS256', 'ES256', 'PS256'],
      });
      return payload;
    } catch {
      throw unauthenticated('Your session has expired or the token is not valid. Sign in again.');
    }
  }

  async function findUser(claims: JWTPayload, requestId: string) {
    const sub = String(claims.sub ?? '');
    // One round trip per request: the user and their permissions together.
    const base = db
      .selectFrom('users')
      .select([
        'id',
        'username',
        'name',
        'email',
        'is_active',
        sql<
          string[]
        >`coalesce((SELECT array_agg(DISTINCT rp.permission) FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = users.id), '{}')`.as(
          'permissions',
        ),
      ]);
    if (config.oidc.embedded) return UUID.test(sub) ? base.where('id', '=', sub).executeTakeFirst() : undefined;
    const linked = await base.where('external_subject', '=', sub).executeTakeFirst();
    if (linked) return linked;
    // First sign-in through an external provider: link to the product's user by verified e-mail.
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined;
    if (!email || claims.email_verified !== true) return undefined;
    const linkedId = await db.transaction().execute(async (tx) => {
      const user = await tx
        .updateTable('users')
        .set({ external_subject: sub, updated_at: new Date() })
        .where(sql`lower(email)`, '=', email)
        .where('external_subject', 'is', null)
        .returning(['id', 'username'])
        .executeTakeFirst();
      if (user)
        await writeAudit(tx, {
          user,
          requestId,
          action: 'link_identity',
          entity: 'user',
          entityId: user.id,
          after: { externalSubject: sub, email },
        });
      return user?.id;
    });
    return linkedId === undefined ? undefined : base.where('id', '=', linkedId).executeTakeFirst();
  }

  return async function authenticate(authorization: string | undefined, requestId: string): Promise<AuthUser> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match?.[1]) throw unauthenticated();
    const claims = await verify(match[1]);
    const user = await findUser(claims, requestId);
    if (!user)
      throw forbidden(
        'Your sign-in is valid but no user of this product is linked to it.',
        undefined,
        'USER_NOT_PROVISIONED',
      );
    if (!user.is_active) throw unauthenticated('This account is deactivated.', 'USER_INACTIVE');
    return {
      id: user.id,
      username: user.username,
      name: user.name,
      email: user.email,
      permissions: new Set(user.permissions),
    };
  };
}
export type Authenticate = ReturnType<typeof createAuthenticator>;
