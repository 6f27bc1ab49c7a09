/** `cli library search "QUERY"` and `cli library ask "QUESTION"`: the caller's library through the API. */
import { Command } from 'commander';
import { addConnectionOptions, connect, type ConnectionOptions } from '../api/connection';
import { printJsonLine } from '../output';
import { UsageError } from '../usage-error';

function jobIdsOption(value: string | undefined): { job_ids?: string[] } {
  if (value === undefined) return {};
  return { job_ids: value.split(',').map((id) => id.trim()).filter(Boolean) };
}

export function librarySearchCommand(): Command {
  const command = new Command('search')
    .description("prints the passages of your completed jobs that best match QUERY ({results:[{job_id, title, start, end, url, text, score}]}) as one JSON line")
    .argument('<QUERY>', 'words or a phrase ("quoted phrase", or, -excluded)')
    .option('--limit <n>', 'results, 1 to 50 (default 10)')
    .option('--job-ids <ids>', 'only these jobs, comma-separated');
  return addConnectionOptions(command).action(async (query: string, options: ConnectionOptions & { limit?: string; jobIds?: string }) => {
    const limit = options.limit === undefined ? undefined : Number(options.limit);
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 50)) throw new UsageError('--limit must be an integer from 1 to 50');
    printJsonLine(await connect(options).client.searchLibrary({ query, limit: limit ?? 10, ...jobIdsOption(options.jobIds) }));
  });
}

export function libraryAskCommand(): Command {
  const command = new Command('ask')
    .description('prints an answer to QUESTION from your completed jobs, with its citations ({answer, citations, generator}) as one JSON line (Pro and Admin plans)')
    .argument('<QUESTION>', 'the question')
    .option('--job-ids <ids>', 'only these jobs, comma-separated');
  return addConnectionOptions(command).action(async (question: string, options: ConnectionOptions & { jobIds?: string }) => {
    printJsonLine(await connect(options).client.askLibrary({ question, ...jobIdsOption(options.jobIds) }));
  });
}
