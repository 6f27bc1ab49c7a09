/**
 * Memory of a whole process tree, read from /proc (Linux): the service, and every server and
 * backend it started. RSS counts a page once per process that maps it (Postgres' shared buffers,
 * shared libraries), so a sum of RSS overstates a tree; PSS shares such pages out among their
 * processes, so its sum is the tree's real footprint. Both are reported.
 */
import fs from 'node:fs';
import { readProcStat } from '../test/support/proc-stat';

export interface TreeMemory {
  processes: number;
  rssMb: number;
  pssMb: number;
  /** The same figures for each part of the tree (its processes grouped by what they run). */
  parts: Record<TreePart, PartMemory>;
}

export interface PartMemory {
  processes: number;
  rssMb: number;
  pssMb: number;
}

/**
 * `npm start`'s tree: npm itself, the service (API and worker in one Node process, its threads
 * included), the embedded Postgres server with its backends, the Temporal dev server, and anything
 * else (tsx's esbuild, the workflow bundler at start-up).
 */
export const TREE_PARTS = ['npm', 'service', 'postgres', 'temporal', 'other'] as const;
export type TreePart = (typeof TREE_PARTS)[number];

/** Which part a process is, from its command line (argv joined by spaces). */
export function treePart(commandLine: string): TreePart {
  const [program = '', ...args] = commandLine.split(' ');
  if (/^npm\b/.test(commandLine) || /(^|\/)npm(-cli\.js)?$/.test(program)) return 'npm';
  if (/^postgres\b/.test(commandLine) || /(^|\/)postgres$/.test(program)) return 'postgres';
  if (/(^|\/)temporal$/.test(program)) return 'temporal';
  if (/(^|\/)node$/.test(program) && !args.some((arg) => arg.includes('bundle-workflows'))) return 'service';
  return 'other';
}

/** `root` and every descendant, by parent pid (detached children included: they keep their parent). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = readProcStat(entry)?.parentPid; // undefined once it has exited
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  for (const queue = [root]; queue.length > 0; ) {
    const pid = queue.shift()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

export function treeMemory(root: number): TreeMemory {
  const parts = Object.fromEntries(TREE_PARTS.map((part) => [part, { processes: 0, rssMb: 0, pssMb: 0 }])) as Record<TreePart, PartMemory>;
  let rssKb = 0;
  let pssKb = 0;
  let processes = 0;
  for (const pid of processTree(root)) {
    try {
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0+$/, '').replace(/\0/g, ' ');
      const rss = Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      const pss = Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      rssKb += rss;
      pssKb += pss;
      processes += 1;
      const part = parts[treePart(commandLine)];
      part.processes += 1;
      part.rssMb += rss / 1024;
      part.pssMb += pss / 1024;
    } catch {
      // exited meanwhile
    }
  }
  for (const part of Object.values(parts)) {
    part.rssMb = Math.round(part.rssMb);
    part.pssMb = Math.round(part.pssMb);
  }
  return { processes, rssMb: Math.round(rssKb / 1024), pssMb: Math.round(pssKb / 1024), parts };
}

/**
 * Samples the tree every `everyMs` until stopped; `stop()` gives the peak RSS and peak PSS seen,
 * with the parts as they were in the sample of the highest RSS.
 */
export function sampleTreePeak(root: number, everyMs = 100): { stop(): Promise<TreeMemory> } {
  let peak: TreeMemory | null = null;
  let peakPssMb = 0;
  let peakProcesses = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const now = treeMemory(root);
      if (!peak || now.rssMb > peak.rssMb) peak = now;
      peakPssMb = Math.max(peakPssMb, now.pssMb);
      peakProcesses = Math.max(peakProcesses, now.processes);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      const highest = peak ?? treeMemory(root);
      return { ...highest, processes: peakProcesses, pssMb: peakPssMb };
    },
  };
}
