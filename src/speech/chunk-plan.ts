/**
 * Where the audio is cut. Chunk i covers [i * chunkSeconds, (i + 1) * chunkSeconds) and, after the
 * first, starts `overlapSeconds` earlier, so a word cut at a boundary is heard whole by one of the
 * two chunks; the stitcher drops what the overlap repeats.
 */

export interface ChunkBounds {
  index: number;
  startSeconds: number;
  durationSeconds: number;
  overlapSeconds: number;
}

/** A tail shorter than this joins the chunk before it: too short to transcribe on its own. */
const SHORTEST_TAIL_SECONDS = 2;

export function planChunks(totalSeconds: number, chunkSeconds: number, overlapSeconds: number): ChunkBounds[] {
  if (!(totalSeconds > 0)) return [];
  if (!(chunkSeconds > 0) || overlapSeconds < 0 || overlapSeconds * 2 >= chunkSeconds) {
    throw new RangeError('The overlap must be less than half a chunk');
  }
  let count = Math.ceil(totalSeconds / chunkSeconds);
  if (count > 1 && totalSeconds - (count - 1) * chunkSeconds < SHORTEST_TAIL_SECONDS) count -= 1;

  const chunks: ChunkBounds[] = [];
  for (let index = 0; index < count; index++) {
    const nominalStart = index * chunkSeconds;
    const overlap = index === 0 ? 0 : overlapSeconds;
    const end = index === count - 1 ? totalSeconds : nominalStart + chunkSeconds;
    const startSeconds = nominalStart - overlap;
    chunks.push({ index, startSeconds: round(startSeconds), durationSeconds: round(end - startSeconds), overlapSeconds: overlap });
  }
  return chunks;
}

/** Millisecond precision: what ffmpeg is told and what the stitcher adds up. */
const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
