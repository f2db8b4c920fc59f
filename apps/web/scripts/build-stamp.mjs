// The web build's stamp: a hash of what the build reads, written into the output folder by every successful
// build (the Vite plugin below, in vite.config.ts) and compared by `npm start` (scripts/web-up-to-date.mjs), so
// a build by the tests or the bench does not make the next start build again.
//
// The inputs are hashed by content (paths, sizes and bytes: a few megabytes, some 50 ms) when
// the build begins, and the stamp is written only once the bundle is written: a file changed during a build
// makes the next start build again, a failed build leaves no stamp (the output folder is emptied first).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The repository's root. */
export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const STAMP_FILE = '.build-stamp.json';

/** What the build reads: the app, its page, its build configuration, the contracts it takes from, the lockfile. */
export const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/scripts/compress.mjs',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
];

/** The files of one input, sorted: a file itself, or what a folder holds, skipping tests (they are not built). */
function files(relative) {
  const full = path.join(ROOT, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !/\.(test|spec)\.[cm]?[jt]sx?$|~$|\.swp$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)))
    .sort();
}

/** The hash of the build's inputs as they are now. */
export function sourceHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files)) {
    const content = readFileSync(path.join(ROOT, file));
    hash.update(`${file}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}

/** The hash the last successful build into `dist` was made from, if any. */
export function stampedHash(dist) {
  try {
    return JSON.parse(readFileSync(path.join(dist, STAMP_FILE), 'utf8')).hash;
  } catch {
    return undefined;
  }
}

export function writeStamp(dist, hash) {
  writeFileSync(path.join(dist, STAMP_FILE), `${JSON.stringify({ hash, builtAt: new Date().toISOString() })}\n`);
}

/**
 * Vite plugin: hashes the inputs when a build begins and writes the stamp into the output folder once the
 * bundle is written. BUILD_STAMP_HASH (set by web-up-to-date.mjs, which has just hashed them) spares a second
 * hashing.
 */
export function buildStamp() {
  let hash;
  let outDir;
  return {
    name: 'backoffice-build-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildStart() {
      hash = process.env.BUILD_STAMP_HASH || sourceHash();
    },
    writeBundle() {
      if (hash && outDir) writeStamp(outDir, hash);
    },
  };
}
