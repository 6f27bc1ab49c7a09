/**
 * At most a few exports render at once per process: each holds a transcript (up to 10 MB) and
 * its PDF in memory, and layout is CPU work. Others wait their turn.
 */
export interface RenderSlots {
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function createRenderSlots(max: number): RenderSlots {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(work) {
      if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
      else active++;
      try {
        return await work();
      } finally {
        // Hand the slot straight to the next in line, or give it back.
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
  };
}
