#!/usr/bin/env node
/**
 * The import check: every import in apps/api/src and apps/web/src runs from a layer to the same or a lower
 * one, reaches into another area only through that area's entry file, and closes no cycle between folders.
 * `npm run check` runs it; it prints one line per violation and exits 1 when there is any.
 *
 * The layers are written down here and nowhere else, lowest first. A unit is a folder (or a file) whose
 * files may import each other freely; `units: ['domains/*']` makes each sub-folder a unit of its own.
 * Units listed with `entry` are areas: from outside, only those files of theirs may be imported. A file
 * in no unit is a violation too, so a new folder is placed in a layer when it is made. Tests
 * (`*.test.ts`, `*.test.tsx`) are not checked: they may reach into what they test.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** @typedef {{ name: string, why: string, units: string[], entry?: string[] }} Layer */
/** @typedef {{ root: string, layers: Layer[] }} Tree */

/** @type {Tree[]} */
export const TREES = [
  {
    root: 'apps/api/src',
    layers: [
      {
        name: 'base',
        why: 'the database (Kysely, schema, migrations) and the configuration read from the environment',
        units: ['db', 'config.ts'],
      },
      {
        name: 'platform',
        why: 'what every area uses and no area owns: errors, auth, routes, audit, paging, xlsx, uploads, business days, references, documents, jobs, pdf',
        units: ['platform'],
      },
      {
        name: 'services',
        why: 'areas every record stands on: sign-in, users, configuration and numbering, files, the import engine (products import through it), system logs, health, drafts of long forms',
        units: [
          'domains/identity',
          'domains/users',
          'domains/configuration',
          'domains/uploads',
          'domains/imports',
          'domains/system-logs',
          'domains/platform',
          'domains/drafts',
        ],
        entry: ['index.ts'],
      },
      {
        name: 'master data',
        why: 'the records documents refer to; they never know which documents do (document areas register that in platform/references.ts)',
        units: [
          'domains/master-data',
          'domains/currencies',
          'domains/carriers',
          'domains/partners',
          'domains/products',
          'domains/warehouses',
        ],
        entry: ['index.ts'],
      },
      {
        name: 'stock',
        why: 'the posting core: the ledger, levels, FIFO layers and reservations every stock document posts through',
        units: ['domains/stock'],
        entry: ['index.ts'],
      },
      {
        name: 'documents',
        why: 'areas whose documents move stock or hold master data: transfers, counts, bundling tasks, inventory imports, and later purchase orders, invoices, returns',
        units: [
          'domains/stock-transfers',
          'domains/stock-counts',
          'domains/bundles',
          'domains/inventory-imports',
          'domains/purchase-orders',
          'domains/goods-received-notes',
          'domains/purchase-invoices',
          'domains/consignment-invoices',
          'domains/rmas',
          'domains/settlements',
          'domains/purchasing-lookups',
          'domains/sales-invoices',
          'domains/pick-lists',
          'domains/ship-lists',
          'domains/shipping-claims',
          'domains/return-tickets',
          'domains/credit-notes',
        ],
        entry: ['index.ts'],
      },
      {
        name: 'channels',
        why: 'sales channels and carriers: accounts, connectors, orders in, stock, tracking and refunds out, labels; above the documents they create and report on',
        units: ['domains/channels'],
        entry: ['index.ts'],
      },
      {
        name: 'reports',
        why: 'read-only views across stock and documents, and the dashboards and analytics over them',
        units: ['domains/reports', 'domains/dashboards'],
        entry: ['index.ts'],
      },
      {
        name: 'composition',
        why: 'the one list of areas (app.ts), the server and the process entry',
        units: ['app.ts', 'server.ts', 'main.ts'],
      },
    ],
  },
  {
    root: 'apps/web/src',
    layers: [
      {
        name: 'static',
        why: 'texts per language and images, loaded by the i18n helper and components',
        units: ['locales', 'assets'],
      },
      {
        name: 'endpoints',
        why: 'endpoint descriptors generated from the contracts (method, path, what a change makes stale): data the helpers below the hooks may name',
        units: ['shared/api/descriptor.ts', 'shared/api/endpoints'],
      },
      {
        name: 'shared/lib',
        why: 'helpers without components of their own: HTTP, auth, i18n, dates, settings, permissions, query client',
        units: ['shared/lib'],
      },
      {
        name: 'shared/api',
        why: 'the query and mutation hooks on the descriptors, built on the HTTP helper',
        units: ['shared/api'],
      },
      {
        name: 'shared/ui',
        why: 'components without knowledge of any area: tables, forms, page header, kit, document kit, charts',
        units: ['shared/ui'],
      },
      {
        name: 'lookups',
        why: 'pickers and the lookup hooks behind them (products, warehouses, bins, brands, countries, users), which any area may use and hands to the kits (the lines editor of the document kit takes them as props)',
        units: ['lookups'],
      },
      {
        name: 'shell',
        why: 'the frame: menu, sidebar, navbar, breadcrumb, sign-in and permission guards, area routes',
        units: ['shell'],
      },
      {
        name: 'features',
        why: 'one folder per area, each a lazy chunk; another area is reached only through its index.ts or routes.tsx',
        units: ['features/*'],
        entry: ['index.ts', 'routes.tsx'],
      },
      {
        name: 'app',
        why: 'the router (the one list of areas), layouts and providers',
        units: ['app'],
      },
      {
        name: 'entry',
        why: 'reads the runtime configuration, signs in and renders',
        units: ['main.tsx', 'vite-env.d.ts'],
      },
    ],
  },
];

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const TEST = /\.test\.(ts|tsx|mts)$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];

