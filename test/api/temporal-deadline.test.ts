/**
 * A submission does not wait on a Temporal that has stopped answering: the API reaches Temporal
 * through a relay that can stall (connections accepted, nothing delivered), and a job submitted
 * meanwhile is answered 202 after the bound on workflow starts, well inside the general call
 * bound; the reconciler starts its workflow once Temporal answers again.
 */
import { VIDEO_MANUAL_AND_AUTO } from '../fake-youtube';
import { temporalAddress } from '../support/infrastructure';
import { waitFor } from '../support/processes';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { call, startTestService, type TestService } from '../support/test-service';

let proxy: TcpProxy;
let service: TestService;
let key: string;

// The general bound on a Temporal call, set far above the bound on starts: a submission still
// unanswered when the client gives up has waited on the general bound.
const CALL_TIMEOUT_MS = 60_000;
const CLIENT_GIVES_UP_MS = 20_000;

beforeAll(async () => {
  const [host, port] = temporalAddress().split(':');
  proxy = await startTcpProxy({ host: host!, port: Number(port) });
  service = await startTestService({
    withWorker: false,
    env: { TEMPORAL_ADDRESS: `${proxy.host}:${proxy.port}`, TEMPORAL_CALL_TIMEOUT_MS: String(CALL_TIMEOUT_MS), RECONCILE_AFTER_SECONDS: '1' },
  });
  ({ key } = await service.createUser('pro'));
});

afterAll(async () => {
  proxy?.resume();
  await service?.stop();
  await proxy?.close();
});

const submit = () =>
  fetch(`${service.url}/api/v1/videos/process`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: VIDEO_MANUAL_AND_AUTO, options: { summary_modes: ['tldr'] } }),
    signal: AbortSignal.timeout(CLIENT_GIVES_UP_MS),
  });

const workflowStarted = async (jobId: string) =>
  (await service.db.selectFrom('jobs').select('workflow_started').where('id', '=', jobId).executeTakeFirstOrThrow()).workflow_started;

it('answers 202 while Temporal is stalled, and the reconciler starts the workflow once it answers', async () => {
  const before = await submit();
  expect(before.status).toBe(202);
  expect(await workflowStarted(((await before.json()) as { job_id: string }).job_id)).toBe(true);

  proxy.stall();
  const during = await submit();
  expect(during.status).toBe(202);
  const jobId = ((await during.json()) as { job_id: string }).job_id;
  expect(await workflowStarted(jobId)).toBe(false);

  proxy.resume();
  await waitFor('the reconciler to start the deferred workflow', () => workflowStarted(jobId), 45_000);
  const status = await call(service, 'GET', `/api/v1/videos/status/${jobId}`, { key });
  expect(status.status).toBe(200);
  expect(status.json.status).toBe('queued');
});
