/** The comments read for a job (include_comments). */
import type { VideoComments } from '../../domain/comments';
import type { Db } from '../database';

/** The comments go over the wire once: a retried activity's update takes the row it tried to insert. */
export async function saveJobComments(db: Db, jobId: string, comments: VideoComments): Promise<void> {
  await db
    .insertInto('job_comments')
    .values({ job_id: jobId, comments: JSON.stringify(comments) })
    .onConflict((oc) => oc.column('job_id').doUpdateSet({ comments: (eb) => eb.ref('excluded.comments') }))
    .execute();
}

export async function loadJobComments(db: Db, jobId: string): Promise<VideoComments | null> {
  const row = await db.selectFrom('job_comments').select('comments').where('job_id', '=', jobId).executeTakeFirst();
  return row?.comments ?? null;
}
