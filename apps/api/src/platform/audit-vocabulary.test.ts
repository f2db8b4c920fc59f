import path from 'node:path';
import * as contracts from '@backoffice/contracts';
import {
  ACTIVITY_SOURCES,
  type DocumentDef,
  IMPORT_KINDS,
  SIGN_IN_ACTIONS,
  SYSTEM_LOG_ACTIONS,
  SYSTEM_LOG_ENTITIES,
} from '@backoffice/contracts';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Every entity and action the API writes into the system log is in the contracts' lists (SYSTEM_LOG_ENTITIES,
 * SYSTEM_LOG_ACTIONS), so the web app has a word for each. The API's sources are read with TypeScript's checker:
 * each audit call's `action` and `entity` must have a string literal type (a literal, a constant, a union of
 * literals); a value only known at run time must be one of the few sites listed below, whose values are
 * derived from the contracts here.
 */

const SRC = path.resolve(import.meta.dirname, '..');
const entities = new Set<string>(SYSTEM_LOG_ENTITIES);
const actions = new Set<string>(SYSTEM_LOG_ACTIONS);

/** The documents of the kernel: their name is the entity and their steps the actions of their audit rows. */
const documents = (Object.entries(contracts) as [string, unknown][]).filter(
  (e): e is [string, DocumentDef] =>
    typeof e[1] === 'object' && e[1] !== null && 'statuses' in e[1] && 'actions' in e[1] && 'name' in e[1],
);

/** Sites whose entity or action is only known at run time (file, then the expression as written). */
const DYNAMIC: Record<string, () => { field: 'entity' | 'action'; values: string[] }> = {
  // The writer itself and the document kernel's one audit call: covered by the documents' test below.
  'platform/audit.ts e.action': () => ({ field: 'action', values: [] }),
  'platform/audit.ts e.entity': () => ({ field: 'entity', values: [] }),
  'platform/documents.ts change.action': () => ({ field: 'action', values: [] }),
  'platform/documents.ts doc.name': () => ({ field: 'entity', values: documents.map(([, d]) => d.name) }),
  // recordTransition: its action is typed as one of the definition's.
  'platform/documents.ts t.action': () => ({
    field: 'action',
    values: documents.flatMap(([, d]) => Object.keys(d.actions)),
  }),
  "domains/imports/import-run.service.ts `${kind === 'products' ? 'product' : kind}_import`": () => ({
    field: 'entity',
    values: IMPORT_KINDS.map((kind) => `${kind === 'products' ? 'product' : kind}_import`),
  }),
};

interface Site {
  file: string;
  line: number;
  field: 'entity' | 'action';
  values: string[];
}

let sites: Site[] = [];
const dynamicSeen = new Set<string>();
const problems: string[] = [];

