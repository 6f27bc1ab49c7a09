/**
 * The YouTube client through the proxy pool, for real: a Postgres-backed pool, forward proxies
 * on node:http that connect out from their own loopback addresses (127.0.0.2, 127.0.0.3), and
 * the fake YouTube, which logs each request's peer address and can refuse an address
 * (`refuseFrom`) the way YouTube refuses a flagged IP. Direct requests come from 127.0.0.1.
 */
import { createYouTubeClient, YouTubeError, type YouTubeClient } from '../../src/youtube';
import { ProxyPool, type ProxyPoolOptions } from '../../src/proxies';
import { findProxy, insertProxy, listProxies } from '../../src/storage/repositories/proxies';
import type { ProxyRow } from '../../src/storage/schema';
import { startFakeYouTube, VIDEO_MANUAL_AND_AUTO, VIDEO_UNAVAILABLE, type FakeYouTube } from '../fake-youtube';
import { createTestDatabase, type TestDatabase } from '../support/infrastructure';
import { deadPort, startHangingProxy, startHttpProxy, type TestHttpProxy } from '../support/http-proxy';
import { youTubeFailureOf } from '../support/youtube-failure';

const DIRECT = '127.0.0.1';

let db: TestDatabase;
let fake: FakeYouTube;
let proxyA: TestHttpProxy;
let proxyB: TestHttpProxy;
let pool: ProxyPool | null = null;

beforeAll(async () => {
  [db, fake, proxyA, proxyB] = await Promise.all([
    createTestDatabase(),
    startFakeYouTube(),
    startHttpProxy({ egressAddress: '127.0.0.2' }),
    startHttpProxy({ egressAddress: '127.0.0.3' }),
  ]);
});

afterAll(async () => {
  await pool?.close();
  await Promise.all([fake?.close(), proxyA?.close(), proxyB?.close()]);
  await db?.drop();
});

beforeEach(async () => {
  fake.clearBehaviour();
  fake.requests.length = 0;
  proxyA.reset();
  proxyB.reset();
  await pool?.close();
  pool = null;
  await db.db.deleteFrom('proxies').execute();
});

/** Puts exactly these proxies in the pool (in this order) and returns a client using it. */
async function clientWith(
  proxies: Array<{ url: string; username?: string; password?: string; enabled?: boolean }>,
  options: { pool?: ProxyPoolOptions; requestTimeoutMs?: number } = {},
): Promise<{ client: YouTubeClient; rows: ProxyRow[] }> {
  const rows: ProxyRow[] = [];
  for (const proxy of proxies) {
    rows.push(
      await insertProxy(db.db, {
        url: proxy.url,
        username: proxy.username ?? null,
        password: proxy.password ?? null,
        label: null,
        enabled: proxy.enabled ?? true,
      }),
    );
  }
  pool = new ProxyPool(db.db, options.pool);
  const client = createYouTubeClient({ baseUrl: fake.baseUrl, requestTimeoutMs: options.requestTimeoutMs ?? 5000, proxies: pool });
  return { client, rows };
}


const addresses = () => fake.requests.map((r) => r.remoteAddress);

function expectSafe(error: YouTubeError): void {
  expect(error.message).not.toMatch(/https?:|\/\/|127\.0\.0|password|secret/);
}

