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

export async function buildWorkflowBundle(options: WorkflowBundleOptions = {}): Promise<{ code: string }> {
  const out = path.join(os.tmpdir(), `video-digest-workflows-${process.pid}-${randomBytes(4).toString('hex')}.js`);
  try {
    await execFileAsync(process.execPath, ['--require', 'tsx/cjs', path.join(__dirname, 'bundle-workflows.ts'), out, ...(options.tracing ? ['--tracing'] : [])], {
      cwd: path.resolve(__dirname, '..'),
      maxBuffer: 10 * 1024 * 1024,
    });
    return { code: fs.readFileSync(out, 'utf8') };
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`bundling the workflows failed${stderr ? `: ${stderr}` : ''}`);
  } finally {
    fs.rmSync(out, { force: true });
  }
}
