import { ALL_PERMISSIONS, type Brand, CONTROL_CHARACTERS, type ErrorBody } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiRoutes } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

interface Field {
  where: string;
  key: string;
  schema: z.ZodType;
}
type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Every string field of a body schema, with the schema as its object holds it (optional, default and all). */
function stringFields(schema: z.ZodType, where: string, key: string, held: z.ZodType, out: Field[]): void {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>))
        stringFields(v, `${where}.${k}`, k, v, out);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      stringFields(def.innerType as z.ZodType, where, key, held, out);
      return;
    case 'pipe':
      stringFields(def.in as z.ZodType, where, key, held, out);
      return;
    case 'array':
      stringFields(def.element as z.ZodType, `${where}.0`, key, def.element as z.ZodType, out);
      return;
    case 'union':
      for (const option of def.options as z.ZodType[]) stringFields(option, where, key, held, out);
      return;
    case 'intersection':
      stringFields(def.left as z.ZodType, where, key, held, out);
      stringFields(def.right as z.ZodType, where, key, held, out);
      return;
    case 'lazy':
      stringFields((def.getter as () => z.ZodType)(), where, key, held, out);
      return;
    case 'string':
      out.push({ where, key, schema: held });
      return;
    default:
      return;
  }
}

/**
 * Codes and names, by their key: `code`, `name`, `sku`, `username` and anything ending in Code or Name, but a
 * stored upload's `fileName`, which the server generated (a uuid and .xlsx, its own pattern).
 */
const isCodeOrName = (key: string) => /^(code|name|sku|username)$|(Code|Name)$/.test(key) && key !== 'fileName';

const CONTROLS = ['\u0000', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u2028', '\u202e', '\u2066'];

const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:1' });
function codeAndNameFields(): Field[] {
  const out: Field[] = [];
  for (const { def } of apiRoutes(config))
    if (def.body) stringFields(def.body as z.ZodType, `${def.method} ${def.path} body`, '', def.body as z.ZodType, out);
  return out.filter((f) => isCodeOrName(f.key));
}

describe('codes and names in the contracts', () => {
  it('refuse control characters in every code and name field of every body, the found ones included', () => {
    const fields = codeAndNameFields();
    expect(fields.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const f of fields) {
      // A value the field takes as it is, so that a refusal below is the control character's doing.
      const base = ['Name', 'ABC', 'ABC123', 'abc'].find((b) => f.schema.safeParse(b).success);
      if (!base) {
        problems.push(`${f.where}: takes none of the sample values`);
        continue;
      }
      for (const c of CONTROLS) {
        const result = f.schema.safeParse(`${base.slice(0, 1)}${c}${base.slice(1)}`);
        if (result.success) problems.push(`${f.where} takes U+${c.codePointAt(0)?.toString(16).padStart(4, '0')}`);
        else expect(result.error.issues.length, f.where).toBeGreaterThan(0);
      }
    }
    expect(problems).toEqual([]);
  });

  it('keep letters of every script, accents, emoji joiners and the joiners some scripts need', () => {
    for (const text of ['Café Zoë', 'Ελληνικά', '東京 店', 'مشهد‌ها', '👩‍👩‍👧 Family', "O'Brien & Sons (UK) Ltd."])
      expect(CONTROL_CHARACTERS.test(text), text).toBe(false);
  });
});

let ta: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  admin = (await clientWith(ta, ALL_PERMISSIONS)).api;
});
afterAll(() => ta.close());

describe('a control character sent to the API', () => {
  it('is a field error, and nothing is written', async () => {
    for (const name of ['Bell\u0007Brand', 'Two\nLines', 'Evil\u202eemaN', 'Nul\u0000Brand']) {
      const res = await admin.post<ErrorBody>('/api/brands', { code: 'CTRL', name });
      expect([res.status, res.body.code], JSON.stringify(name)).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.body.details).toMatchObject({
        issues: [{ path: 'body.name', message: expect.stringMatching(/control/) }],
      });
    }
    const user = await admin.post<ErrorBody>('/api/users', {
      username: 'ctrl.user',
      name: 'Tab\there',
      email: 'c@example.test',
    });
    expect([user.status, user.body.details]).toMatchObject([400, { issues: [{ path: 'body.name' }] }]);
    expect(await ta.t.db.selectFrom('brands').where('code', '=', 'CTRL').execute()).toEqual([]);

    // Trimmed first: a line break pasted after the name is simply dropped.
    const ok = await admin.post<Brand>('/api/brands', { code: 'CTRL', name: 'Café Zoë\n' });
    expect([ok.status, ok.body.name]).toEqual([201, 'Café Zoë']);
  });
});
