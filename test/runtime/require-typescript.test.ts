/**
 * The plain-JS entries of worker threads and child processes load their TypeScript task through
 * src/runtime/require-typescript.js: under the service's inherited `--require tsx/cjs` a plain
 * require, served from tsx's cache of compiled modules (tsx's API keeps none and compiled about 50
 * modules again at every summary thread's start); under plain `node`, through tsx's API.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

/** Loads src/domain/summary.ts both ways in a fresh node process; says whether it is one module. */
function loadTwice(nodeArgs: string[]): { sameModule: boolean; modes: string } {
  const script = `
    const tsxRegistered = Boolean(require.extensions['.ts']);
    const { requireTypeScript } = require('./src/runtime/require-typescript');
    const viaEntry = requireTypeScript('../domain/summary.ts', require.resolve('./src/runtime/require-typescript'));
    const direct = tsxRegistered ? require('./src/domain/summary.ts') : null;
    console.log(JSON.stringify({ sameModule: viaEntry === direct, modes: viaEntry.SUMMARY_MODES.join(',') }));
  `;
  const out = execFileSync(process.execPath, [...nodeArgs, '-e', script], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  return JSON.parse(out.trim().split('\n').pop()!) as { sameModule: boolean; modes: string };
}

it('under tsx, loads the module through Node’s own require, so tsx’s compile cache serves it', () => {
  const loaded = loadTwice(['--require', 'tsx/cjs']);
  expect(loaded.modes).toBe('tldr,detailed,study_notes,timestamped,key_insights');
  expect(loaded.sameModule).toBe(true);
});

it('under plain node, loads it through tsx’s API', () => {
  const loaded = loadTwice([]);
  expect(loaded.modes).toBe('tldr,detailed,study_notes,timestamped,key_insights');
  expect(loaded.sameModule).toBe(false);
});
