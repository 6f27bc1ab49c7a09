/** Which files a job has in the artifact store (src/artifacts), with what the API serves them by. */
import type { Db } from '../database';

export interface JobArtifact {
  jobId: string;
  name: string;
  storageKey: string;
  contentType: string;
  byteSize: number;
  sha256: string;
}

export async function recordArtifact(db: Db, artifact: JobArtifact): Promise<void> {
  const values = {
    job_id: artifact.jobId,
    name: artifact.name,
    storage_key: artifact.storageKey,
    content_type: artifact.contentType,
    byte_size: artifact.byteSize,
    sha256: artifact.sha256,
  };
  await db
    .insertInto('job_artifacts')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['job_id', 'name']).doUpdateSet({
        storage_key: values.storage_key,
        content_type: values.content_type,
        byte_size: values.byte_size,
        sha256: values.sha256,
      }),
    )
    .execute();
}

export async function findArtifact(db: Db, jobId: string, name: string): Promise<JobArtifact | null> {
  const row = await db.selectFrom('job_artifacts').selectAll().where('job_id', '=', jobId).where('name', '=', name).executeTakeFirst();
  return row
    ? { jobId: row.job_id, name: row.name, storageKey: row.storage_key, contentType: row.content_type, byteSize: row.byte_size, sha256: row.sha256 }
    : null;
}
