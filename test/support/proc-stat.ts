/** One process's /proc/<pid>/stat line (Linux), read by the tests and the benchmarks. */
import fs from 'node:fs';

export interface ProcStat {
  /** The command name, at most 15 characters. */
  name: string;
  parentPid: number;
  /** User plus system CPU time so far, in clock ticks (USER_HZ). */
  cpuTicks: number;
}

/** The process's stat line; null when it has ended, or where there is no /proc. */
export function readProcStat(pid: number | string): ProcStat | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The name may hold spaces and parentheses: the fields resume after the last ')'. The parent is
  // field 4 of the line, utime and stime fields 14 and 15 (2, 12 and 13 after the name).
  const nameEnd = stat.lastIndexOf(')');
  const fields = stat.slice(nameEnd + 2).split(' ');
  return { name: stat.slice(stat.indexOf('(') + 1, nameEnd), parentPid: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]) };
}
