/** Both artifact stores behind one interface: a directory under DATA_DIR, and an S3 bucket over HTTP. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { artifactKeys, type ArtifactStore } from '../../src/artifacts/artifact-store';
import { createArtifactStore } from '../../src/artifacts/open-artifact-store';
import { loadConfig } from '../../src/config';
import { startTestS3, type TestS3 } from '../support/s3-server';

let s3: TestS3;
let dataDir: string;

beforeAll(async () => {
  s3 = await startTestS3();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'artifacts-'));
});
afterAll(async () => {
  await s3?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const stores: [string, () => ArtifactStore][] = [
  ['filesystem', () => createArtifactStore(loadConfig({}).artifacts, dataDir)],
  [
    's3',
    () =>
      createArtifactStore(
        loadConfig({
          ARTIFACTS_S3_URL: `s3://${s3.bucket}/service-a`,
          ARTIFACTS_S3_ENDPOINT: s3.endpoint,
          ARTIFACTS_S3_ACCESS_KEY_ID: s3.accessKeyId,
          ARTIFACTS_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        }).artifacts,
        dataDir,
      ),
  ],
];

describe.each(stores)('%s artifact store', (kind, make) => {
  let store: ArtifactStore;
  beforeAll(() => {
    store = make();
  });
  afterAll(() => store.close());

  it('keeps bytes under a key and gives them back unchanged', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255, 7]);
    const key = artifactKeys.jobFile(`job_${kind}_1`, 'infographic.png');
    await store.put(key, png, 'image/png');
    expect(await store.get(key)).toEqual(png);
    // A second put replaces the object whole.
    await store.put(key, Buffer.from('second'), 'image/png');
    expect((await store.get(key))?.toString()).toBe('second');
  });

  it('answers null for a key it does not have', async () => {
    expect(await store.get(artifactKeys.jobFile(`job_${kind}_missing`, 'infographic.png'))).toBeNull();
  });

  it("removes one job's files without touching another's", async () => {
    const a = `job_${kind}_a`;
    const b = `job_${kind}_b`;
    for (const job of [a, b]) {
      await store.put(artifactKeys.jobFile(job, 'infographic.png'), Buffer.from(`${job} png`), 'image/png');
      await store.put(artifactKeys.jobFile(job, 'infographic.svg'), Buffer.from(`${job} svg`), 'image/svg+xml');
    }
    await store.deletePrefix(artifactKeys.jobPrefix(a));
    expect(await store.get(artifactKeys.jobFile(a, 'infographic.png'))).toBeNull();
    expect(await store.get(artifactKeys.jobFile(a, 'infographic.svg'))).toBeNull();
    expect((await store.get(artifactKeys.jobFile(b, 'infographic.svg')))?.toString()).toBe(`${b} svg`);
  });

  it('refuses keys that would leave its root', async () => {
    for (const key of ['../outside', 'jobs/../../etc/passwd', '/absolute', 'jobs/./x', '']) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/not an artifact key/);
    }
  });
});

it('the filesystem store writes under DATA_DIR/artifacts and leaves no partial files', async () => {
  const store = createArtifactStore(loadConfig({}).artifacts, dataDir);
  await store.put(artifactKeys.jobFile('job_fs_layout', 'infographic.svg'), Buffer.from('<svg/>'), 'image/svg+xml');
  const dir = path.join(dataDir, 'artifacts', 'jobs', 'job_fs_layout');
  expect(await fs.readdir(dir)).toEqual(['infographic.svg']);
});

it('the S3 store keeps objects under its prefix in the bucket', async () => {
  const prefixed = stores[1]![1]();
  const bare = createArtifactStore(
    loadConfig({
      ARTIFACTS_S3_URL: `s3://${s3.bucket}`,
      ARTIFACTS_S3_ENDPOINT: s3.endpoint,
      ARTIFACTS_S3_ACCESS_KEY_ID: s3.accessKeyId,
      ARTIFACTS_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    }).artifacts,
    dataDir,
  );
  try {
    await prefixed.put(artifactKeys.jobFile('job_prefix', 'infographic.png'), Buffer.from('under a prefix'), 'image/png');
    expect((await bare.get('service-a/jobs/job_prefix/infographic.png'))?.toString()).toBe('under a prefix');
    expect(await bare.get('jobs/job_prefix/infographic.png')).toBeNull();
  } finally {
    await prefixed.close();
    await bare.close();
  }
});