describe('use_proxy true', () => {
  it('sends every request of the call through a proxy, never direct', async () => {
    const { client } = await clientWith([{ url: proxyA.url }]);
    const transcript = await client.getTranscript(VIDEO_MANUAL_AND_AUTO, { useProxy: true });
    expect(transcript.segments.length).toBeGreaterThan(10);
    expect(fake.requests.length).toBeGreaterThanOrEqual(2); // watch page and caption download at least
    expect(new Set(addresses())).toEqual(new Set(['127.0.0.2']));
    expect(proxyA.tunnels.length).toBeGreaterThanOrEqual(1);
    expect(proxyA.tunnels.every((t) => t === new URL(fake.baseUrl).host)).toBe(true);

    await client.getMetadata(VIDEO_MANUAL_AND_AUTO, { useProxy: true });
    expect(addresses()).not.toContain(DIRECT);
  });

  it('rotates over the proxies from call to call', async () => {
    const { client } = await clientWith([{ url: proxyA.url }, { url: proxyB.url }]);
    const used: string[] = [];
    for (let i = 0; i < 4; i++) {
      fake.requests.length = 0;
      await client.getMetadata(VIDEO_MANUAL_AND_AUTO, { useProxy: true });
      const seen = new Set(addresses());
      expect(seen.size).toBe(1); // one call, one route
      used.push([...seen][0]!);
    }
    expect(used).toEqual(['127.0.0.2', '127.0.0.3', '127.0.0.2', '127.0.0.3']);
  });

  it('moves on to the next proxy when YouTube blocks us through one', async () => {
    fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { refuseFrom: { addresses: ['127.0.0.2'], with: 'bot-check' } });
    const { client, rows } = await clientWith([{ url: proxyA.url }, { url: proxyB.url }]);
    await expect(client.getMetadata(VIDEO_MANUAL_AND_AUTO, { useProxy: true })).resolves.toMatchObject({ videoId: VIDEO_MANUAL_AND_AUTO });
    expect(new Set(addresses())).toEqual(new Set(['127.0.0.2', '127.0.0.3']));
    // A blocked proxy is alive: no cooldown.
    expect(await findProxy(db.db, rows[0]!.id)).toMatchObject({ consecutive_failures: 0, cooldown_until: null });
  });

  it('says SOURCE_BLOCKED when YouTube refuses us through every proxy', async () => {
    fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { refuseFrom: { addresses: ['127.0.0.2', '127.0.0.3'], with: 429 } });
    const { client } = await clientWith([{ url: proxyA.url }, { url: proxyB.url }]);
    const error = await youTubeFailureOf(client.getMetadata(VIDEO_MANUAL_AND_AUTO, { useProxy: true }));
    expect(error.kind).toBe('SOURCE_BLOCKED');
    expect(error.message).toMatch(/every proxy/);
    expectSafe(error);
    expect(addresses()).not.toContain(DIRECT);
  });

  it('fails TRANSIENT and unreachable (the job: SOURCE_UNREACHABLE), saying why, when no proxy is available', async () => {
    const { client } = await clientWith([{ url: proxyA.url, enabled: false }]);
    const error = await youTubeFailureOf(client.getMetadata(VIDEO_MANUAL_AND_AUTO, { useProxy: true }));
    expect(error.kind).toBe('TRANSIENT');
    expect(error.unreachable).toBe(true);
    expect(error.message).toMatch(/use_proxy is true but no working proxy is available/);
    expect(fake.requests).toHaveLength(0);
    expect(proxyA.used).toBe(0);

    const noPool = createYouTubeClient({ baseUrl: fake.baseUrl });
    await expect(youTubeFailureOf(noPool.getMetadata(VIDEO_MANUAL_AND_AUTO, { useProxy: true }))).resolves.toMatchObject({ kind: 'TRANSIENT', unreachable: true });
    expect(fake.requests).toHaveLength(0);
  });

  it('passes a final answer through: an unavailable video is not retried on other proxies', async () => {
    const { client } = await clientWith([{ url: proxyA.url }, { url: proxyB.url }]);
    const error = await youTubeFailureOf(client.getMetadata(VIDEO_UNAVAILABLE, { useProxy: true }));
    expect(error.kind).toBe('VIDEO_UNAVAILABLE');
    expect(new Set(addresses())).toEqual(new Set(['127.0.0.2']));
  });
});

