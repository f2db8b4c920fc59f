import { readFile } from 'node:fs/promises';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse as parseYaml } from 'yaml';

/**
 * A published API contract (OpenAPI 3.0 JSON, or Swagger 2.0 JSON or YAML) made into what a fake needs: which
 * operation a method and path are, and whether a request or an answer keeps to it. Validators are compiled on first
 * use per operation; the providers' files use keywords and formats of their own, which are tolerated (strict: false).
 */

type Obj = Record<string, unknown>;

export interface OperationInfo {
  id: string;
  method: string;
  /** The path template with the document's base path, e.g. /sell/fulfillment/v1/order/{orderId}. */
  path: string;
  description: string;
}

export interface RequestParts {
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body; undefined when the request had none. */
  body: unknown;
  /** The request's content type; a body that is not JSON is only checked for presence. */
  contentType?: string | null;
}

export interface Contract {
  file: string;
  title: string;
  basePath: string;
  operations: OperationInfo[];
  operation(id: string): OperationInfo | undefined;
  match(method: string, pathname: string): { operation: string; params: Record<string, string> } | null;
  /** What breaks the operation's request rules, in words (empty: nothing). */
  checkRequest(operation: string, req: RequestParts): string[];
  /** What breaks the operation's answer for that status, in words (empty: nothing). */
  checkResponse(operation: string, status: number, body: unknown): string[];
  /** A validator of one of the document's own schemas, e.g. '#/definitions/Order'. */
  schemaCheck(pointer: string): (value: unknown) => string[];
}

export interface LoadOptions {
  /** Overrides the base path read from the document (Swagger basePath, OpenAPI servers[0]). */
  basePath?: string;
  /** Query parameters the operation does not declare are let through (documents that declare none). */
  allowUnknownQuery?: boolean;
}

interface Param {
  name: string;
  in: string;
  required: boolean;
  schema: Obj;
  /** How an array travels in one value (Swagger collectionFormat, OpenAPI explode: false). */
  split: string | null;
}

interface Op extends OperationInfo {
  raw: Obj;
  params: Param[];
  regex: RegExp;
  names: string[];
  rank: string;
}

interface Compiled {
  path: ValidateFunction | null;
  query: ValidateFunction | null;
  header: ValidateFunction | null;
  queryNames: Set<string>;
  body: { check: ValidateFunction | null; required: boolean; json: boolean } | null;
  responses: Map<string, ValidateFunction | null>;
}

const SCHEMA_ID = 'contract';
const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const PARAM_SCHEMA_KEYS = [
  'type',
  'format',
  'items',
  'enum',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'multipleOf',
];
const SPLITTERS: Record<string, string> = { csv: ',', ssv: ' ', tsv: '\t', pipes: '|' };

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The providers' schemas made acceptable to Ajv: Swagger's `file` type and `x-nullable`, OpenAPI 3.0's boolean
 * exclusive bounds and `nullable` without a type; references pointed at the document registered under SCHEMA_ID
 * when `external` (a schema compiled on its own).
 */
function sanitize(schema: unknown, external: boolean): unknown {
  if (Array.isArray(schema)) return schema.map((s) => sanitize(s, external));
  if (!isObj(schema)) return schema;
  const out: Obj = { ...schema };
  if (typeof out.$ref === 'string') {
    if (external && out.$ref.startsWith('#/')) out.$ref = `${SCHEMA_ID}${out.$ref}`;
    return { $ref: out.$ref };
  }
  if (typeof out.type === 'string' && !JSON_TYPES.has(out.type)) delete out.type;
  if (out['x-nullable'] === true) out.nullable = true;
  if (out.nullable === true && out.type === undefined) delete out.nullable;
  for (const [bound, plain] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[bound] === 'boolean') {
      if (out[bound] === true && typeof out[plain] === 'number') {
        out[bound] = out[plain];
        delete out[plain];
      } else delete out[bound];
    }
  }
  if (out.required !== undefined && !Array.isArray(out.required)) delete out.required;
  for (const k of ['properties', 'patternProperties', 'definitions', 'schemas']) {
    if (isObj(out[k]))
      out[k] = Object.fromEntries(Object.entries(out[k]).map(([name, s]) => [name, sanitize(s, external)]));
  }
  for (const k of ['items', 'additionalProperties', 'not', 'allOf', 'anyOf', 'oneOf']) {
    if (out[k] !== undefined && typeof out[k] !== 'boolean') out[k] = sanitize(out[k], external);
  }
  return out;
}

