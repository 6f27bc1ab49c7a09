/** `cli library ...`: the backfill of the library (on the configured database). */
import { Command } from 'commander';

export function libraryCommand(): Command {
  const library = new Command('library').description("the library of each user's completed jobs: backfill");
  library
    .command('backfill')
    .description('indexes the completed jobs the library does not have yet (resumable); prints {"indexed":N,"failed":N,"passages":N}')
    .option('--batch-size <n>', 'jobs per round (default LIBRARY_BACKFILL_BATCH_SIZE)')
    .action((options: { batchSize?: string }) => {
      const { runLibraryBackfill } = require('../admin/library-backfill') as typeof import('../admin/library-backfill');
      return runLibraryBackfill(options);
    });
  return library;
}
