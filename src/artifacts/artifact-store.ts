/**
 * Where a job's files live (the infographic's PNG and SVG): a directory under DATA_DIR for the
 * embedded default, an S3-compatible bucket when ARTIFACTS_S3_URL is set. Postgres keeps which
 * files a job has (job_artifacts); the store only keeps bytes, under keys the caller chooses.
 * openArtifactStore (open-artifact-store.ts) picks the backend.
 */

export interface ArtifactStore {
  /** Where the bytes go, for logs: a directory or an s3:// URL, never credentials. */
  readonly location: string;
  /** Writes the whole object; a reader never sees a partial one. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none under `key`. */
  get(key: string): Promise<Buffer | null>;
  /** Removes every object whose key starts with `prefix`. */
  deletePrefix(prefix: string): Promise<void>;
  close(): Promise<void>;
}

/** The keys of one job's files: everything of a job sits under one prefix, so it goes in one call. */
export const artifactKeys = {
  jobPrefix: (jobId: string) => `jobs/${jobId}/`,
  jobFile: (jobId: string, name: string) => `jobs/${jobId}/${name}`,
};

/** The names of a job's infographic files, under its prefix. */
export const INFOGRAPHIC_PNG = 'infographic.png';
export const INFOGRAPHIC_SVG = 'infographic.svg';

/** Keys are ours (job ids and fixed names), but a store must still never leave its root. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`not an artifact key: ${JSON.stringify(key)}`);
  }
}
