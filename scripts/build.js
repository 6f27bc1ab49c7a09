'use strict';
/**
 * `npm run build`: compiles src, workflows, activities and workers to dist/ (tsconfig.build.json),
 * copies beside them the other files the code reads at run time (templates, the Temporal CLI
 * script), and bundles the workflow code ahead of time, plain and with the tracing interceptors,
 * into dist/workflow-bundles/, where compiled workers load it (workers/workflow-bundle.ts).
 *
 *   node scripts/build.js [--if-stale]
 *
 * --if-stale builds only when dist/ was not built from the sources as they are now: a hash of the
 * sources is kept in dist/build-stamp. The npm start scripts run it first, so a fresh checkout
 * builds on its first start and a current one starts at once. A dist/ shipped without its sources
 * (the Docker image) is taken as it is. Builds started side by side take turns through a lock
 * directory, and the later one finds dist/ current. Everything it prints goes to stderr:
 * `npm run --silent cli` prints its JSON line alone on stdout.
 */
const { spawn, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
/** Compiled to dist/ with the same layout; their other files are copied there. */
const SOURCE_DIRS = ['src', 'workflows', 'activities', 'workers', 'client'];
/** Files outside those that decide what the build makes. */
const BUILD_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts/build.js', 'scripts/ensure-temporal-cli.sh'];
/** Read at run time through a path relative to the compiled module (src/embedded/temporal-dev-server.ts). */
const COPIED_FILES = ['scripts/ensure-temporal-cli.sh'];
const STAMP = path.join(DIST, 'build-stamp');
const LOCK = path.join(DIST, '.build-lock');
/** Where workers/workflow-bundle.ts looks for them: keep the two in step. */
const BUNDLES = [
  { file: 'workflow-bundles/workflows.js', args: [] },
  { file: 'workflow-bundles/workflows-tracing.js', args: ['--tracing'] },
];
const LOCK_WAIT_MS = 10 * 60_000;

const log = (message) => process.stderr.write(`build: ${message}\n`);

function filesUnder(dir) {
  const absolute = path.join(ROOT, dir);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath ?? entry.path, entry.name)))
    .sort();
}

/** A hash of every source and build input, by path and content; null when the sources are not here. */
function sourceStamp() {
  const sources = SOURCE_DIRS.flatMap(filesUnder);
  if (sources.length === 0) return null;
  const hash = crypto.createHash('sha256');
  for (const file of [...sources, ...BUILD_INPUTS]) {
    const absolute = path.join(ROOT, file);
    if (!fs.existsSync(absolute)) continue;
    hash.update(`${file}\0`).update(fs.readFileSync(absolute)).update('\0');
  }
  return hash.digest('hex');
}

function builtStamp() {
  try {
    return fs.readFileSync(STAMP, 'utf8').trim();
  } catch {
    return null;
  }
}

function isCurrent() {
  const stamp = sourceStamp();
  if (stamp === null) {
    if (builtStamp() !== null) return true;
    throw new Error('neither the sources nor a built dist/ are here');
  }
  return builtStamp() === stamp;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Takes the lock directory, waiting while a live build holds it; a dead build's lock is taken over. */
async function acquireLock() {
  fs.mkdirSync(DIST, { recursive: true });
  const deadline = Date.now() + LOCK_WAIT_MS;
  let told = false;
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      fs.writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      return () => fs.rmSync(LOCK, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let holder = NaN;
    try {
      holder = Number.parseInt(fs.readFileSync(path.join(LOCK, 'pid'), 'utf8'), 10);
    } catch {
      // Taken a moment ago and its pid not written yet: wait for it like any other.
    }
    if (Number.isInteger(holder) && !alive(holder)) {
      fs.rmSync(LOCK, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`another build (${LOCK}) did not finish within ${LOCK_WAIT_MS / 60_000} minutes`);
    if (!told) log('waiting for another build to finish');
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function compile() {
  let tsc;
  try {
    tsc = require.resolve('typescript/bin/tsc', { paths: [ROOT] });
  } catch {
    throw new Error('the TypeScript compiler is not installed: run `npm install` with the dev dependencies, then `npm run build`');
  }
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) throw new Error('tsc -p tsconfig.build.json failed');
}

/** Compiled files whose source is gone (a module deleted or renamed since the last build). */
function removeOrphans() {
  for (const dir of SOURCE_DIRS) {
    const built = path.join(DIST, dir);
    if (!fs.existsSync(built)) continue;
    for (const entry of fs.readdirSync(built, { recursive: true, withFileTypes: true })) {
      const match = /^(.*)\.js(\.map)?$/.exec(entry.name);
      if (!entry.isFile() || !match) continue;
      const file = path.join(entry.parentPath ?? entry.path, entry.name);
      const source = path.join(ROOT, path.relative(DIST, path.dirname(file)), `${match[1]}.ts`);
      if (!fs.existsSync(source)) fs.rmSync(file);
    }
  }
}

function copyAssets() {
  const assets = SOURCE_DIRS.flatMap(filesUnder).filter((file) => !file.endsWith('.ts'));
  for (const file of [...assets, ...COPIED_FILES]) {
    fs.mkdirSync(path.dirname(path.join(DIST, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(DIST, file));
  }
}

/** Both bundles side by side, each in a child process of its own (dist/workers/bundle-workflows.js). */
function bundleWorkflows() {
  const entry = path.join(DIST, 'workers', 'bundle-workflows.js');
  return Promise.all(
    BUNDLES.map(
      (bundle) =>
        new Promise((resolve, reject) => {
          const out = path.join(DIST, bundle.file);
          fs.mkdirSync(path.dirname(out), { recursive: true });
          const child = spawn(process.execPath, [entry, `${out}.tmp`, ...bundle.args], { cwd: ROOT, stdio: ['ignore', 2, 2] });
          child.once('error', reject);
          child.once('exit', (code) => {
            if (code !== 0) return reject(new Error(`bundling ${bundle.file} failed`));
            fs.renameSync(`${out}.tmp`, out);
            resolve();
          });
        }),
    ),
  );
}

async function build() {
  const started = Date.now();
  log('compiling to dist/ and bundling the workflows...');
  fs.rmSync(STAMP, { force: true });
  compile();
  removeOrphans();
  copyAssets();
  await bundleWorkflows();
  const stamp = sourceStamp();
  if (stamp !== null) fs.writeFileSync(STAMP, `${stamp}\n`);
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  const ifStale = process.argv.includes('--if-stale');
  if (ifStale && isCurrent()) return;
  const release = await acquireLock();
  try {
    // A build that held the lock meanwhile may have made dist/ current.
    if (ifStale && isCurrent()) return;
    await build();
  } finally {
    release();
  }
}

main().catch((error) => {
  log(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
