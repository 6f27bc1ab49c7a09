/**
 * The file a worker thread or child process starts from, given the module's path without its
 * extension. Compiled (dist/), that is the module's own .js file, and the thread inherits the
 * process's flags. Run from the TypeScript sources (tests, `npm run dev`), it is the .ts file and
 * the thread registers tsx itself: a test runner's threads and children have no tsx of their own.
 */
import path from 'node:path';

export interface ThreadModule {
  /** For Piscina's `filename` or `fork()`. */
  filename: string;
  /** For Piscina's or `fork()`'s `execArgv`; undefined keeps what they pass by default. */
  execArgv: string[] | undefined;
}

/** Whether this process runs the compiled JavaScript: this module is then a .js file itself. */
export const RUNS_COMPILED = path.extname(__filename) === '.js';

export function threadModule(modulePath: string): ThreadModule {
  if (RUNS_COMPILED) return { filename: `${modulePath}.js`, execArgv: undefined };
  return { filename: `${modulePath}.ts`, execArgv: ['--require', require.resolve('tsx/cjs')] };
}
