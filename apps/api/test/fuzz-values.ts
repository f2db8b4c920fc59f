import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Hostile inputs for the contract fuzz test (fuzz.test.ts), and arbitraries that read a contract's zod schema
 * to build requests that are mostly plausible with hostile values planted in them: a request that is wholly
 * wrong stops at validation, one that is nearly right reaches the handler, the service and the database.
 * Bodies are built as JSON text, not objects, so that `__proto__` keys and duplicate keys reach the server.
 */

/** Text that has broken servers: number look-alikes, injections, odd unicode, prototype names. */
export const HOSTILE_STRINGS: readonly string[] = [
  // empty, blank and number look-alikes
  '',
  ' ',
  ' \t\n ',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '0x1F',
  '1e309',
  '-1',
  '-0',
  '1,5',
  '1.',
  '.5',
  '+1',
  '1_000',
  '9'.repeat(40),
  '-99999999999999999999.99999999',
  '0.000000000000000000001',
  '١٢٣',
  '１２３',
  '2026-02-30',
  '0000-00-00',
  '99999-12-31',
  '2026-13-01T25:61:61Z',
  // SQL, LIKE and HTML/script injection
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)--',
  "') UNION SELECT password_hash FROM users --",
  '\\',
  '%',
  '_',
  '%_%\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  'javascript:alert(1)',
  "=cmd|' /C calc'!A0",
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}',
  // path traversal and file names
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/etc/passwd',
  'file:///etc/passwd',
  '%2e%2e%2f%2e%2e%2f',
  'CON',
  'a/b\\c:d*e?f"g<h>i|j',
  // format strings
  '%s%s%s%s%s%n',
  '%x%x%x%x',
  '{0}{1}{2}',
  '%d %i %f',
  // odd unicode: right-to-left override, zero-width, BOM, lone surrogates, NUL, control characters
  '\u202Eevil\u202C',
  'a\u200Bb\u200Cc\u200Dd',
  '\uFEFF',
  '\uD800',
  'x\uDFFFy',
  'a\u0000b',
  '\u0000',
  '\u0007\u0008\u001B[31mred',
  '\r\n',
  'line\nbreak',
  '\u2028\u2029',
  '\uFFFF\uFFFE',
  '𝕏😀👨‍👩‍👧',
  'e\u0301\u0301\u0301',
  'İıß',
  'Z̴̡̢̛̗̘̙̜̝̞̟̠̀́̂̃̄̅̆̇̈',
  // prototype and object-method names as values
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  // long text
  'x'.repeat(1_000),
  'y'.repeat(70_000),
];

/** JSON number texts, some of which JavaScript cannot hold exactly (1e400 parses to Infinity). */
export const HOSTILE_NUMBER_TEXTS: readonly string[] = [
  '-1',
  '0',
  '-0',
  '0.5',
  '-0.0001',
  '1e308',
  '-1e308',
  '1e400',
  '-1e400',
  '1e-400',
  '9007199254740993',
  '-9223372036854775809',
  '123456789012345678901234567890',
  '2147483648',
  '1.7976931348623157e308',
];

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

const str = (s: string) => JSON.stringify(s);

/** A JSON text from entries, keeping `__proto__` and duplicate keys as written. */
export const objectText = (entries: readonly (readonly [string, string])[]) =>
  `{${entries.map(([k, v]) => `${str(k)}:${v}`).join(',')}}`;

/** Nesting deeper than any schema expects, as array and as object. */
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** A hostile JSON value as text: wrong types, huge and negative numbers, hostile text, nesting. */
export const hostileJson: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map(str) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBER_TEXTS) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'null',
      'true',
      'false',
      '{}',
      '[]',
      '[null]',
      '[[]]',
      '{"":""}',
      '[1,"a",null,{}]',
      objectText([['__proto__', '{"isAdmin":true}']]),
      objectText([['constructor', '{"prototype":{"polluted":true}}']]),
      objectText([['prototype', '"x"']]),
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(deepArray(3_000), deepObject(3_000), deepArray(60_000)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      `[${Array.from({ length: 20_000 }, () => '"x"').join(',')}]`,
      `[${Array.from({ length: 5_000 }, () => '{"a":"b"}').join(',')}]`,
    ),
  },
);