describe('use_proxy null (the default)', () => {
  it('goes direct when YouTube lets us through', async () => {
    const { client } = await clientWith([{ url: proxyA.url }]);
    await client.getTranscript(VIDEO_MANUAL_AND_AUTO);
    await client.getMetadata(VIDEO_MANUAL_AND_AUTO, { useProxy: null });
    expect(new Set(addresses())).toEqual(new Set([DIRECT]));
    expect(proxyA.used).toBe(0);
  });

  it.each(['bot-check', 429, 'captcha-page', 'sorry-redirect'] as const)(
    'fails over to a proxy when the direct requests get %s, with a fresh cookie jar',
    async (refusal) => {
      fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { refuseFrom: { addresses: [DIRECT], with: refusal } });
      const { client } = await clientWith([{ url: proxyA.url }]);
      const transcript = await client.getTranscript(VIDEO_MANUAL_AND_AUTO, { useProxy: null });
      expect(transcript).toMatchObject({ language: 'en', source: 'captions_manual' });

      const direct = fake.requests.filter((r) => r.remoteAddress === DIRECT);
      const proxied = fake.requests.filter((r) => r.remoteAddress === '127.0.0.2');
      expect(direct.length).toBeGreaterThanOrEqual(1);
      expect(proxied.length).toBeGreaterThanOrEqual(2);
      // Every direct request came first; then the call was made again through the proxy.
      expect(fake.requests.findIndex((r) => r.remoteAddress !== DIRECT)).toBe(direct.length);
      // The proxied route is a separate client to YouTube: no cookies carried over.
      expect(proxied[0]!.cookies).toEqual({});
      expect(proxyA.tunnels.length).toBeGreaterThanOrEqual(1);
    },
  );

  it('does not fail over for failures that are not blocks', async () => {
    const { client } = await clientWith([{ url: proxyA.url }]);
    await expect(youTubeFailureOf(client.getMetadata(VIDEO_UNAVAILABLE))).resolves.toMatchObject({ kind: 'VIDEO_UNAVAILABLE' });
    fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { failNext: { with: 503, count: 2 } });
    await expect(youTubeFailureOf(client.getMetadata(VIDEO_MANUAL_AND_AUTO))).resolves.toMatchObject({ kind: 'TRANSIENT' });
    expect(proxyA.used).toBe(0);
  });

  it('keeps the direct block when the pool has no proxy', async () => {
    fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { refuseFrom: { addresses: [DIRECT], with: 'bot-check' } });
    const { client } = await clientWith([]);
    const error = await youTubeFailureOf(client.getMetadata(VIDEO_MANUAL_AND_AUTO));
    expect(error.kind).toBe('SOURCE_BLOCKED');
    expect(error.message).not.toMatch(/prox/);
  });

  it('says SOURCE_BLOCKED when the proxies are blocked too', async () => {
    fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { refuseFrom: { addresses: [DIRECT, '127.0.0.2'], with: 'bot-check' } });
    const { client } = await clientWith([{ url: proxyA.url }]);
    const error = await youTubeFailureOf(client.getMetadata(VIDEO_MANUAL_AND_AUTO));
    expect(error.kind).toBe('SOURCE_BLOCKED');
    expect(error.message).toMatch(/retrying through 1 proxy did not help \(1 blocked\)/);
    expectSafe(error);
  });
});

describe('use_proxy false', () => {
  it('never touches a proxy, and a blocked call fails SOURCE_BLOCKED', async () => {
    fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { refuseFrom: { addresses: [DIRECT], with: 'bot-check' } });
    const { client } = await clientWith([{ url: proxyA.url }, { url: proxyB.url }]);
    const error = await youTubeFailureOf(client.getTranscript(VIDEO_MANUAL_AND_AUTO, { useProxy: false }));
    expect(error.kind).toBe('SOURCE_BLOCKED');
    expect(new Set(addresses())).toEqual(new Set([DIRECT]));
    expect(proxyA.used + proxyB.used).toBe(0);
  });
});

