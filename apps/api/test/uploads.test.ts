import type { ErrorBody, UploadedFile } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { DOCX, PDF, PNG, XLSX, zip } from './fixtures.ts';

let ta: TestApp;
let alice: Awaited<ReturnType<typeof clientWith>>;
let bob: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  alice = await clientWith(ta, ['upload_file']);
  bob = (await clientWith(ta, ['upload_file'])).api;
});
afterAll(() => ta.close());

async function upload(token: string, name: string, content: Buffer | string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([content]), name);
  const res = await fetch(`${ta.baseUrl}/api/upload/uploadFile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=t0k3n', 'x-xsrf-token': 't0k3n' },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as UploadedFile & ErrorBody };
}
const countFiles = async () =>
  Number(
    (
      await ta.t.db
        .selectFrom('uploaded_files')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('uploads', () => {
  it('stores an image checked by content and serves it to its uploader only', async () => {
    const res = await upload(alice.tokens.accessToken, 'photo.PNG', PNG);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'png',
      contentType: 'image/png',
      originalName: 'photo.PNG',
      size: PNG.length,
    });
    expect(res.body.fileName).toMatch(/^[0-9a-f-]{36}\.png$/);
    const got = await fetch(`${ta.baseUrl}${res.body.url}`, {
      headers: { authorization: `Bearer ${alice.tokens.accessToken}` },
    });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await bob.get(res.body.url)).status).toBe(404);
    expect((await fetch(`${ta.baseUrl}${res.body.url}`)).status).toBe(401);
  });

  it('accepts pdf, .xlsx and .docx by what is inside them', async () => {
    for (const [name, content, kind] of [
      ['invoice.pdf', PDF, 'pdf'],
      ['prices.xlsx', XLSX, 'xlsx'],
      ['letter.docx', DOCX, 'docx'],
    ] as const) {
      const res = await upload(alice.tokens.accessToken, name, content);
      expect([res.status, res.body.kind], name).toEqual([201, kind]);
    }
  });

  it('refuses other content with 415 and a clear message, whatever the name says', async () => {
    const before = await countFiles();
    const cases: [string, Buffer | string, string][] = [
      ['tool.exe', Buffer.from('MZ\x90\x00binary'), 'FILE_TYPE_NOT_ACCEPTED'],
      ['fake.png', Buffer.from('MZ\x90\x00binary'), 'FILE_TYPE_NOT_ACCEPTED'],
      [
        'drawing.svg',
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        'FILE_TYPE_NOT_ACCEPTED',
      ],
      ['archive.xlsx', zip({ 'readme.txt': 'hello' }), 'FILE_TYPE_NOT_ACCEPTED'],
      ['notes.txt', 'just text', 'FILE_TYPE_NOT_ACCEPTED'],
      ['photo.pdf', PNG, 'FILE_NAME_MISMATCH'],
      ['sheet.docx', XLSX, 'FILE_NAME_MISMATCH'],
    ];
    for (const [name, content, code] of cases) {
      const res = await upload(alice.tokens.accessToken, name, content);
      expect([res.status, res.body.code], name).toEqual([415, code]);
      expect(res.body.message.length).toBeGreaterThan(20);
    }
    expect(await countFiles()).toBe(before);
  });

  it('refuses a file over 10 MB with 413, an empty or missing file with 400, and JSON with 415', async () => {
    const before = await countFiles();
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(alice.tokens.accessToken, 'big.pdf', big);
    expect([res.status, res.body.code]).toEqual([413, 'FILE_TOO_LARGE']);
    expect((await upload(alice.tokens.accessToken, 'empty.pdf', Buffer.alloc(0))).body.code).toBe('FILE_MISSING');
    expect((await upload(alice.tokens.accessToken, 'x.pdf', PDF, 'other')).body.code).toBe('FILE_MISSING');
    const json = await alice.api.post<ErrorBody>('/api/upload/uploadFile', { file: 'x' });
    expect(json.status).toBe(415);
    expect(await countFiles()).toBe(before);
  });

  it('lets the uploader remove an unused file, audited; others may not', async () => {
    const file = (await upload(alice.tokens.accessToken, 'gone.pdf', PDF)).body;
    const foreign = await bob.get<ErrorBody>(`/api/upload/removeFile?fileName=${file.fileName}`);
    expect([foreign.status, foreign.body.code]).toEqual([403, 'FILE_NOT_YOURS']);
    const removed = await alice.api.get(`/api/upload/removeFile?fileName=${file.fileName}`);
    expect(removed.status).toBe(200);
    expect((await alice.api.get(file.url)).status).toBe(404);
    expect((await alice.api.get(`/api/upload/removeFile?fileName=${file.fileName}`)).status).toBe(404);
    expect((await alice.api.get('/api/upload/removeFile?fileName=../../etc/passwd')).status).toBe(400);
    const log = await ta.t.db
      .selectFrom('system_logs')
      .select('action')
      .where('entity_id', '=', file.fileName)
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['upload', 'delete']);
  });

  it('refuses removal without the anti-forgery header, since it changes data', async () => {
    const file = (await upload(alice.tokens.accessToken, 'kept.pdf', PDF)).body;
    const res = await fetch(`${ta.baseUrl}/api/upload/removeFile?fileName=${file.fileName}`, {
      headers: { authorization: `Bearer ${alice.tokens.accessToken}` },
    });
    expect(res.status).toBe(403);
    expect((await alice.api.get(file.url)).status).toBe(200);
  });
});
