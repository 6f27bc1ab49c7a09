/** The artifact store the configuration asks for: S3-compatible when ARTIFACTS_S3_URL is set, else files under DATA_DIR. */
import path from 'node:path';
import type { Config } from '../config';
import type { ArtifactStore } from './artifact-store';
import { createFilesystemArtifactStore } from './filesystem-artifact-store';

/** `dataDir`: the absolute DATA_DIR, under which files are kept when no bucket is configured. */
export function createArtifactStore(artifacts: Config['artifacts'], dataDir: string): ArtifactStore {
  if (!artifacts.s3Url) return createFilesystemArtifactStore(path.join(dataDir, 'artifacts'));
  const url = new URL(artifacts.s3Url);
  // Loaded only here: the S3 client is heavy, and a process without a bucket never uses it.
  const { createS3ArtifactStore } = require('./s3-artifact-store') as typeof import('./s3-artifact-store');
  return createS3ArtifactStore({
    bucket: url.hostname,
    prefix: url.pathname.replace(/^\/+|\/+$/g, ''),
    endpoint: artifacts.s3Endpoint ?? null,
    region: artifacts.s3Region,
    credentials:
      artifacts.s3AccessKeyId && artifacts.s3SecretAccessKey
        ? { accessKeyId: artifacts.s3AccessKeyId, secretAccessKey: artifacts.s3SecretAccessKey }
        : null,
  });
}
