/** The comments read for a job (include_comments). */
import type { VideoComments } from '../../domain/comments';
import type { Db } from '../database';

export async function saveJobComments(db: Db, jobId: string, comments: VideoComments): Promise<void> {
  const json = JSON.stringify(comments);
  await db
    .insertInto('job_comments')
    .values({ job_id: jobId, comments: json })
    .onConflict((oc) => oc.column('job_id').doUpdateSet({ comments: json }))
    .execute();
}

export async function loadJobComments(db: Db, jobId: string): Promise<VideoComments | null> {
  const row = await db.selectFrom('job_comments').select('comments').where('job_id', '=', jobId).executeTakeFirst();
  return row?.comments ?? null;
}
