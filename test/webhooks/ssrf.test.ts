/**
 * SSRF protection (docs/api-behaviour.md#where-webhooks-may-go), with ALLOW_PRIVATE_WEBHOOKS=false:
 * forbidden targets are refused when submitted (INVALID_WEBHOOK_URL, 422) and again when a delivery
 * connects, whatever DNS answers by then. A local receiver stands in for an internal service: it
 * must hear nothing.
 */
import dns from 'node:dns';
import { call, startTestService, type TestService } from '../support/test-service';
import {
  assertWebhookTarget,
  createWebhookHttpClient,
  forbiddenReason,
  guardedLookup,
  type Resolver,
  type WebhookHttpClient,
} from '../../src/webhooks';
import { AppError } from '../../src/domain/errors';
import { startReceiver, type Receiver } from './receiver';

let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
});

describe('the address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2002:a00:1::1', '6to4'],
    ['2001:db8::1', 'reserved'],
    ['::7f00:1', 'reserved'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(forbiddenReason(address)).toBe(reason);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(forbiddenReason(address)).toBeNull();
  });
});

describe('assertWebhookTarget', () => {
  const refused = async (url: string, resolver?: Resolver) => {
    const error = await assertWebhookTarget(url, { allowPrivate: false, resolver }).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('INVALID_WEBHOOK_URL');
    expect((error as AppError).httpStatus).toBe(422);
  };

  it('refuses what is not http(s), or carries credentials', async () => {
    await refused('ftp://example.com/hook');
    await refused('file:///etc/passwd');
    await refused('http://user:pass@example.com/hook');
    await refused('not a url');
  });

  it('refuses names that resolve to a forbidden address, with real DNS', async () => {
    await refused('http://localhost:8080/hook');
  });

  it('refuses a name if any of its addresses is forbidden, and names that do not resolve', async () => {
    const mixed: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.8', family: 4 },
    ];
    await refused('https://hooks.example.test/x', mixed);
    await refused('https://hooks.example.test/x', async () => []);
    await refused('https://hooks.example.test/x', async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    });
  });

  it('accepts public literals and names that resolve publicly', async () => {
    await expect(assertWebhookTarget('https://93.184.216.34/hook', { allowPrivate: false })).resolves.toBeUndefined();
    await expect(assertWebhookTarget('http://[2606:4700:4700::1111]/hook', { allowPrivate: false })).resolves.toBeUndefined();
    const publicDns: Resolver = async () => [{ address: '93.184.216.34', family: 4 }];
    await expect(assertWebhookTarget('https://hooks.example.test/x', { allowPrivate: false, resolver: publicDns })).resolves.toBeUndefined();
  });

  it('lets anything http(s) through with allowPrivate', async () => {
    await expect(assertWebhookTarget('http://127.0.0.1:9/hook', { allowPrivate: true })).resolves.toBeUndefined();
    await expect(assertWebhookTarget('http://localhost/hook', { allowPrivate: true })).resolves.toBeUndefined();
    await expect(assertWebhookTarget('ftp://localhost/hook', { allowPrivate: true })).rejects.toMatchObject({ code: 'INVALID_WEBHOOK_URL' });
  });
});

describe('the connect-time lookup', () => {
  const lookup = guardedLookup();
  const run = (host: string, options: dns.LookupOptions) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      lookup(host, options, (error, address) => resolve({ error, address })),
    );

  it.each(['localhost', '127.0.0.1', '::1', '::ffff:127.0.0.1', '0.0.0.0', '169.254.169.254'])(
    'refuses %s, whichever form Node asks for',
    async (host) => {
      for (const options of [{}, { all: true }, { family: 4 }] as dns.LookupOptions[]) {
        const { error } = await run(host, options);
        expect(error?.code).toBe('EWEBHOOKTARGET');
      }
    },
  );

  it('hands back public addresses in the form asked for', async () => {
    const publicLookup = guardedLookup(async () => [{ address: '93.184.216.34', family: 4 }]);
    const single = await new Promise<unknown[]>((resolve) => publicLookup('x.test', {}, (...args) => resolve(args)));
    expect(single).toEqual([null, '93.184.216.34', 4]);
    const all = await new Promise<unknown[]>((resolve) => publicLookup('x.test', { all: true }, (...args) => resolve(args)));
    expect(all).toEqual([null, [{ address: '93.184.216.34', family: 4 }]]);
  });
});

