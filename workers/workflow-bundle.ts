/** The workflow code a worker runs, bundled at start in a child process (workers/bundle-workflows.ts). */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

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

export async function writeWorkflowBundle(options: WorkflowBundleOptions = {}): Promise<WorkflowBundleFile> {
  const codePath = path.join(os.tmpdir(), `video-digest-workflows-${process.pid}-${randomBytes(4).toString('hex')}.js`);
  const remove = () => fs.rmSync(codePath, { force: true });
  try {
    await execFileAsync(process.execPath, ['--require', 'tsx/cjs', path.join(__dirname, 'bundle-workflows.ts'), codePath, ...(options.tracing ? ['--tracing'] : [])], {
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
