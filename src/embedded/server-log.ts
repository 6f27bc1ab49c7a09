/**
 * The log an embedded server (Postgres, Temporal) writes beside its data. It is appended to by
 * every start, so a start notes where its own output begins and, if the server does not come
 * up, reads from there to say why.
 */
import fs from 'node:fs';

/** Opens `file` for the server's output; `start` is where this start's output begins. */
export function openServerLog(file: string): { fd: number; start: number } {
  const fd = fs.openSync(file, 'a');
  return { fd, start: fs.fstatSync(fd).size };
}

/** The text of `file` from byte `start` on; '' when it cannot be read. */
export function serverLogSince(file: string, start: number): string {
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const length = Math.max(0, fs.fstatSync(fd).size - start);
      const buffer = Buffer.alloc(length);
      fs.readSync(fd, buffer, 0, length, start);
      return buffer.toString('utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return '';
  }
}