/**
 * The unit a path (relative to its tree's root, with forward slashes) belongs to, with its layer, or
 * undefined when no layer lists it.
 * @param {Tree} tree
 * @param {string} rel
 */
export function unitOf(tree, rel) {
  for (const [index, layer] of tree.layers.entries()) {
    for (const unit of layer.units) {
      if (unit.endsWith('/*')) {
        const parent = unit.slice(0, -1);
        if (!rel.startsWith(parent)) continue;
        const child = rel.slice(parent.length).split('/')[0];
        // A file directly in the parent folder belongs to no area.
        if (!child || child === rel.slice(parent.length)) continue;
        return { name: parent + child, path: parent + child, layer, index };
      }
      if (rel === unit || rel.startsWith(`${unit}/`)) return { name: unit, path: unit, layer, index };
    }
  }
  return undefined;
}

/**
 * The relative imports of a source text: `import … from`, `import('…')`, `export … from`, side-effect imports.
 * Read with TypeScript's scanner, so text in comments and strings is not taken for an import.
 * @param {string} text
 */
export function importsOf(text) {
  const found = ts.preProcessFile(text, true, true).importedFiles;
  return found
    .filter((f) => f.fileName.startsWith('.'))
    .map((f) => ({ specifier: f.fileName, line: text.slice(0, f.pos).split('\n').length }));
}

/**
 * Every violation in a set of files of one tree.
 * @param {Tree} tree
 * @param {Map<string, string>} files relative path → text (paths relative to the tree's root)
 * @param {(rel: string) => boolean} [exists] whether a relative path is a file (defaults to `files`)
 * @returns {{ file: string, line: number, specifier: string, rule: string }[]}
 */
export function violationsIn(tree, files, exists = (rel) => files.has(rel)) {
  const violations = [];
  /** @type {Map<string, Map<string, { file: string, line: number, specifier: string }>>} unit → unit → first import */
  const edges = new Map();
  for (const [file, text] of files) {
    if (!SOURCE.test(file) || TEST.test(file)) continue;
    const from = unitOf(tree, file);
    if (!from) {
      violations.push({
        file,
        line: 1,
        specifier: '',
        rule: `${path.posix.dirname(file)}/ is in no layer: add its folder to the layers in scripts/check-imports.mjs`,
      });
      continue;
    }
    for (const { specifier, line } of importsOf(text)) {
      const joined = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier.split('?')[0]));
      if (joined.startsWith('../')) continue; // outside the tree (e.g. the API's test helpers)
      const target = RESOLVE_SUFFIXES.map((s) => joined + s).find((candidate) => exists(candidate)) ?? joined;
      const to = unitOf(tree, target);
      if (!to) {
        violations.push({ file, line, specifier, rule: `${target} is in no layer` });
        continue;
      }
      if (to.name === from.name) continue;
      if (to.index > from.index) {
        violations.push({
          file,
          line,
          specifier,
          rule: `${from.name} (layer "${from.layer.name}") may not import ${to.name} (layer "${to.layer.name}", higher)`,
        });
      }
      const entries = to.layer.entry;
      if (entries && !entries.some((entry) => target === `${to.path}/${entry}`)) {
        violations.push({
          file,
          line,
          specifier,
          rule: `another area is imported only through ${entries.map((e) => `${to.path}/${e}`).join(' or ')}`,
        });
      }
      const out = edges.get(from.name) ?? new Map();
      edges.set(from.name, out);
      if (!out.has(to.name)) out.set(to.name, { file, line, specifier });
    }
  }
  for (const component of cycles(edges)) {
    for (const a of component) {
      for (const [b, where] of edges.get(a) ?? []) {
        if (!component.has(b)) continue;
        violations.push({
          ...where,
          rule: `${a} → ${b} closes a cycle between ${[...component].sort().join(', ')}`,
        });
      }
    }
  }
  return violations;
}

/**
 * The strongly connected components of more than one unit (Tarjan): every edge inside one closes a cycle.
 * @param {Map<string, Map<string, unknown>>} edges
 */
function cycles(edges) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  /** @type {Set<string>[]} */
  const found = [];
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = new Set();
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.add(w);
      } while (w !== v);
      if (component.size > 1) found.push(component);
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** @param {string} dir @param {string} base @param {Map<string, string>} into */
function readTree(dir, base, into) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) readTree(full, base, into);
    else if (SOURCE.test(name))
      into.set(path.relative(base, full).split(path.sep).join('/'), readFileSync(full, 'utf8'));
  }
  return into;
}

function main() {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  let count = 0;
  for (const tree of TREES) {
    const base = path.join(repo, tree.root);
    const files = readTree(base, base, new Map());
    for (const v of violationsIn(tree, files)) {
      count++;
      const where = `${tree.root}/${v.file}:${v.line}`;
      console.error(v.specifier ? `${where} imports '${v.specifier}': ${v.rule}` : `${where}: ${v.rule}`);
    }
  }
  if (count) {
    console.error(`\n${count} import${count === 1 ? '' : 's'} against the layers (scripts/check-imports.mjs).`);
    process.exit(1);
  }
  console.log('Imports follow the layers.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