function words(where: string, errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => {
    const at = e.instancePath ? `${where}${e.instancePath}` : where;
    const p = e.params as Obj;
    const extra =
      e.keyword === 'additionalProperties'
        ? ` ('${String(p.additionalProperty)}')`
        : e.keyword === 'enum'
          ? ` (${JSON.stringify(p.allowedValues)})`
          : '';
    return `${at} ${e.message ?? e.keyword}${extra}`;
  });
}

function basePathOf(doc: Obj): string {
  let base = '';
  if (typeof doc.basePath === 'string') base = doc.basePath;
  else if (Array.isArray(doc.servers) && isObj(doc.servers[0])) {
    const server = doc.servers[0];
    let url = String(server.url ?? '');
    const vars = isObj(server.variables) ? server.variables : {};
    url = url.replace(/\{(\w+)\}/g, (_, v: string) => {
      const variable = vars[v];
      return isObj(variable) ? String(variable.default ?? '') : '';
    });
    try {
      base = new URL(url, 'http://host').pathname;
    } catch {
      base = '';
    }
  }
  return base.replace(/\/+$/, '');
}

function templateRegex(template: string): { regex: RegExp; names: string[]; rank: string } {
  const names: string[] = [];
  const segments = template.split('/').filter(Boolean);
  const source = segments
    .map((seg) =>
      seg
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const m = /^\{([^}]+)\}$/.exec(part);
          if (m?.[1]) {
            names.push(m[1]);
            return '([^/]+)';
          }
          return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join(''),
    )
    .join('/');
  // Literal segments before templated ones, so /return/search wins over /return/{returnId}.
  const rank = `${String(names.length).padStart(3, '0')}${segments.map((s) => (s.includes('{') ? '1' : '0')).join('')}`;
  return { regex: new RegExp(`^/${source}/?$`), names, rank };
}

class Document implements Contract {
  readonly title: string;
  readonly basePath: string;
  readonly operations: Op[];
  private readonly byId = new Map<string, Op>();
  private readonly compiled = new Map<string, Compiled>();
  private readonly ajv: Ajv;
  private readonly coercing: Ajv;
  private readonly openapi3: boolean;

  constructor(
    readonly file: string,
    private readonly doc: Obj,
    private readonly options: LoadOptions,
  ) {
    this.openapi3 = typeof doc.openapi === 'string';
    this.title = String((doc.info as Obj | undefined)?.title ?? file);
    this.basePath = (options.basePath ?? basePathOf(doc)).replace(/\/+$/, '');
    const shared = sanitize(
      {
        $id: SCHEMA_ID,
        definitions: doc.definitions ?? {},
        components: { schemas: (doc.components as Obj | undefined)?.schemas ?? {} },
      },
      false,
    ) as Obj;
    const make = (coerce: boolean) => {
      const ajv = new Ajv({
        strict: false,
        allErrors: true,
        logger: false,
        validateSchema: false,
        // Money as JSON numbers (19.99) is a multiple of 0.01 only within a float's precision.
        multipleOfPrecision: 6,
        ...(coerce ? { coerceTypes: 'array' as const } : {}),
      });
      addFormats(ajv);
      ajv.addSchema(shared);
      return ajv;
    };
    this.ajv = make(false);
    this.coercing = make(true);
    this.operations = this.readOperations();
    this.operations.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
    for (const op of this.operations) this.byId.set(op.id, op);
  }

