/** The offline embedder: the model of thread/embed-task.ts on one worker thread, a bounded batch per task. */
import path from 'node:path';
import { createCpuThreads } from '../../lib/cpu-threads';
import { inBatches, unitVector, type Embedder } from './embedder';
import type { EmbedTask } from './thread/embed-task';

export const LOCAL_EMBEDDING_MODEL = 'universal-sentence-encoder-lite';
const LOCAL_DIMENSIONS = 512;
/** Texts per thread task: the tensors of one batch stay small whatever the transcript's length. */
const BATCH_SIZE = 32;

export function createLocalEmbedder(): Embedder {
  const threads = createCpuThreads<EmbedTask, Float32Array>({
    module: path.join(__dirname, 'thread', 'embed-task'),
    name: 'embedTexts',
    // Loading the model takes a while: the thread is kept for some minutes after its last task.
    idleTimeoutMs: 10 * 60_000,
  });
  return {
    model: LOCAL_EMBEDDING_MODEL,
    embed: (texts, signal) =>
      inBatches(texts, BATCH_SIZE, async (batch) => {
        const flat = await threads.run({ texts: batch }, { signal });
        return batch.map((_, index) => unitVector(flat.subarray(index * LOCAL_DIMENSIONS, (index + 1) * LOCAL_DIMENSIONS)));
      }),
    close: () => threads.close(),
  };
}
