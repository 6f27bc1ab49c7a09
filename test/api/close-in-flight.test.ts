/**
 * Closing the API (SIGTERM's drain) waits, within the grace time, for the requests still being
 * handled, not only for their connections: a client that hung up mid-request leaves a handler
 * running, and that handler must finish with the service intact. Here a submission waits on a
 * row lock in Postgres, its client goes away, and the API is closed while it waits; once the lock
 * is released the job must be handed to Temporal (not left to the reconciler) and the request
 * must reach the usage log. A reconciler round under way when it stops is waited for likewise.
 * Real Postgres, Redis and Temporal; no worker needed.
 */
import http from 'node:http';
import { Client } from 'pg';
import { createJobLookup } from '../../src/jobs/job-lookup';
import { startReconciler } from '../../src/runtime/reconciler';
import { startApiServer, type RunningApi } from '../../src/runtime/api-server';
import { createTemporalClient } from '../../src/temporal/client';
import { generatedVideoId } from '../fake-youtube';
import { insertJobRow } from '../support/job-rows';
import { call, startTestService, type TestService } from '../support/test-service';

let service: TestService;

beforeAll(async () => {
  service = await startTestService({ withWorker: false });
});

afterAll(async () => {
  await service?.stop();
});

/** Sends a submission and gives up on it at `hangUp`: the socket is destroyed, no answer awaited. */
function submitAndHangUp(api: RunningApi, key: string, videoId: string, hangUp: Promise<unknown>): void {
  const payload = JSON.stringify({ url: videoId });
  const req = http.request(`${api.url}/api/v1/videos/process`, {
    method: 'POST',
    agent: false,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  });
  req.on('error', () => undefined); // the hang-up is ours
  req.end(payload);
  void hangUp.then(() => req.destroy());
}

/** Resolves once a backend of this database waits on a lock (the submission, behind ours). */
async function someoneWaitsOnALock(locker: Client): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { rows } = await locker.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the submission never waited on the lock');
}

it('lets a request whose client hung up finish with the service intact before closing', async () => {
  const api = await startApiServer(service.config, service.infra, service.logger);
  const user = await service.createUser('pro');
  // A first job makes the user's row in usage_periods, which the next submission must update.
  const first = await call(api, 'POST', '/api/v1/videos/process', { key: user.key, body: { url: generatedVideoId(71) } });
  expect(first.status).toBe(202);

  const locker = new Client({ connectionString: service.database.url });
  await locker.connect();
  try {
    await locker.query('BEGIN');
    await locker.query('SELECT 1 FROM usage_periods WHERE user_id = $1 FOR UPDATE', [user.userId]);

    const waiting = someoneWaitsOnALock(locker);
    submitAndHangUp(api, user.key, generatedVideoId(72), waiting);
    await waiting;
    await new Promise((resolve) => setTimeout(resolve, 50)); // the hang-up reaches the server

    const closed = api.close(Date.now() + 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await locker.query('COMMIT');
    await closed;
  } finally {
    await locker.end();
  }

  const jobs = await service.db
    .selectFrom('jobs')
    .select(['video_id', 'workflow_started'])
    .where('user_id', '=', user.userId)
    .orderBy('created_at')
    .execute();
  expect(jobs).toEqual([
    { video_id: generatedVideoId(71), workflow_started: true },
    { video_id: generatedVideoId(72), workflow_started: true },
  ]);
  const logged = await service.db
    .selectFrom('api_requests')
    .select((eb) => eb.fn.sum<string>('request_count').as('n'))
    .where('user_id', '=', user.userId)
    .where('endpoint', '=', '/api/v1/videos/process')
    .where('status_code', '=', 202)
    .executeTakeFirstOrThrow();
  expect(Number(logged.n)).toBe(2);
});

it('stops the reconciler only once the round under way has ended', async () => {
  const user = await service.createUser('pro');
  // Accepted ten minutes ago and never handed to Temporal: the reconciler's to start.
  const job = await insertJobRow(service.db, user.userId, {
    videoId: generatedVideoId(73),
    row: { workflow_started: false, created_at: new Date(Date.now() - 10 * 60_000) },
  });
  const temporal = createTemporalClient({
    address: service.config.temporal.address!,
    namespace: service.config.temporal.namespace,
    taskQueue: service.config.temporal.taskQueue,
  });
  const locker = new Client({ connectionString: service.database.url });
  await locker.connect();
  try {
    // The round starts the workflow, then waits to mark the job's row, which we hold.
    await locker.query('BEGIN');
    await locker.query('SELECT 1 FROM jobs WHERE id = $1 FOR UPDATE', [job.id]);
    const services = { db: service.db, store: service.infra.store, temporal, jobs: createJobLookup(service.db), logger: service.logger, config: service.config };
    const reconciler = startReconciler(services, 20);
    await someoneWaitsOnALock(locker);

    let stopped = false;
    const stopping = reconciler.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stopped).toBe(false);
    await locker.query('COMMIT');
    await stopping;
  } finally {
    await locker.end();
    await temporal.close();
  }
  const row = await service.db.selectFrom('jobs').select('workflow_started').where('id', '=', job.id).executeTakeFirstOrThrow();
  expect(row.workflow_started).toBe(true);
});
