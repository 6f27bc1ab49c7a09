/**
 * `cli jobs result JOB_ID [--format json|md|srt|vtt|txt]`: a completed job's result record, or the
 * files the API serves for it: the Markdown export (md) and the transcript as SubRip, WebVTT or
 * plain text.
 */
import { Command, Option } from 'commander';
import { addConnectionOptions, connect, type ConnectionOptions } from '../api/connection';
import { printJsonLine } from '../output';
import { workflowIdArgument } from '../workflow-id';

const FORMATS = ['json', 'md', 'srt', 'vtt', 'txt'] as const;
type ResultFormat = (typeof FORMATS)[number];

async function result(jobId: string, options: ConnectionOptions & { format: ResultFormat }): Promise<void> {
  const id = workflowIdArgument(jobId);
  const { client } = connect(options);
  if (options.format === 'json') {
    printJsonLine(await client.jobResult(id));
    return;
  }
  const file = options.format === 'md' ? await client.markdownExport(id) : await client.transcriptFile(id, options.format);
  process.stdout.write(file);
}

export function jobsResultCommand(): Command {
  const command = new Command('result')
    .description(
      "prints the job's result record (video_info, transcript, summaries, ...) as one JSON line, or with --format the Markdown export (md) or the transcript as SubRip (srt), WebVTT (vtt) or text (txt); JOB_NOT_COMPLETED or JOB_FAILED (exit 1) until it has completed",
    )
    .argument('<JOB_ID>', 'the job_id that submit printed')
    .addOption(new Option('--format <format>', 'what to print').choices(FORMATS).default('json'));
  return addConnectionOptions(command).action(result);
}