describe('dead proxies', () => {
  it('skips a proxy that refuses connections, and later calls skip it too', async () => {
    const port = await deadPort();
    const { client, rows } = await clientWith([{ url: `http://127.0.0.1:${port}` }, { url: proxyA.url }]);
    const dead = rows[0]!;

    await expect(client.getMetadata(VIDEO_MANUAL_AND_AUTO, { useProxy: true })).resolves.toMatchObject({ videoId: VIDEO_MANUAL_AND_AUTO });
    expect(new Set(addresses())).toEqual(new Set(['127.0.0.2']));
    const marked = (await findProxy(db.db, dead.id))!;
    expect(marked).toMatchObject({ consecutive_failures: 1, last_ok: false });
    expect(marked.last_error).toMatch(/ECONNREFUSED/);
    expect(marked.last_error).not.toMatch(/127\.0\.0|http/);
    expect(marked.cooldown_until!.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Later calls, in this process and in another one (a fresh pool reads the cooldown), skip it.
    const otherPool = new ProxyPool(db.db);
    try {
      for (const later of [client, createYouTubeClient({ baseUrl: fake.baseUrl, proxies: otherPool })]) {
        for (let i = 0; i < 2; i++) {
          await later.getMetadata(VIDEO_MANUAL_AND_AUTO, { useProxy: true });
        }
      }
    } finally {
      await otherPool.close();
    }
    expect((await findProxy(db.db, dead.id))!.consecutive_failures).toBe(1);
    // The live proxy is healthy on record.
    expect(await findProxy(db.db, rows[1]!.id)).toMatchObject({ last_ok: true, consecutive_failures: 0 });
  });

  it('skips a proxy that never answers, once the request deadline passes', async () => {
    const hanging = await startHangingProxy();
    try {
      const { client, rows } = await clientWith([{ url: hanging.url }, { url: proxyA.url }], { requestTimeoutMs: 500 });
      const started = Date.now();
      await expect(client.getMetadata(VIDEO_MANUAL_AND_AUTO, { useProxy: true })).resolves.toMatchObject({ videoId: VIDEO_MANUAL_AND_AUTO });
      // One deadline, no quick retry on the same proxy.
      expect(Date.now() - started).toBeLessThan(2500);
      expect(hanging.connections).toBe(1);
      expect((await findProxy(db.db, rows[0]!.id))!.last_error).toMatch(/in time/);
    } finally {
      await hanging.close();
    }
  });

  it('for null, keeps SOURCE_BLOCKED when direct was blocked and the proxies are down', async () => {
    fake.setBehaviour(VIDEO_MANUAL_AND_AUTO, { refuseFrom: { addresses: [DIRECT], with: 'bot-check' } });
    const { client } = await clientWith([{ url: `http://127.0.0.1:${await deadPort()}` }]);
    const error = await youTubeFailureOf(client.getMetadata(VIDEO_MANUAL_AND_AUTO));
    expect(error.kind).toBe('SOURCE_BLOCKED');
    expect(error.message).toMatch(/retrying through 1 proxy did not help \(1 not answering\)/);
    expectSafe(error);
  });

  it('fails TRANSIENT when every proxy is down', async () => {
    const [p1, p2] = [await deadPort(), await deadPort()];
    const { client } = await clientWith([{ url: `http://127.0.0.1:${p1}` }, { url: `http://127.0.0.1:${p2}` }]);
    const error = await youTubeFailureOf(client.getMetadata(VIDEO_MANUAL_AND_AUTO, { useProxy: true }));
    expect(error.kind).toBe('TRANSIENT');
    expect(error.message).toMatch(/2 proxies tried, none answered/);
    expectSafe(error);
    // Both are cooling down now: the next call has nothing to try.
    const next = await youTubeFailureOf(client.getMetadata(VIDEO_MANUAL_AND_AUTO, { useProxy: true }));
    expect(next.message).toMatch(/cooling down/);
    expect((await listProxies(db.db)).map((p) => p.consecutive_failures)).toEqual([1, 1]);
  });

  it('brings a proxy back when its cooldown ends, and a success clears its record', async () => {
    const port = await deadPort();
    const { client, rows } = await clientWith([{ url: `http://127.0.0.1:${port}` }], {
      pool: { cooldown: { baseSeconds: 0.3, maxSeconds: 1 }, cacheTtlMs: 0 },
    });
    await expect(youTubeFailureOf(client.getMetadata(VIDEO_MANUAL_AND_AUTO, { useProxy: true }))).resolves.toMatchObject({ kind: 'TRANSIENT' });

    const revived = await startHttpProxy({ port, egressAddress: '127.0.0.4' });
    try {
      await expect(youTubeFailureOf(client.getMetadata(VIDEO_MANUAL_AND_AUTO, { useProxy: true }))).resolves.toMatchObject({
        message: expect.stringMatching(/cooling down/),
      });
      expect(revived.used).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 400));
      await client.getMetadata(VIDEO_MANUAL_AND_AUTO, { useProxy: true });
      expect(revived.used).toBeGreaterThan(0);
      expect(await findProxy(db.db, rows[0]!.id)).toMatchObject({ consecutive_failures: 0, cooldown_until: null, last_ok: true, last_error: null });
    } finally {
      await revived.close();
    }
  });
});

describe('credentials', () => {
  let guarded: TestHttpProxy;

  beforeAll(async () => {
    guarded = await startHttpProxy({ egressAddress: '127.0.0.5', credentials: { username: 'scraper', password: 'p@ss:word' } });
  });
  afterAll(async () => {
    await guarded?.close();
  });

  it('presents the proxy credentials, and a proxy refusing them counts as down', async () => {
    const { client, rows } = await clientWith([
      { url: guarded.url, username: 'intruder', password: 'wrong' },
      { url: guarded.url, username: 'scraper', password: 'p@ss:word' },
    ]);
    await client.getMetadata(VIDEO_MANUAL_AND_AUTO, { useProxy: true });
    expect(new Set(addresses())).toEqual(new Set(['127.0.0.5']));
    expect(guarded.refusedAuth).toBe(1);
    const refused = (await findProxy(db.db, rows[0]!.id))!;
    expect(refused.last_error).toMatch(/HTTP 407/);
    expect(refused.last_error).not.toMatch(/wrong|intruder/);
  });
});
