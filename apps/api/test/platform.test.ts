import type { ErrorBody, RuntimeConfig } from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import type { FastifyError } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAppError } from '../src/app.ts';
import { type ApiClient, apiClient, clientWith, startTestApp, type TestApp } from './app.ts';

let ta: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  ta = await startTestApp({
    EDI_PORTAL_URL: 'https://edi.example.test',
    SETTLEMENT_NOTIFICATION_RECIPIENTS: 'a@example.test, b@example.test',
  });
  admin = (await clientWith(ta, ALL_PERMISSIONS)).api;
});
afterAll(() => ta.close());

describe('platform', () => {
  it('answers liveness and readiness', async () => {
    const anon = apiClient(ta);
    expect((await anon.get('/api/health')).body).toEqual({ status: 'ok' });
    expect((await anon.get('/api/ready')).body).toEqual({ status: 'ready', database: 'ok' });
  });

  it('gives the web app its configuration from the environment at run time', async () => {
    const res = await apiClient(ta).get<RuntimeConfig>('/api/config');
    expect(res.body).toMatchObject({
      apiBaseUrl: '/api/',
      ediPortalUrl: 'https://edi.example.test',
      settlementNotificationRecipients: ['a@example.test', 'b@example.test'],
      identityProvider: { realm: 'backoffice', clientId: 'backoffice-web', embedded: true, serverUrl: ta.baseUrl },
    });
  });

  it('carries a request id on every answer, taking the caller’s when given', async () => {
    const res = await fetch(`${ta.baseUrl}/api/health`, { headers: { 'x-request-id': 'trace-42' } });
    expect(res.headers.get('x-request-id')).toBe('trace-42');
    expect((await fetch(`${ta.baseUrl}/api/health`)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers bad input with 4xx and a code, never 500', async () => {
    const cases: [string, string, string | undefined, number, string][] = [
      ['POST', '/api/roles', '{"name": ', 400, 'INVALID_JSON'],
      ['POST', '/api/roles', '[]', 400, 'VALIDATION_FAILED'],
      ['POST', '/api/roles', JSON.stringify({ name: 'x'.repeat(81), permissions: [] }), 400, 'VALIDATION_FAILED'],
      ['POST', '/api/roles', JSON.stringify({ name: 'n', permissions: 'all' }), 400, 'VALIDATION_FAILED'],
      ['GET', '/api/roles/not-a-uuid', undefined, 400, 'VALIDATION_FAILED'],
      ['GET', '/api/roles?page=-1', undefined, 400, 'VALIDATION_FAILED'],
      ['GET', '/api/roles/00000000-0000-4000-8000-000000000000', undefined, 404, 'NOT_FOUND'],
      ['GET', '/api/nowhere', undefined, 404, 'ROUTE_NOT_FOUND'],
      [
        'POST',
        '/api/roles',
        JSON.stringify({ name: 'big', permissions: Array(600).fill('view_user') }),
        400,
        'VALIDATION_FAILED',
      ],
      [
        'POST',
        '/api/roles',
        JSON.stringify({ name: 'x', description: 'y'.repeat(2_000_000), permissions: [] }),
        413,
        'PAYLOAD_TOO_LARGE',
      ],
    ];
    for (const [method, path, body, status, code] of cases) {
      const res = await admin.call<ErrorBody>(method, path, body);
      expect([res.status, res.body.code], `${method} ${path}`).toEqual([status, code]);
      expect(typeof res.body.message).toBe('string');
    }
    const res = await fetch(`${ta.baseUrl}/api/roles`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: '<x/>',
    });
    expect(res.status).toBeLessThan(500);
  });

  it('refuses in words a value on which a contract check threw, instead of the server error answer', () => {
    const thrown = Object.assign(new Error('[DecimalError] Invalid argument: abc'), {
      code: 'FST_ERR_VALIDATION',
      statusCode: 500,
      validationContext: 'body',
    });
    const answer = toAppError(thrown as unknown as FastifyError);
    expect([answer.status, answer.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(answer.message).toMatch(/not valid/);
  });

  it('takes a DELETE that says JSON but has no body, as the web app sends every request as JSON', async () => {
    const role = await admin.post<{ id: string }>('/api/roles', { name: 'Short-lived', permissions: [] });
    const res = await admin.call('DELETE', `/api/roles/${role.body.id}`, undefined, {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(200);
  });

  it('serves the OpenAPI document with each route’s permission', async () => {
    const res = await apiClient(ta).get<{ paths: Record<string, Record<string, { description: string }>> }>(
      '/api/docs/json',
    );
    expect(res.status).toBe(200);
    expect(res.body.paths['/api/roles']?.post?.description).toMatch(/Permission: add_role/);
  });

  it('answers 401 for a forged or expired token', async () => {
    const forged = apiClient(ta, 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln');
    const res = await forged.get<ErrorBody>('/api/me');
    expect([res.status, res.body.code]).toEqual([401, 'UNAUTHENTICATED']);
  });
});
