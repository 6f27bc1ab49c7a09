/**
 * Artifacts in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...), through the AWS SDK. With
 * an explicit endpoint the requests use path-style addressing, which every such store accepts.
 * The SDK retries throttling and 5xx itself (three attempts); what still fails reaches the caller's
 * retry policy.
 */
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type ArtifactStore } from './artifact-store';

export interface S3ArtifactStoreOptions {
  bucket: string;
  /** Key prefix inside the bucket, without slashes at either end; '' for none. */
  prefix: string;
  endpoint: string | null;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

export function createS3ArtifactStore(options: S3ArtifactStoreOptions): ArtifactStore {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return options.prefix ? `${options.prefix}/${key}` : key;
  };
  const Bucket = options.bucket;
  return {
    location: `s3://${options.bucket}${options.prefix ? `/${options.prefix}` : ''}`,
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: body, ContentType: contentType, ContentLength: body.byteLength }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return null;
        throw error;
      }
    },
    async deletePrefix(prefix) {
      const Prefix = objectKey(prefix);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length > 0) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async close() {
      client.destroy();
    },
  };
}
