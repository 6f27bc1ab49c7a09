/** `cli library ...`: search and answers through the API, and the backfill (on the configured database). */
import { Command } from 'commander';
import { libraryAskCommand, librarySearchCommand } from './library-search';

export function libraryCommand(): Command {
  const library = new Command('library').description("the library of your completed jobs: search, ask; backfill (configured database)");
  library.addCommand(librarySearchCommand());
  library.addCommand(libraryAskCommand());
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