/** Reads the API's sources once (a few seconds: the checker resolves every import). */
function scan() {
  const configPath = path.resolve(SRC, '../tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${configPath}`);
  const roots = parsed.fileNames.filter((f) => f.startsWith(SRC + path.sep) && !/\.test\.ts$/.test(f));
  const program = ts.createProgram(roots, parsed.options);
  const checker = program.getTypeChecker();
  const rootSet = new Set(roots.map((f) => path.resolve(f)));

  const literals = (node: ts.Node): string[] | undefined => {
    const type = checker.getTypeAtLocation(node);
    const parts = type.isUnion() ? type.types : [type];
    return parts.every((p) => p.isStringLiteral()) ? parts.map((p) => (p as ts.StringLiteralType).value) : undefined;
  };
  const calleeName = (call: ts.CallExpression) =>
    ts.isIdentifier(call.expression)
      ? call.expression.text
      : ts.isPropertyAccessExpression(call.expression)
        ? call.expression.name.text
        : '';

  for (const sf of program.getSourceFiles()) {
    if (!rootSet.has(path.resolve(sf.fileName))) continue;
    const file = path.relative(SRC, sf.fileName).split(path.sep).join('/');
    const at = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    const record = (field: 'entity' | 'action', node: ts.Node, expression: ts.Node) => {
      const values = literals(node);
      if (values) {
        sites.push({ file, line: at(node), field, values });
        return;
      }
      const key = `${file} ${expression.getText(sf)}`;
      const known = DYNAMIC[key];
      if (!known || known().field !== field) {
        problems.push(
          `${file}:${at(node)}: the ${field} ${expression.getText(sf)} is not a string literal type; write a literal or a constant (as const), or list the site in this test with its values`,
        );
        return;
      }
      dynamicSeen.add(key);
      sites.push({ file, line: at(node), field, values: known().values });
    };
    /** The `action` and `entity` of an audit entry written as an object literal. */
    const entry = (obj: ts.Expression | undefined, only: readonly ('entity' | 'action')[], call: string) => {
      if (!obj) return;
      if (!ts.isObjectLiteralExpression(obj)) {
        problems.push(`${file}:${at(obj)}: ${call} gets an entry that is not written out as an object literal`);
        return;
      }
      for (const p of obj.properties) {
        const name = p.name && ts.isIdentifier(p.name) ? p.name.text : undefined;
        if (name !== 'action' && name !== 'entity') continue;
        if (!only.includes(name)) continue;
        if (ts.isPropertyAssignment(p)) record(name, p.initializer, p.initializer);
        else if (ts.isShorthandPropertyAssignment(p)) record(name, p.name, p.name);
      }
    };
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const name = calleeName(node);
        // ctx.audit({...}) and audit functions handed on: entity and action.
        if (name === 'audit') entry(node.arguments[0], ['entity', 'action'], name);
        else if (name === 'writeAudit') entry(node.arguments[1], ['entity', 'action'], name);
        // A document's change: the entity is the document's name (checked with the documents).
        else if (name === 'auditDocument') {
          entry(node.arguments[2], ['action'], name);
          const doc = node.arguments[1];
          const def = doc && ts.isIdentifier(doc) ? documents.find(([exported]) => exported === doc.text) : undefined;
          if (def) sites.push({ file, line: at(node), field: 'entity', values: [def[1].name] });
          // The kernel's recordTransition, for any document.
          else if (file === 'platform/documents.ts')
            sites.push({ file, line: at(node), field: 'entity', values: documents.map(([, d]) => d.name) });
          else problems.push(`${file}:${at(node)}: auditDocument of something that is not a contracts document`);
        } else if (name === 'values' && /insertInto\(\s*'system_logs'\s*\)/.test(node.expression.getText(sf)))
          entry(node.arguments[0], ['entity', 'action'], "insertInto('system_logs')");
        // The batch writer (platform/audit.ts): the entity and action its rows are written with where it is called.
        else if (name === 'writeAudits' && file !== 'platform/audit.ts') {
          const found = new Set<string>();
          const inner = (n: ts.Node) => {
            if (ts.isPropertyAssignment(n) && ts.isIdentifier(n.name) && ['entity', 'action'].includes(n.name.text)) {
              found.add(n.name.text);
              record(n.name.text as 'entity' | 'action', n.initializer, n.initializer);
            }
            ts.forEachChild(n, inner);
          };
          for (const arg of node.arguments.slice(2)) inner(arg);
          if (found.size < 2)
            problems.push(`${file}:${at(node)}: writeAudits gets rows without an entity and an action written out`);
        }
      }
      // Rows written in SQL: the quoted names in the statement are entities.
      if (
        (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node) || ts.isStringLiteral(node)) &&
        /insert\s+into\s+system_logs\b/i.test(node.getText(sf)) &&
        // The batch writer's entities are its callers' (read at each writeAudits call above).
        file !== 'platform/audit.ts'
      ) {
        const quoted = [...node.getText(sf).matchAll(/'([a-z_]+)'/g)].map((m) => m[1] as string);
        if (!quoted.length) problems.push(`${file}:${at(node)}: a system-log row written in SQL names no entity`);
        sites.push({ file, line: at(node), field: 'entity', values: quoted });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
}

describe('system-log vocabulary', () => {
  beforeAll(() => {
    sites = [];
    scan();
  }, 60_000);

  it('reads the audit calls of every area (the scan itself works)', () => {
    expect(problems).toEqual([]);
    const files = new Set(sites.map((s) => s.file));
    // A few writers of every kind: ctx.audit, writeAudit, auditDocument, writeAudits (batches), insertInto.
    for (const file of [
      'domains/users/role.service.ts',
      'domains/identity/password-reset.ts',
      'domains/stock-transfers/transfer.service.ts',
      'domains/products/product.import.ts',
      'domains/sales-invoices/sales-invoice-upload.ts',
      'domains/identity/accounts.ts',
    ])
      expect(files, file).toContain(file);
    expect(sites.length).toBeGreaterThan(80);
    // Every listed run-time site still exists (else the list hides nothing and should shrink).
    expect([...dynamicSeen].sort()).toEqual(Object.keys(DYNAMIC).sort());
  });

  it('every entity and action an audit call writes is in the contracts lists', () => {
    const missing = sites.flatMap((s) =>
      s.values
        .filter((v) => !(s.field === 'entity' ? entities : actions).has(v))
        .map(
          (v) =>
            `${s.file}:${s.line}: ${s.field} '${v}' (add it to packages/contracts/src/system-logs/log-vocabulary.ts)`,
        ),
    );
    expect(missing).toEqual([]);
  });

  it("every document's name and steps, the sign-in actions and the activity's entities are in the lists", () => {
    expect(documents.length).toBeGreaterThanOrEqual(4);
    for (const [, doc] of documents) {
      expect(entities, doc.name).toContain(doc.name);
      for (const action of Object.keys(doc.actions)) expect(actions, `${doc.name}.${action}`).toContain(action);
    }
    for (const action of SIGN_IN_ACTIONS) expect(actions, action).toContain(action);
    for (const entity of Object.keys(ACTIVITY_SOURCES)) expect(entities, entity).toContain(entity);
  });

  it('the lists hold nothing twice and only snake case', () => {
    for (const list of [SYSTEM_LOG_ENTITIES, SYSTEM_LOG_ACTIONS]) {
      expect(new Set(list).size).toBe(list.length);
      for (const name of list) expect(name).toMatch(/^[a-z]+(_[a-z]+)*$/);
    }
  });

  it('names nothing no code writes (every listed name is written somewhere)', () => {
    const written = { entity: new Set<string>(), action: new Set<string>() };
    for (const s of sites) for (const v of s.values) written[s.field].add(v);
    // Sign-out is a sign-in action the log knows of before anything writes it.
    const unused = [
      ...SYSTEM_LOG_ENTITIES.filter((e) => !written.entity.has(e)),
      ...SYSTEM_LOG_ACTIONS.filter((a) => !written.action.has(a) && a !== 'sign_out'),
    ];
    expect(unused).toEqual([]);
  });
});
