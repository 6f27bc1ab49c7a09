/** The artifact store the configuration asks for: S3-compatible when ARTIFACTS_S3_URL is set, else files under DATA_DIR. */
import path from 'node:path';
import type { Config } from '../config';
import type { ArtifactStore } from './artifact-store';
import { createFilesystemArtifactStore } from './filesystem-artifact-store';

type ArtifactSettings = Pick<
  Config,
  'dataDir' | 'ARTIFACTS_S3_URL' | 'ARTIFACTS_S3_ENDPOINT' | 'ARTIFACTS_S3_REGION' | 'ARTIFACTS_S3_ACCESS_KEY_ID' | 'ARTIFACTS_S3_SECRET_ACCESS_KEY'
>;

export function createArtifactStore(config: ArtifactSettings): ArtifactStore {
  if (!config.ARTIFACTS_S3_URL) return createFilesystemArtifactStore(path.join(config.dataDir, 'artifacts'));
  const url = new URL(config.ARTIFACTS_S3_URL);
  // Loaded only here: the S3 client is heavy, and a process without a bucket never uses it.
  const { createS3ArtifactStore } = require('./s3-artifact-store') as typeof import('./s3-artifact-store');
  return createS3ArtifactStore({
    bucket: url.hostname,
    prefix: url.pathname.replace(/^\/+|\/+$/g, ''),
    endpoint: config.ARTIFACTS_S3_ENDPOINT ?? null,
    region: config.ARTIFACTS_S3_REGION,
    credentials:
      config.ARTIFACTS_S3_ACCESS_KEY_ID && config.ARTIFACTS_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.ARTIFACTS_S3_ACCESS_KEY_ID, secretAccessKey: config.ARTIFACTS_S3_SECRET_ACCESS_KEY }
        : null,
  });
}
