/**
 * Whether answering a key gives away what the service knows about it, by time:
 *
 *   bash scripts/with-infra.sh node --require tsx/cjs bench/key-timing.ts [--rounds 3000]
 *
 * GET /api/v1/auth/validate on one keep-alive connection, one request at a time, taking the kinds
 * of key in turn each round so that drift in the machine's load falls on all of them alike: a
 * known key (cached after its first use), an unknown sk_ key the API remembers, a revoked key it
 * remembers, a fresh unknown sk_ key each time (one database lookup), and a malformed key (no
 * lookup at all). Prints each kind's median and p90, and the median difference from the known key.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { issueApiKey } from '../src/auth/api-key-format';
import { startApiServer } from '../src/runtime/api-server';
import { insertKey, revokeKey } from '../src/storage/repositories/api-key-admin';
import { createBenchUser, machineLine, percentile, printTable, round, runMain, startBenchStack } from './support';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '3000' } } });
const ROUNDS = Number(args.rounds);

async function main() {
  const stack = await startBenchStack({
    PLAN_LIMITS: JSON.stringify({ pro: { requests_per_minute: 1_000_000_000 } }),
    AUTH_FAILURES_PER_IP_PER_MINUTE: String(1_000_000_000),
  });
  const api = await startApiServer(stack.config, stack.infra, stack.logger);
  const db = stack.infra.database.db;
  const user = await createBenchUser(db, 'bench-key-timing@example.com');
  const revoked = issueApiKey();
  const row = await insertKey(db, { userId: user.userId, name: 'revoked', hash: revoked.hash, prefix: revoked.prefix, lastFour: revoked.lastFour, permissions: ['read'], expiresAt: null });
  await revokeKey(db, user.userId, row.id);
  const rememberedUnknown = issueApiKey().key;

  const kinds: Record<string, () => string> = {
    'known key': () => user.key,
    'unknown sk_ key, remembered': () => rememberedUnknown,
    'revoked key, remembered': () => revoked.key,
    'unknown sk_ key, fresh (database lookup)': () => issueApiKey().key,
    'malformed key (no lookup)': () => 'sk_not-a-key',
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL('/api/v1/auth/validate', api.url);
  const timeOne = (key: string) =>
    new Promise<number>((resolve, reject) => {
      const started = process.hrtime.bigint();
      const request = http.get(url, { agent, headers: { authorization: `Bearer ${key}` } }, (response) => {
        response.resume();
        response.on('end', () => resolve(Number(process.hrtime.bigint() - started) / 1e6));
      });
      request.on('error', reject);
    });

  // Warm-up: caches filled, connections and JIT settled.
  for (let i = 0; i < 200; i++) for (const key of Object.values(kinds)) await timeOne(key());
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, []]));
  for (let i = 0; i < ROUNDS; i++) for (const [kind, key] of Object.entries(kinds)) samples[kind]!.push(await timeOne(key()));

  const sorted = Object.fromEntries(Object.entries(samples).map(([kind, values]) => [kind, [...values].sort((a, b) => a - b)]));
  const knownMedian = percentile(sorted['known key']!, 50);
  console.log(`\nmachine: ${machineLine()}`);
  printTable(`GET /api/v1/auth/validate, ${ROUNDS} rounds, one connection`, Object.entries(sorted).map(([kind, values]) => ({
    kind,
    'median ms': round(percentile(values, 50)),
    'p90 ms': round(percentile(values, 90)),
    'median - known ms': round(percentile(values, 50) - knownMedian),
  })));
  console.log(
    JSON.stringify({
      bench: 'key-timing',
      rounds: ROUNDS,
      median_ms: Object.fromEntries(Object.entries(sorted).map(([kind, values]) => [kind, round(percentile(values, 50))])),
    }),
  );

  agent.destroy();
  await api.close();
  await stack.close();
}

runMain(main);
