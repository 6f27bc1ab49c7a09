/** Everything a result record is built from beside the job's row, for one job or a batch's jobs. */
import type { Selectable } from 'kysely';
import type { VideoComments } from '../../domain/comments';
import type { SummaryEntry, SummaryMode } from '../../domain/summary';
import type { Db } from '../database';
import type { JobTranscriptsTable } from '../schema';

export interface JobResultParts {
  transcript: Selectable<JobTranscriptsTable> | undefined;
  summaries: Map<SummaryMode, SummaryEntry>;
  /** Null when none were read (not asked for, or unavailable). */
  comments: VideoComments | null;
  /** Names of the job's files in the artifact store, e.g. 'infographic.png'. */
  artifacts: ReadonlySet<string>;
}

/** One query per table whatever the number of jobs. */
export async function loadJobResultParts(db: Db, jobIds: string[]): Promise<Map<string, JobResultParts>> {
  const parts = new Map<string, JobResultParts>(
    jobIds.map((id) => [id, { transcript: undefined, summaries: new Map(), comments: null, artifacts: new Set<string>() }]),
  );
  if (jobIds.length === 0) return parts;
  const [transcripts, summaries, comments, artifacts] = await Promise.all([
    db.selectFrom('job_transcripts').selectAll().where('job_id', 'in', jobIds).execute(),
    db.selectFrom('job_summaries').select(['job_id', 'mode', 'entry']).where('job_id', 'in', jobIds).execute(),
    db.selectFrom('job_comments').select(['job_id', 'comments']).where('job_id', 'in', jobIds).execute(),
    db.selectFrom('job_artifacts').select(['job_id', 'name']).where('job_id', 'in', jobIds).execute(),
  ]);
  for (const row of transcripts) parts.get(row.job_id)!.transcript = row;
  for (const row of summaries) parts.get(row.job_id)!.summaries.set(row.mode, row.entry);
  for (const row of comments) parts.get(row.job_id)!.comments = row.comments;
  for (const row of artifacts) (parts.get(row.job_id)!.artifacts as Set<string>).add(row.name);
  return parts;
}

export async function loadOneJobResultParts(db: Db, jobId: string): Promise<JobResultParts> {
  return (await loadJobResultParts(db, [jobId])).get(jobId)!;
}
