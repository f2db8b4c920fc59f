import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from './errors.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Hands out the anti-forgery cookie (readable by the web app, which echoes it in X-XSRF-TOKEN). */
export function issueXsrfCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean) {
  if (request.cookies[XSRF_COOKIE]) return;
  reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
    path: '/',
    sameSite: 'strict',
    secure,
    httpOnly: false,
  });
}

/** Double-submit check: a state-changing request carries the cookie's value in the header. */
export function checkXsrf(request: FastifyRequest, changesData = false) {
  if (SAFE_METHODS.has(request.method) && !changesData) return;
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[XSRF_HEADER];
  const ok =
    typeof cookie === 'string' &&
    typeof header === 'string' &&
    cookie.length > 0 &&
    cookie.length === header.length &&
    timingSafeEqual(Buffer.from(cookie), Buffer.from(header));
  if (!ok)
    throw forbidden(
      'The anti-forgery token is missing or does not match. Reload the page and try again.',
      undefined,
      'XSRF_TOKEN_INVALID',
    );
}
