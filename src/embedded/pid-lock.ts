/**
 * A lock file holding the owner's pid. A lock whose process is gone (killed, crashed) is stale and
 * taken over, which is what lets `npm start` come back after a kill -9.
 */
import fs from 'node:fs';

export interface PidLock {
  release(): void;
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid holding the lock, or null when it is free or stale. */
export function readLiveLockHolder(lockPath: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (pid === process.pid) return null;
  return isProcessAlive(pid) ? pid : null;
}

export async function acquirePidLock(lockPath: string, waitMs: number, what: string): Promise<PidLock> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return { release: () => releaseIfOurs(lockPath) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLiveLockHolder(lockPath);
    if (holder === null) {
      fs.rmSync(lockPath, { force: true });
      continue;
    }
    if (Date.now() >= deadline) {
      throw new Error(`${what} is in use by process ${holder} (lock ${lockPath})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function releaseIfOurs(lockPath: string): void {
  try {
    if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.rmSync(lockPath, { force: true });
  } catch {
    // already gone
  }
}