  private deref(value: unknown): Obj {
    let v = value;
    for (let i = 0; i < 10 && isObj(v) && typeof v.$ref === 'string'; i++) {
      const pointer = v.$ref.replace(/^#\//, '').split('/');
      let target: unknown = this.doc;
      for (const key of pointer)
        target = isObj(target) ? target[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
      v = target;
    }
    return isObj(v) ? v : {};
  }

  private readOperations(): Op[] {
    const ops: Op[] = [];
    for (const [template, item] of Object.entries(isObj(this.doc.paths) ? this.doc.paths : {})) {
      if (!isObj(item)) continue;
      const shared = Array.isArray(item.parameters) ? item.parameters : [];
      for (const method of ['get', 'put', 'post', 'delete', 'patch', 'head', 'options']) {
        const raw = item[method];
        if (!isObj(raw) || typeof raw.operationId !== 'string') continue;
        const own = Array.isArray(raw.parameters) ? raw.parameters : [];
        const byKey = new Map<string, Obj>();
        for (const p of [...shared, ...own].map((x) => this.deref(x))) byKey.set(`${p.in}:${p.name}`, p);
        const path = this.basePath + template;
        ops.push({
          id: raw.operationId,
          method: method.toUpperCase(),
          path,
          description: typeof raw.description === 'string' ? raw.description : '',
          raw,
          params: [...byKey.values()].map((p) => this.param(p)),
          ...templateRegex(path),
        });
      }
    }
    return ops;
  }

  private param(p: Obj): Param {
    let schema: Obj;
    let split: string | null = null;
    if (this.openapi3 || p.in === 'body') schema = isObj(p.schema) ? p.schema : {};
    else {
      schema = Object.fromEntries(PARAM_SCHEMA_KEYS.filter((k) => p[k] !== undefined).map((k) => [k, p[k]]));
      if (schema.type === 'array' && p.collectionFormat !== 'multi')
        split = SPLITTERS[String(p.collectionFormat ?? 'csv')] ?? ',';
    }
    if (this.openapi3 && p.in === 'query' && p.explode === false) split = ',';
    return { name: String(p.name), in: String(p.in), required: p.required === true || p.in === 'path', schema, split };
  }

  operation(id: string): OperationInfo | undefined {
    return this.byId.get(id);
  }

  match(method: string, pathname: string): { operation: string; params: Record<string, string> } | null {
    const m = method.toUpperCase();
    for (const op of this.operations) {
      if (op.method !== m) continue;
      const found = op.regex.exec(pathname);
      if (!found) continue;
      const params: Record<string, string> = {};
      op.names.forEach((name, i) => {
        const raw = found[i + 1] ?? '';
        try {
          params[name] = decodeURIComponent(raw);
        } catch {
          params[name] = raw;
        }
      });
      return { operation: op.id, params };
    }
    return null;
  }

  private compileSchema(schema: unknown, coerce = false): ValidateFunction {
    return (coerce ? this.coercing : this.ajv).compile(sanitize(schema, true) as Obj);
  }

  private compiledOf(id: string): Compiled {
    const cached = this.compiled.get(id);
    if (cached) return cached;
    const op = this.byId.get(id);
    if (!op) throw new Error(`${this.title}: no operation ${id}`);
    const location = (where: string, lower: boolean): ValidateFunction | null => {
      const ps = op.params.filter((p) => p.in === where);
      if (!ps.length) return null;
      const key = (p: Param) => (lower ? p.name.toLowerCase() : p.name);
      return this.compileSchema(
        {
          type: 'object',
          properties: Object.fromEntries(ps.map((p) => [key(p), p.schema])),
          required: ps.filter((p) => p.required).map(key),
        },
        true,
      );
    };
    const c: Compiled = {
      path: location('path', false),
      query: location('query', false),
      header: location('header', true),
      queryNames: new Set(op.params.filter((p) => p.in === 'query').map((p) => p.name)),
      body: this.bodyOf(op),
      responses: new Map(),
    };
    this.compiled.set(id, c);
    return c;
  }

  private bodyOf(op: Op): Compiled['body'] {
    if (!this.openapi3) {
      const p = op.params.find((x) => x.in === 'body');
      if (p) return { check: this.compileSchema(p.schema), required: p.required, json: true };
      // Form fields and files are taken, not checked.
      const form = op.params.filter((x) => x.in === 'formData');
      return form.length ? { check: null, required: form.some((x) => x.required), json: false } : null;
    }
    if (op.raw.requestBody === undefined) return null;
    const rb = this.deref(op.raw.requestBody);
    const content = isObj(rb.content) ? rb.content : {};
    const jsonType = Object.keys(content).find((t) => t.includes('json'));
    const media = jsonType ? content[jsonType] : undefined;
    const schema = isObj(media) && isObj(media.schema) ? media.schema : null;
    return { check: schema ? this.compileSchema(schema) : null, required: rb.required === true, json: !!jsonType };
  }

  private responseCheck(op: Op, c: Compiled, status: number): ValidateFunction | null | undefined {
    const responses = isObj(op.raw.responses) ? op.raw.responses : {};
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => responses[k] !== undefined);
    if (!key) return undefined;
    if (!c.responses.has(key)) {
      const r = this.deref(responses[key]);
      let schema: unknown = r.schema;
      if (this.openapi3) {
        const content = isObj(r.content) ? r.content : {};
        const jsonType = Object.keys(content).find((t) => t.includes('json'));
        const media = jsonType ? content[jsonType] : undefined;
        schema = isObj(media) ? media.schema : undefined;
      }
      c.responses.set(key, isObj(schema) ? this.compileSchema(schema) : null);
    }
    return c.responses.get(key) ?? null;
  }

  checkRequest(id: string, req: RequestParts): string[] {
    const op = this.byId.get(id);
    if (!op) return [`${this.title}: no operation ${id}`];
    const c = this.compiledOf(id);
    const out: string[] = [];
    if (c.path && !c.path({ ...req.params })) out.push(...words(`${id}: path`, c.path.errors));
    const query: Obj = {};
    for (const name of new Set(req.query.keys())) {
      const param = op.params.find((p) => p.in === 'query' && p.name === name);
      if (!param) {
        if (!this.options.allowUnknownQuery) out.push(`${id}: query parameter '${name}' is not in the contract`);
        continue;
      }
      const values = req.query.getAll(name);
      if (param.schema.type === 'array')
        query[name] = param.split ? values.flatMap((v) => v.split(param.split ?? ',')) : values;
      else if (values.length > 1) out.push(`${id}: query parameter '${name}' is given ${values.length} times`);
      else query[name] = values[0];
    }
    if (c.query && !c.query(query)) out.push(...words(`${id}: query`, c.query.errors));
    if (c.header) {
      const headers: Obj = {};
      for (const [k, v] of Object.entries(req.headers))
        if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v[0] : v;
      if (!c.header(headers)) out.push(...words(`${id}: header`, c.header.errors));
    }
    if (c.body) {
      const isJson = !req.contentType || req.contentType.includes('json');
      if (req.body === undefined) {
        if (c.body.required) out.push(`${id}: the request has no body`);
      } else if (c.body.json && !isJson) out.push(`${id}: the body must be JSON, not ${req.contentType}`);
      else if (c.body.check && !c.body.check(req.body)) out.push(...words(`${id}: body`, c.body.check.errors));
    } else if (req.body !== undefined) out.push(`${id}: the operation takes no body`);
    return out;
  }

  checkResponse(id: string, status: number, body: unknown): string[] {
    const op = this.byId.get(id);
    if (!op) return [`${this.title}: no operation ${id}`];
    const check = this.responseCheck(op, this.compiledOf(id), status);
    if (check === undefined)
      return status < 300 ? [`${id}: answered ${status}, which the contract does not document`] : [];
    if (!check || body === undefined) return [];
    return check(body) ? [] : words(`${id}: answer ${status}`, check.errors);
  }

  schemaCheck(pointer: string): (value: unknown) => string[] {
    const check = this.compileSchema({ $ref: pointer });
    return (value) => (check(value) ? [] : words(pointer, check.errors));
  }
}

/** A JSON Schema file of its own (draft-07), e.g. Amazon's listings feed schema, as one validator. */
export async function loadJsonSchema(file: string): Promise<(value: unknown) => string[]> {
  const schema = JSON.parse(await readFile(file, 'utf8')) as Obj;
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false, validateSchema: false, multipleOfPrecision: 6 });
  addFormats(ajv);
  const { $schema: _ignored, ...rest } = schema;
  const check = ajv.compile(rest);
  const name = String(schema.title ?? file);
  return (value) => (check(value) ? [] : words(name, check.errors));
}

const loaded = new Map<string, Promise<Contract>>();

/** The contract of a file (parsed once per process and options). */
export function loadContract(file: string, options: LoadOptions = {}): Promise<Contract> {
  const key = `${file}|${JSON.stringify(options)}`;
  let p = loaded.get(key);
  if (!p) {
    p = readFile(file, 'utf8').then((text) => {
      const doc = (/\.ya?ml$/i.test(file) ? parseYaml(text) : JSON.parse(text)) as Obj;
      return new Document(file, doc, options);
    });
    loaded.set(key, p);
  }
  return p;
}
