/**
 * A real S3-compatible HTTP server for the tests (s3rver: the S3 REST API over a directory), with
 * one bucket, reached by the service through the AWS SDK exactly as a MinIO or AWS bucket would be.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'artifacts'): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = (await server.run()) as unknown as { port: number };
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    // s3rver checks signatures against its one built-in credential pair.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
