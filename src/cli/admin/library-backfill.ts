/** `cli library backfill`: indexes the completed jobs the library lacks, in batches, resumable. */
import { backfillLibrary } from '../../library/backfill';
import { createEmbedder } from '../../library/embeddings';
import { withCliDatabase } from '../database';
import { printJsonLine, printNote } from '../output';
import { UsageError } from '../usage-error';

export async function runLibraryBackfill(options: { batchSize?: string }): Promise<void> {
  const batchSize = options.batchSize === undefined ? undefined : Number(options.batchSize);
  if (batchSize !== undefined && (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 1000)) {
    throw new UsageError('--batch-size must be an integer from 1 to 1000');
  }
  await withCliDatabase(async (db, config) => {
    const embedder = createEmbedder(config.embeddings);
    try {
      const result = await backfillLibrary(
        { db, embedder },
        {
          batchSize: batchSize ?? config.library.backfillBatchSize,
          onJob: ({ jobId, passages, error }) => printNote(error ? `${jobId}: failed: ${error}` : `${jobId}: ${passages} passages`),
        },
      );
      printJsonLine(result);
    } finally {
      await embedder?.close();
    }
  });
}