describe('the delivery HTTP client', () => {
  let guarded: WebhookHttpClient;
  beforeAll(() => {
    guarded = createWebhookHttpClient({ timeoutMs: 2_000, allowPrivate: false });
  });
  afterAll(async () => {
    await guarded.close();
  });

  it.each(['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '0.0.0.0'])(
    'refuses to connect to %s, and the receiver hears nothing',
    async (host) => {
      receiver.behave('/internal', { kind: 'accept' });
      const result = await guarded.post(`http://${host}:${receiver.port}/internal`, { 'content-type': 'application/json' }, '{}');
      expect(result).toMatchObject({ statusCode: null, error: 'refused: the target is not a public address' });
      expect(receiver.requestsTo('/internal')).toHaveLength(0);
    },
  );

  it('refuses a name that passed the submission check but resolves privately by delivery time (DNS rebinding)', async () => {
    let answers = 0;
    // The first answer (at submission) is public; every later one points inside.
    const rebinding: Resolver = async () => (answers++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]);
    const url = `http://rebind.example.test:${receiver.port}/internal`;
    await expect(assertWebhookTarget(url, { allowPrivate: false, resolver: rebinding })).resolves.toBeUndefined();
    const client = createWebhookHttpClient({ timeoutMs: 2_000, allowPrivate: false, resolver: rebinding });
    try {
      const result = await client.post(url, {}, '{}');
      expect(result).toMatchObject({ statusCode: null, error: 'refused: the target is not a public address' });
    } finally {
      await client.close();
    }
    expect(receiver.requestsTo('/internal')).toHaveLength(0);
  });

  it('never follows a redirect, wherever it points', async () => {
    const open = createWebhookHttpClient({ timeoutMs: 2_000, allowPrivate: true });
    try {
      receiver.behave('/public-looking', { kind: 'redirect', location: `http://127.0.0.1:${receiver.port}/metadata`, status: 307 });
      const result = await open.post(`http://localhost:${receiver.port}/public-looking`, {}, '{}');
      expect(result.statusCode).toBe(307);
      expect(receiver.requestsTo('/metadata')).toHaveLength(0);
    } finally {
      await open.close();
    }
  });

  it('reports timeouts and refused connections as failed attempts', async () => {
    const open = createWebhookHttpClient({ timeoutMs: 300, allowPrivate: true });
    try {
      receiver.behave('/slow', { kind: 'hang' });
      const slow = await open.post(`${receiver.url}/slow`, {}, '{}');
      expect(slow).toEqual({ statusCode: null, error: expect.stringMatching(/^timeout/) });
      const closed = await open.post('http://127.0.0.1:9/hook', {}, '{}');
      expect(closed).toMatchObject({ statusCode: null, error: 'connection refused' });
    } finally {
      await open.close();
    }
  });
});

describe('submission through the API', () => {
  let service: TestService;
  let pro: { key: string };
  let admin: { key: string };

  beforeAll(async () => {
    service = await startTestService({ withWorker: false, env: { ALLOW_PRIVATE_WEBHOOKS: 'false' } });
    pro = await service.createUser('pro');
    admin = await service.createUser('admin');
  });

  afterAll(async () => {
    await service?.stop();
  });

  const FORBIDDEN = [
    'http://127.0.0.1/hook',
    'http://10.0.0.1/hook',
    'http://172.16.0.1/hook',
    'http://192.168.1.1/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/hook',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://0.0.0.0/hook',
    'http://localhost:8080/hook',
    'https://2130706433/hook', // 127.0.0.1 written as one number
    'http://[fd00::1]/hook',
    'ftp://example.com/hook',
  ];

  it.each(FORBIDDEN)('POST /api/v1/videos/process refuses webhook_url %s with INVALID_WEBHOOK_URL', async (webhookUrl) => {
    const res = await call(service, 'POST', '/api/v1/videos/process', { key: pro.key, body: { url: 'dQw4w9WgXcQ', webhook_url: webhookUrl } });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ success: false, error: { code: 'INVALID_WEBHOOK_URL' } });
    expect(res.text).not.toMatch(/127\.0\.0\.1|::1/);
  });

  it('process-sync refuses them too', async () => {
    const res = await call(service, 'POST', '/api/v1/videos/process-sync', {
      key: admin.key,
      body: { url: 'dQw4w9WgXcQ', webhook_url: 'http://169.254.169.254/' },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('INVALID_WEBHOOK_URL');
  });

  it('refused submissions create no job', async () => {
    const list = await call(service, 'GET', '/api/v1/videos/', { key: pro.key });
    expect(list.json.pagination.total).toBe(0);
  });

  it('checks the plan before the address: free plans get PLAN_UPGRADE_REQUIRED', async () => {
    const free = await service.createUser('free');
    const res = await call(service, 'POST', '/api/v1/videos/process', { key: free.key, body: { url: 'dQw4w9WgXcQ', webhook_url: 'http://10.0.0.1/' } });
    expect(res.status).toBe(403);
    expect(res.json.error).toMatchObject({ code: 'PLAN_UPGRADE_REQUIRED', details: { feature: 'webhook_url' } });
  });

  it('documents the webhook routes and fields in the OpenAPI document', async () => {
    const res = await call(service, 'GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.json.paths)).toEqual(expect.arrayContaining(['/api/v1/videos/webhooks/{job_id}', '/api/v1/batch/webhooks/{batch_id}']));
    expect(Object.keys(res.json.components.schemas)).toEqual(expect.arrayContaining(['WebhookState', 'WebhookDelivery', 'WebhookAttempt']));
    expect(JSON.stringify(res.json.components.schemas.JobStatus)).toContain('WebhookState');
  });

  it('accepts a public address', async () => {
    const res = await call(service, 'POST', '/api/v1/videos/process', { key: pro.key, body: { url: 'dQw4w9WgXcQ', webhook_url: 'https://93.184.216.34/hook' } });
    expect(res.status).toBe(202);
    const status = await call(service, 'GET', `/api/v1/videos/status/${res.json.job_id}`, { key: pro.key });
    expect(status.json.webhook).toEqual({ url: 'https://93.184.216.34/hook', deliveries: [] });
  });
});