/** What replaces a whole body: anything at all, prototype pollution, oversized and malformed JSON. */
export function hostileBodyText(plausibleKeys: readonly string[]): fc.Arbitrary<string> {
  const keys = plausibleKeys.length ? plausibleKeys : ['name'];
  return fc.oneof(
    { weight: 4, arbitrary: hostileJson },
    {
      weight: 3,
      // prototype keys beside the real ones, and the real ones repeated
      arbitrary: fc
        .tuple(fc.constantFrom(...PROTOTYPE_KEYS), hostileJson, fc.constantFrom(...keys), hostileJson)
        .map(([pk, pv, k, v]) =>
          objectText([
            [k, v],
            [pk, pv],
            [k, '"dup"'],
          ]),
        ),
    },
    {
      weight: 1,
      // beyond the 1 MB body limit
      arbitrary: fc.constantFrom(
        objectText([[keys[0] ?? 'name', str('z'.repeat(1_100_000))]]),
        `[${'"0123456789",'.repeat(90_000)}"end"]`,
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{', '{"a":}', "{'a':1}", '[1,]', 'NaN', '\u0000', '{"a":1}garbage', 'undefined'),
    },
  );
}

/** The loose view of a zod 4 schema's definition that this file walks. */
interface LooseDef {
  type: string;
  checks?: { _zod: { def: LooseCheck } }[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  left?: z.ZodType;
  getter?: () => z.ZodType;
  format?: string;
  pattern?: RegExp;
  coerce?: boolean;
  minimum?: number;
  maximum?: number;
}
interface LooseCheck {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
}

export const defOf = (s: z.ZodType): LooseDef => (s as unknown as { _zod: { def: LooseDef } })._zod.def;

/** Ids to use where a schema asks for a uuid: by the field or parameter's name, those of existing records. */
export type IdPicker = (fieldName: string) => readonly string[];

interface Ctx {
  ids: IdPicker;
  /** Odds (0–1) that a leaf is replaced by a hostile value. */
  hostility: number;
  depth: number;
}

/** Unwraps optional, nullable, default, pipes and the like to the schema that says what a value looks like. */
export function innerSchema(s: z.ZodType): z.ZodType {
  const d = defOf(s);
  if (d.innerType) return innerSchema(d.innerType);
  if (d.type === 'pipe' && d.in && d.out) return innerSchema(defOf(d.in).type === 'transform' ? d.out : d.in);
  if (d.type === 'lazy' && d.getter) return innerSchema(d.getter());
  return s;
}

/** The keys of an object schema (after unwrapping), or none. */
export function objectKeys(s: z.ZodType | undefined): string[] {
  if (!s) return [];
  const d = defOf(innerSchema(s));
  return d.type === 'object' && d.shape ? Object.keys(d.shape) : [];
}

function stringArb(d: LooseDef, name: string, ctx: Ctx): fc.Arbitrary<string> {
  let min = 0;
  let max: number | undefined;
  let pattern: RegExp | undefined = d.pattern;
  let format = d.format;
  for (const c of d.checks ?? []) {
    const cd = c._zod.def;
    if (cd.check === 'min_length' && cd.minimum !== undefined) min = cd.minimum;
    if (cd.check === 'max_length' && cd.maximum !== undefined) max = cd.maximum;
    if (cd.check === 'length_equals' && cd.value !== undefined) min = max = cd.value;
    if (cd.check === 'string_format') {
      format = cd.format ?? format;
      if (cd.pattern) pattern = cd.pattern;
    }
  }
  if (format === 'uuid' || format === 'guid') {
    const known = ctx.ids(name);
    return known.length ? fc.oneof(fc.constantFrom(...known), fc.uuid({ version: 4 })) : fc.uuid({ version: 4 });
  }
  if (format === 'email') return fc.constantFrom('fuzz@example.test', 'a.b+c@example.co.uk');
  if (format === 'url') return fc.constantFrom('https://example.test/x', 'https://example.test/{tracking}');
  if (pattern?.source.includes('\\d{4}-\\d{2}-\\d{2}'))
    return fc
      .date({ min: new Date('2024-01-01'), max: new Date(), noInvalidDate: true })
      .map((day) => day.toISOString().slice(0, 10));
  if (pattern) {
    // Generated to the pattern, then cut or padded to the length checks (a pattern rarely contradicts them).
    const upTo = max ?? Number.POSITIVE_INFINITY;
    return fc
      .stringMatching(pattern, { size: 'xsmall' })
      .map((s) => (s.length > upTo ? s.slice(0, upTo) : s))
      .map((s) => (s.length < min ? s.padEnd(min, s.at(-1) ?? 'A') : s));
  }
  const longest = Math.max(min, Math.min(max ?? 40, 40));
  return fc
    .string({ minLength: min, maxLength: longest, unit: 'grapheme-ascii' })
    .map((s) => (s.trim().length >= min ? s : `${s.trim()}${'F'.repeat(min)}`.slice(0, Math.max(min, max ?? min))));
}

function numberArb(d: LooseDef): fc.Arbitrary<number> {
  let min = -1_000;
  let max = 1_000;
  let isInt = false;
  for (const c of d.checks ?? []) {
    const cd = c._zod.def;
    if (cd.check === 'greater_than' && cd.value !== undefined) min = Math.max(min, cd.value + (cd.inclusive ? 0 : 1));
    if (cd.check === 'less_than' && cd.value !== undefined) max = Math.min(max, cd.value - (cd.inclusive ? 0 : 1));
    if (cd.check === 'number_format' && /int/.test(cd.format ?? '')) isInt = true;
  }
  if (max < min) max = min;
  return isInt ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
}

/** A plausible value (as JSON text) for `s`, with hostile values planted at some leaves. */
function valueArb(s: z.ZodType, name: string, ctx: Ctx): fc.Arbitrary<string> {
  const plain = plausibleArb(s, name, { ...ctx, depth: ctx.depth + 1 });
  const d = defOf(innerSchema(s));
  const isLeaf = d.type !== 'object' && d.type !== 'array';
  const hostileWeight = Math.round(ctx.hostility * 100);
  if (hostileWeight === 0) return plain;
  return fc.oneof(
    { weight: 100 - hostileWeight, arbitrary: plain },
    { weight: isLeaf ? hostileWeight : Math.ceil(hostileWeight / 3), arbitrary: hostileJson },
  );
}

function plausibleArb(s: z.ZodType, name: string, ctx: Ctx): fc.Arbitrary<string> {
  const d = defOf(s);
  if (ctx.depth > 8) return fc.constant('null');
  switch (d.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return d.innerType ? plausibleArb(d.innerType, name, ctx) : fc.constant('null');
    case 'pipe':
      if (!d.in || !d.out) return fc.constant('null');
      return plausibleArb(defOf(d.in).type === 'transform' ? d.out : d.in, name, ctx);
    case 'lazy':
      return d.getter ? plausibleArb(d.getter(), name, ctx) : fc.constant('null');
    case 'string':
      return stringArb(d, name, ctx).map(str);
    case 'number':
      return numberArb(d).map((n) => JSON.stringify(n));
    case 'int':
      return fc.integer({ min: 0, max: 1_000 }).map(String);
    case 'boolean':
      return fc.boolean().map(String);
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries ?? { x: 'x' })).map((v) => JSON.stringify(v));
    case 'literal':
      return fc.constantFrom(...(d.values ?? [null])).map((v) => JSON.stringify(v) ?? 'null');
    case 'null':
      return fc.constant('null');
    case 'array': {
      let min = 0;
      let max = 3;
      for (const c of d.checks ?? []) {
        const cd = c._zod.def;
        if (cd.check === 'min_length' && cd.minimum !== undefined) min = cd.minimum;
        if (cd.check === 'max_length' && cd.maximum !== undefined) max = Math.min(max, cd.maximum);
      }
      if (!d.element) return fc.constant('[]');
      return fc
        .array(valueArb(d.element, name, ctx), { minLength: Math.min(min, 5), maxLength: Math.max(min, max) })
        .map((items) => `[${items.join(',')}]`);
    }
    case 'tuple':
      return fc.tuple(...(d.items ?? []).map((i) => valueArb(i, name, ctx))).map((items) => `[${items.join(',')}]`);
    case 'object': {
      const shape = d.shape ?? {};
      const fields = Object.entries(shape).map(([key, field]) => {
        const optional = defOf(field).type === 'optional' || defOf(field).type === 'default';
        const value = valueArb(field, key, ctx);
        return (optional ? fc.option(value, { nil: undefined }) : value).map((v) => [key, v] as const);
      });
      return fc
        .tuple(...fields)
        .map((entries) => objectText(entries.filter((e): e is readonly [string, string] => e[1] !== undefined)));
    }
    case 'record':
      return fc
        .array(
          fc.tuple(fc.constantFrom('a', 'KEY', 'x-1'), d.valueType ? valueArb(d.valueType, name, ctx) : hostileJson),
          {
            maxLength: 3,
          },
        )
        .map(objectText);
    case 'union':
      return d.options?.length ? fc.oneof(...d.options.map((o) => plausibleArb(o, name, ctx))) : fc.constant('null');
    case 'intersection':
      return d.left ? plausibleArb(d.left, name, ctx) : fc.constant('{}');
    case 'date':
      return fc.constant(str('2026-01-15'));
    default:
      // unknown, any, custom, bigint, transform: anything JSON
      return fc.oneof(fc.constant('null'), fc.constant('{}'), fc.constant(str('x')), hostileJson);
  }
}

/** `value` as JSON text with the value at `at` replaced by `replacement` (keys kept as written). */
function textWith(value: unknown, at: readonly string[] | null, replacement: string): string {
  if (at && at.length === 0) return replacement;
  const below = (key: string) => (at && at[0] === key ? at.slice(1) : null);
  if (Array.isArray(value)) return `[${value.map((v, i) => textWith(v, below(String(i)), replacement)).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return objectText(Object.entries(value).map(([k, v]) => [k, textWith(v, below(k), replacement)] as const));
  return JSON.stringify(value) ?? 'null';
}

/** Every path in a JSON value, the whole excepted: where one hostile value is planted. */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
}

/** A valid body (an existing record as its form would send it) with one value made hostile. */
export function mutatedArb(bases: readonly unknown[]): fc.Arbitrary<string> {
  return fc.constantFrom(...bases).chain((base) => {
    const paths = pathsOf(base);
    if (!paths.length) return hostileJson;
    return fc.oneof(
      {
        weight: 5,
        arbitrary: fc.tuple(fc.constantFrom(...paths), hostileJson).map(([at, v]) => textWith(base, at, v)),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(...PROTOTYPE_KEYS), hostileJson)
          .map(([k, v]) =>
            objectText([
              ...Object.entries(base as object).map(([bk, bv]) => [bk, textWith(bv, null, '')] as const),
              [k, v],
            ]),
          ),
      },
      { weight: 1, arbitrary: fc.constant(textWith(base, null, '')) },
    );
  });
}

/** A body for `schema`: mostly plausible with hostile leaves, or hostile as a whole; near-valid ones from `bases`. */
export function bodyArb(
  schema: z.ZodType | undefined,
  ids: IdPicker,
  bases: readonly unknown[] = [],
): fc.Arbitrary<string | undefined> {
  const keys = objectKeys(schema);
  if (!schema)
    return fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: hostileBodyText(keys) });
  // Few hostile leaves get past validation to the service more often; many test validation itself.
  return fc.oneof(
    ...(bases.length ? [{ weight: 5, arbitrary: mutatedArb(bases) }] : []),
    { weight: 2, arbitrary: plausibleArb(schema, 'body', { ids, hostility: 0, depth: 0 }) },
    { weight: 3, arbitrary: plausibleArb(schema, 'body', { ids, hostility: 0.06, depth: 0 }) },
    { weight: 2, arbitrary: plausibleArb(schema, 'body', { ids, hostility: 0.3, depth: 0 }) },
    { weight: 3, arbitrary: hostileBodyText(keys) },
  );
}

/** Path parts sent as they are, not encoded: malformed %-escapes, an encoded NUL, an over-long segment. */
export const RAW_PATH_PARTS: readonly string[] = [
  '%',
  '%E0%A4%A',
  '%zz',
  '%00',
  '%C0%AE%C0%AE',
  '%uD800',
  'x'.repeat(101),
];

/** A value for a path parameter: an existing record's id, a random uuid, or hostile text. */
export function paramArb(name: string, ids: IdPicker): fc.Arbitrary<string> {
  const known = ids(name);
  return fc.oneof(
    { weight: 3, arbitrary: known.length ? fc.constantFrom(...known) : fc.uuid({ version: 4 }) },
    { weight: 2, arbitrary: fc.uuid({ version: 4 }) },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        ...HOSTILE_STRINGS.filter((s) => s.length < 2_000 && s !== ''),
        ...RAW_PATH_PARTS,
        '00000000-0000-0000-0000-000000000000',
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
        '00000000-0000-4000-8000-00000000000G',
        '{00000000-0000-4000-8000-000000000000}',
        '1',
        'GBP',
        'gbp',
      ),
    },
  );
}

/** Query-string pairs: the schema's own keys with plausible or hostile text, plus hostile keys and repeats. */
export function queryArb(schema: z.ZodType | undefined, ids: IdPicker): fc.Arbitrary<[string, string][]> {
  // Mostly one hostile value among plausible ones (it reaches the query), sometimes many (validation).
  return fc.oneof(
    { weight: 3, arbitrary: queryArbWith(schema, ids, 1) },
    { weight: 2, arbitrary: queryArbWith(schema, ids, 3) },
  );
}

function queryArbWith(schema: z.ZodType | undefined, ids: IdPicker, hostileWeight: number) {
  const d = schema ? defOf(innerSchema(schema)) : undefined;
  const shape = d?.type === 'object' && d.shape ? d.shape : {};
  const hostileText = fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 2_000));
  const keyed = Object.entries(shape).map(([key, field]) =>
    fc
      .option(
        fc.oneof(
          {
            weight: 6,
            arbitrary: plausibleArb(field, key, { ids, hostility: 0, depth: 0 }).map((t) => {
              const v: unknown = JSON.parse(t);
              return typeof v === 'string' ? v : JSON.stringify(v);
            }),
          },
          { weight: hostileWeight, arbitrary: hostileText },
          { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBER_TEXTS) },
        ),
        { nil: undefined, freq: 2 },
      )
      .map((v) => (v === undefined ? [] : [[key, v] as [string, string]])),
  );
  const extras = fc.array(
    fc.oneof(
      fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS, 'toString', 'sort[]', 'page[0]', 'filter[a]', ''), hostileText),
      // a key given twice arrives as an array
      fc.tuple(fc.constantFrom(...Object.keys(shape), 'page', 'sort'), hostileText),
    ),
    { maxLength: hostileWeight > 1 ? 2 : 1 },
  );
  return fc.tuple(fc.tuple(...keyed), extras).map(([k, e]) => [...k.flat(), ...e]);
}

/** Percent-encodes text as UTF-8 (lone surrogates become U+FFFD, as a browser sends them). */
export function encodePart(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** `value` (an API answer) cut down to what `schema` (an input) reads; with or without its null fields. */
export function projectOnto(value: unknown, schema: z.ZodType, keepNulls: boolean): unknown {
  const d = defOf(innerSchema(schema));
  if (d.type === 'object' && d.shape && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(d.shape)) {
      const v = (value as Record<string, unknown>)[key];
      if (v === undefined || (v === null && !keepNulls)) continue;
      out[key] = projectOnto(v, field, keepNulls);
    }
    return out;
  }
  const element = d.element;
  if (d.type === 'array' && element && Array.isArray(value))
    return value.map((v) => projectOnto(v, element, keepNulls));
  return value;
}

/** A multipart/form-data body of one part, built by hand so that its names can be anything. */
export function multipartBody(field: string, fileName: string, content: Buffer, type: string) {
  const boundary = `----fuzz${Math.abs(content.length * 7919 + fileName.length)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    'utf8',
  );
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

/** A file upload with hostile names and contents: traversal, odd unicode, wrong types, empty, oversized. */
export function multipartArb(files: readonly Buffer[]): fc.Arbitrary<{ contentType: string; body: Buffer }> {
  return fc
    .record({
      field: fc.oneof(
        { weight: 4, arbitrary: fc.constant('file') },
        { weight: 1, arbitrary: fc.constantFrom('', 'files', '__proto__', 'file"; x="y') },
      ),
      fileName: fc.oneof(
        fc.constantFrom('stock.xlsx', 'photo.png', 'doc.pdf'),
        fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 2_000)).map((s) => `${s}.xlsx`),
      ),
      content: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...files) },
        { weight: 1, arbitrary: fc.constantFrom(Buffer.alloc(0), Buffer.alloc(11 * 1024 * 1024, 0x41)) },
        { weight: 2, arbitrary: fc.uint8Array({ maxLength: 512 }).map((a) => Buffer.from(a)) },
      ),
      type: fc.constantFrom(
        'application/octet-stream',
        'image/png',
        'text/html',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ),
    })
    .map(({ field, fileName, content, type }) => multipartBody(field, fileName, content, type));
}
