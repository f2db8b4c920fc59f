import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ResolvedConfig } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { buildStamp, ROOT, STAMP_FILE, sourceHash, stampedHash } from '../scripts/build-stamp.mjs';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

type Hook = (this: unknown, ...args: unknown[]) => unknown;
/** Runs a plugin hook as Vite would (a function or an object with a handler). */
function call(hook: unknown, ...args: unknown[]) {
  const fn = (typeof hook === 'function' ? hook : (hook as { handler: Hook }).handler) as Hook;
  return fn.call({}, ...args);
}

/** What `npm start` says of a folder: 0 up to date, 1 a build is due. */
function startCheck(dist: string) {
  return spawnSync(process.execPath, [path.join(ROOT, 'scripts/web-up-to-date.mjs'), '--check'], {
    env: { ...process.env, WEB_DIST_DIR: dist },
    encoding: 'utf8',
  }).status;
}

describe('the web build stamp (apps/web/scripts/build-stamp.mjs)', () => {
  it('every build writes the stamp npm start checks, with the hash of the inputs as the build began', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-stamp-'));
    dirs.push(dist);
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
    const plugin = buildStamp();
    expect(plugin.apply).toBe('build');
    call(plugin.configResolved, { root: path.dirname(dist), build: { outDir: path.basename(dist) } } as ResolvedConfig);
    // Others may be editing the sources meanwhile: a stamp is only as fresh as the hash it carries.
    expect(stampedHash(dist)).toBeUndefined();
    expect(startCheck(dist)).toBe(1);
    let status: number | null = null;
    for (let attempt = 0; attempt < 3 && status !== 0; attempt++) {
      call(plugin.buildStart, {});
      call(plugin.writeBundle, {}, {});
      const stamp = JSON.parse(readFileSync(path.join(dist, STAMP_FILE), 'utf8')) as { hash: string };
      expect(stamp.hash).toMatch(/^[0-9a-f]{64}$/);
      status = startCheck(dist);
    }
    expect(status).toBe(0);

    // A stamp of other sources: the next start builds.
    writeFileSync(path.join(dist, STAMP_FILE), JSON.stringify({ hash: '0'.repeat(64) }));
    expect(startCheck(dist)).toBe(1);
  });

  it('is written only once the bundle is written (a failed build leaves none)', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-stamp-'));
    dirs.push(dist);
    const plugin = buildStamp();
    call(plugin.configResolved, { root: dist, build: { outDir: '.' } } as ResolvedConfig);
    call(plugin.buildStart, {});
    expect(stampedHash(dist)).toBeUndefined();
    call(plugin.writeBundle, {}, {});
    expect(stampedHash(dist)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('takes the hash web-up-to-date.mjs passes instead of hashing again', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-stamp-'));
    dirs.push(dist);
    const plugin = buildStamp();
    const before = process.env.BUILD_STAMP_HASH;
    process.env.BUILD_STAMP_HASH = 'a'.repeat(64);
    try {
      call(plugin.configResolved, { root: dist, build: { outDir: '.' } } as ResolvedConfig);
      call(plugin.buildStart, {});
      call(plugin.writeBundle, {}, {});
    } finally {
      if (before === undefined) delete process.env.BUILD_STAMP_HASH;
      else process.env.BUILD_STAMP_HASH = before;
    }
    expect(stampedHash(dist)).toBe('a'.repeat(64));
    expect(sourceHash()).toMatch(/^[0-9a-f]{64}$/);
  });
});
