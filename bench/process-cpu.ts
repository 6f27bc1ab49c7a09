/**
 * CPU time of every process on the machine, grouped by what it runs, read from /proc (Linux).
 * A benchmark that takes a reading before and after some work learns which process paid for it:
 * on a machine whose few CPUs the service shares with Temporal, Postgres and a fake YouTube, work
 * added anywhere slows everything else down, so a latency figure alone does not say where to look.
 */
import fs from 'node:fs';
import { readProcStat } from '../test/support/proc-stat';

export const CPU_PARTS = ['service', 'fake YouTube', 'temporal', 'postgres', 'other'] as const;
export type CpuPart = (typeof CPU_PARTS)[number];
export type CpuReading = Record<CpuPart, number>;

/** Clock ticks per second of /proc's utime and stime: USER_HZ, 100 on every Linux we run on. */
const TICKS_PER_SECOND = 100;

/** User plus system CPU milliseconds of each part so far; zeros where /proc is missing. */
export function readCpu(parts: { servicePid: number; fakeYouTubePid: number }): CpuReading {
  const reading: CpuReading = { service: 0, 'fake YouTube': 0, temporal: 0, postgres: 0, other: 0 };
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return reading;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat) reading[partOf(Number(entry), stat.name, parts)] += stat.cpuMs;
  }
  return reading;
}

/** User plus system CPU milliseconds of one process so far; null without its /proc entry. */
export function processCpuMs(pid: number | string): number | null {
  return readStat(pid)?.cpuMs ?? null;
}

function readStat(pid: number | string): { name: string; cpuMs: number } | null {
  const stat = readProcStat(pid);
  return stat && { name: stat.name, cpuMs: (stat.cpuTicks * 1000) / TICKS_PER_SECOND };
}

function partOf(pid: number, name: string, parts: { servicePid: number; fakeYouTubePid: number }): CpuPart {
  if (pid === parts.servicePid) return 'service';
  if (pid === parts.fakeYouTubePid) return 'fake YouTube';
  if (name.startsWith('temporal')) return 'temporal';
  if (name.startsWith('postgres')) return 'postgres';
  return 'other';
}

/** after - before, part by part. */
export function cpuSpent(before: CpuReading, after: CpuReading): CpuReading {
  const spent = { ...after };
  for (const part of CPU_PARTS) spent[part] -= before[part];
  return spent;
}
