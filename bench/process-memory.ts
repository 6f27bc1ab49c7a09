/**
 * Memory of a whole process tree, read from /proc (Linux): the service, and every server and
 * backend it started. RSS counts a page once per process that maps it (Postgres' shared buffers,
 * shared libraries), so a sum of RSS overstates a tree; PSS shares such pages out among their
 * processes, so its sum is the tree's real footprint. Both are reported.
 */
import fs from 'node:fs';

export interface TreeMemory {
  processes: number;
  rssMb: number;
  pssMb: number;
}

/** `root` and every descendant, by parent pid (detached children included: they keep their parent). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields resume after the last ')'.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // exited meanwhile
    }
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
  let rssKb = 0;
  let pssKb = 0;
  let processes = 0;
  for (const pid of processTree(root)) {
    try {
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      rssKb += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pssKb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      processes += 1;
    } catch {
      // exited meanwhile
    }
  }
  return { processes, rssMb: Math.round(rssKb / 1024), pssMb: Math.round(pssKb / 1024) };
}

/** Samples the tree every `everyMs` until stopped; `stop()` gives the peak RSS and peak PSS seen. */
export function sampleTreePeak(root: number, everyMs = 100): { stop(): Promise<TreeMemory> } {
  const peak: TreeMemory = { processes: 0, rssMb: 0, pssMb: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const now = treeMemory(root);
      peak.processes = Math.max(peak.processes, now.processes);
      peak.rssMb = Math.max(peak.rssMb, now.rssMb);
      peak.pssMb = Math.max(peak.pssMb, now.pssMb);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return peak;
    },
  };
}
