/**
 * The workflow code a worker runs. Compiled, it is the bundle `npm run build` wrote into
 * dist/workflow-bundles/ (scripts/build.js): no webpack at start. Run from the sources, it is
 * bundled at start in a child process (workers/bundle-workflows.ts), so a change shows at once.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { RUNS_COMPILED, threadModule } from '../src/lib/thread-module';

const execFileAsync = promisify(execFile);

export interface WorkflowBundleOptions {
  /** Bundle Temporal's OpenTelemetry workflow interceptors, for a worker that exports traces. */
  tracing?: boolean;
}

/** The bundle in a file of its own, for a worker to read; `remove()` once it has. */
export interface WorkflowBundleFile {
  codePath: string;
  remove(): void;
}

/** The prebuilt bundle's path beside the compiled code; scripts/build.js writes it there. */
export function prebuiltWorkflowBundlePath(options: WorkflowBundleOptions = {}): string {
  return path.resolve(__dirname, '..', 'workflow-bundles', options.tracing ? 'workflows-tracing.js' : 'workflows.js');
}

export async function writeWorkflowBundle(options: WorkflowBundleOptions = {}): Promise<WorkflowBundleFile> {
  if (RUNS_COMPILED) {
    const codePath = prebuiltWorkflowBundlePath(options);
    if (!fs.existsSync(codePath)) throw new Error(`no prebuilt workflow bundle at ${codePath}: run \`npm run build\``);
    // The build's file, shared by every worker: nobody removes it.
    return { codePath, remove() {} };
  }
  const codePath = path.join(os.tmpdir(), `video-digest-workflows-${process.pid}-${randomBytes(4).toString('hex')}.js`);
  const remove = () => fs.rmSync(codePath, { force: true });
  try {
    const entry = threadModule(path.join(__dirname, 'bundle-workflows'));
    await execFileAsync(process.execPath, [...(entry.execArgv ?? []), entry.filename, codePath, ...(options.tracing ? ['--tracing'] : [])], {
      cwd: path.resolve(__dirname, '..'),
      maxBuffer: 10 * 1024 * 1024,
    });
    return { codePath, remove };
  } catch (error) {
    remove();
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`bundling the workflows failed${stderr ? `: ${stderr}` : ''}`);
  }
}

/** The bundle's code, for replaying histories and for tests that build it once for many workers. */
export async function buildWorkflowBundle(options: WorkflowBundleOptions = {}): Promise<{ code: string }> {
  const file = await writeWorkflowBundle(options);
  try {
    return { code: fs.readFileSync(file.codePath, 'utf8') };
  } finally {
    file.remove();
  }
}
