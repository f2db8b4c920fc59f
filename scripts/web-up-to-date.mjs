// Builds the web app only when what it is built from changed since the last build (`npm start` runs this first).
//
// The inputs are hashed by content and compared with the stamp the last successful build left in apps/web/dist
// (apps/web/scripts/build-stamp.mjs: every Vite build writes it, so a build by the tests or the bench counts too).
// The compressed copies follow in the background. `--force` builds whatever the stamp says; `--check` only says
// whether a build is due (exit 1 when it is). WEB_DIST_DIR, which the server also reads, builds into and checks
// another folder.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import { ROOT as root, STAMP_FILE, sourceHash, stampedHash } from '../apps/web/scripts/build-stamp.mjs';

const web = path.join(root, 'apps/web');
const dist = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.WEB_DIST_DIR)
  : path.join(web, 'dist');

function run(command, args, cwd, env) {
  const result = spawnSync(process.execPath, [command, ...args], {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    console.error(`The web app could not be built (${path.relative(root, command)} exited with ${result.status}).`);
    process.exit(1);
  }
}

const args = new Set(process.argv.slice(2));
const started = performance.now();
const hash = sourceHash();
const upToDate = !args.has('--force') && existsSync(path.join(dist, 'index.html')) && stampedHash(dist) === hash;
if (args.has('--check')) {
  console.log(upToDate ? 'The web app is up to date.' : 'The web app needs building.');
  process.exit(upToDate ? 0 : 1);
}
if (!upToDate) {
  console.log(
    existsSync(path.join(dist, STAMP_FILE)) ? 'Building the web app (its sources changed)…' : 'Building the web app…',
  );
  // The build writes the stamp itself, with the hash taken here before it began.
  run(
    path.join(root, 'node_modules/vite/bin/vite.js'),
    ['build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'],
    web,
    { BUILD_STAMP_HASH: hash },
  );
  console.log(`Web app built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}
// The brotli and gzip copies take longer than the build itself (quality 11): they are written in the
// background at the lowest priority while the server starts, which sends files uncompressed until their copies
// are there. A start after an interrupted compression starts it again.
if (!existsSync(path.join(dist, '.compressed'))) {
  const child = spawn(process.execPath, [path.join(web, 'scripts/compress.mjs'), dist], {
    cwd: web,
    detached: true,
    stdio: 'ignore',
  });
  try {
    if (child.pid) setPriority(child.pid, 19);
  } catch {
    // Not allowed here: it runs at normal priority.
  }
  child.unref();
}
