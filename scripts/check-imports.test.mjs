import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { importsOf, TREES, unitOf, violationsIn } from './check-imports.mjs';

/** A small tree: db below platform below two areas below the app. */
const TREE = {
  root: 'src',
  layers: [
    { name: 'db', why: '', units: ['db'] },
    { name: 'platform', why: '', units: ['platform'] },
    { name: 'areas', why: '', units: ['domains/*'], entry: ['index.ts'] },
    { name: 'app', why: '', units: ['app.ts'] },
  ],
};

const check = (files) => violationsIn(TREE, new Map(Object.entries(files)));
const rules = (files) => check(files).map((v) => `${v.file}:${v.line} ${v.rule}`);

describe('importsOf', () => {
  it('finds static, type, re-export, side-effect and dynamic imports, not text in comments or strings', () => {
    const text = [
      "import a from './a.ts';",
      "import type { B } from '../b.ts';",
      "export * from './c.ts';",
      "export { d } from './d.ts';",
      "import './side.css';",
      "const e = lazy(() => import('./e.tsx'));",
      "// import z from './comment.ts';",
      'const s = "import y from \'./string.ts\'";',
      "import { useState } from 'react';",
    ].join('\n');
    assert.deepEqual(importsOf(text), [
      { specifier: './a.ts', line: 1 },
      { specifier: '../b.ts', line: 2 },
      { specifier: './c.ts', line: 3 },
      { specifier: './d.ts', line: 4 },
      { specifier: './side.css', line: 5 },
      { specifier: './e.tsx', line: 6 },
    ]);
  });
});

describe('unitOf', () => {
  it('makes each folder under a starred unit a unit of its own, and files directly in it none', () => {
    assert.equal(unitOf(TREE, 'domains/products/product.service.ts')?.name, 'domains/products');
    assert.equal(unitOf(TREE, 'domains/readme.ts'), undefined);
    assert.equal(unitOf(TREE, 'platform/jobs/runner.ts')?.name, 'platform');
    assert.equal(unitOf(TREE, 'app.ts')?.layer.name, 'app');
    assert.equal(unitOf(TREE, 'apps.ts'), undefined);
  });
});

describe('violationsIn', () => {
  it('passes imports down the layers and into an area through its index.ts', () => {
    assert.deepEqual(
      rules({
        'db/db.ts': '',
        'platform/errors.ts': "import { Db } from '../db/db.ts';",
        'domains/products/index.ts': "export { x } from './product.service.ts';",
        'domains/products/product.service.ts': "import { conflict } from '../../platform/errors.ts';",
        'domains/transfers/index.ts': "import { x } from '../products/index.ts';",
        'app.ts': "import { x } from './domains/transfers/index.ts';\nimport('./domains/products/index.ts');",
      }),
      [],
    );
  });

  it('refuses an import from a lower layer to a higher one, naming file, line and rule', () => {
    const found = check({
      'db/db.ts': '',
      'platform/multipart.ts': "import { a } from '../db/db.ts';\nimport { clean } from '../domains/uploads/index.ts';",
      'domains/uploads/index.ts': '',
    });
    assert.deepEqual(found, [
      {
        file: 'platform/multipart.ts',
        line: 2,
        specifier: '../domains/uploads/index.ts',
        rule: 'platform (layer "platform") may not import domains/uploads (layer "areas", higher)',
      },
    ]);
  });

  it("refuses an import of another area's inner file", () => {
    assert.deepEqual(
      rules({
        'domains/products/index.ts': '',
        'domains/products/product.repository.ts': '',
        'domains/stock/index.ts': '',
        'domains/stock/inventory.ts': "import { textMatches } from '../products/product.repository.ts';",
      }),
      ['domains/stock/inventory.ts:1 another area is imported only through domains/products/index.ts'],
    );
  });

  it('refuses every import that closes a cycle between folders of one layer', () => {
    assert.deepEqual(
      rules({
        'domains/a/index.ts': "import { b } from '../b/index.ts';",
        'domains/b/index.ts': "import { c } from '../c/index.ts';",
        'domains/c/index.ts': "import { a } from '../a/index.ts';",
        'domains/d/index.ts': "import { a } from '../a/index.ts';",
      }).sort(),
      [
        'domains/a/index.ts:1 domains/a → domains/b closes a cycle between domains/a, domains/b, domains/c',
        'domains/b/index.ts:1 domains/b → domains/c closes a cycle between domains/a, domains/b, domains/c',
        'domains/c/index.ts:1 domains/c → domains/a closes a cycle between domains/a, domains/b, domains/c',
      ],
    );
  });

  it('resolves imports without an extension and to a folder index', () => {
    assert.deepEqual(
      rules({
        'platform/errors.ts': "import { x } from '../domains/products';",
        'domains/products/index.ts': '',
      }),
      ['platform/errors.ts:1 platform (layer "platform") may not import domains/products (layer "areas", higher)'],
    );
  });

  it('refuses a file in no layer, and skips tests and imports that leave the tree', () => {
    assert.deepEqual(
      rules({
        'scripts/seed.ts': '',
        'domains/products/product.test.ts': "import { x } from '../stock/inner.ts';",
        'domains/products/index.ts': "import { db } from '../../../test/db.ts';",
      }),
      ['scripts/seed.ts:1 scripts/ is in no layer: add its folder to the layers in scripts/check-imports.mjs'],
    );
  });
});

describe('the layers', () => {
  it('list every unit once per tree, with a reason for every layer', () => {
    for (const tree of TREES) {
      const units = tree.layers.flatMap((layer) => layer.units);
      assert.equal(new Set(units).size, units.length, tree.root);
      for (const layer of tree.layers) assert.ok(layer.why.length > 10, `${tree.root}: ${layer.name}`);
    }
  });
});
