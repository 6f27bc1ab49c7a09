/**
 * What authentication, throttling and usage recording cost per request, in one run:
 *
 *   bash scripts/with-infra.sh node --require tsx/cjs bench/access.ts [--seconds 10]
 *
 * autocannon (50 connections) against: a bare Koa route; GET /api/v1/videos/thumbnails (a route
 * that needs a key and touches no database) with the throttle off (plan without a per-minute
 * cap); the same with the Redis throttle on (a cap far above the load, so every request is
 * counted but none refused). Usage recording is on for both, as in production.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Koa from 'koa';
import { startApiServer } from '../src/runtime/api-server';
import { createBenchUser, machineLine, printTable, runMain, startBenchStack } from './support';

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '10' } } });
const SECONDS = Number(args.seconds);
const ROUTE = '/api/v1/videos/thumbnails?url=dQw4w9WgXcQ';

async function main() {
  const stack = await startBenchStack({ PLAN_LIMITS: JSON.stringify({ pro: { requests_per_minute: 1_000_000_000 } }) });
  const { config: throttledConfig, infra, logger } = stack;
  const plans = throttledConfig.limits.plans;
  const unthrottledConfig = { ...throttledConfig, limits: { ...throttledConfig.limits, plans: { ...plans, pro: { ...plans.pro, requestsPerMinute: null } } } };
  const throttled = await startApiServer(throttledConfig, infra, logger);
  const unthrottled = await startApiServer(unthrottledConfig, infra, logger);
  const key = { key: (await createBenchUser(infra.database.db, 'bench-access@example.com')).key };
  const auth = { authorization: `Bearer ${key.key}` };

  const bareApp = new Koa();
  bareApp.use(async (ctx) => {
    ctx.body = { success: true, valid: true };
  });
  const bareServer = http.createServer(bareApp.callback());
  await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bareServer.address() as { port: number }).port}/validate`;

  const bare = await cannon(bareUrl, {});
  const off = await cannon(`${unthrottled.url}${ROUTE}`, auth);
  const on = await cannon(`${throttled.url}${ROUTE}`, auth);

  console.log(`\nmachine: ${machineLine()}`);
  printTable(`HTTP (${SECONDS}s each, 50 connections)`, [
    row('bare Koa route', bare),
    row(`GET ${ROUTE}, throttle off`, off),
    row(`GET ${ROUTE}, Redis throttle on`, on),
  ]);
  console.log(`authenticated+throttled / bare: ${ratio(on, bare)}; throttle cost: ${Math.round((1 - on.requests.average / off.requests.average) * 100)}% of throughput`);
  console.log(
    JSON.stringify({
      bench: 'access',
      bare_rps: Math.round(bare.requests.average),
      auth_rps: Math.round(off.requests.average),
      auth_throttled_rps: Math.round(on.requests.average),
      auth_throttled_p99_ms: on.latency.p99,
      throttled_to_bare_ratio: ratio(on, bare),
    }),
  );

  bareServer.close();
  await throttled.close();
  await unthrottled.close();
  await stack.close();
}

type Result = autocannon.Result;
const cannon = (url: string, headers: Record<string, string>): Promise<Result> => autocannon({ url, headers, connections: 50, duration: SECONDS });
const row = (route: string, r: Result) => ({ route, 'req/s': Math.round(r.requests.average), 'p99 ms': r.latency.p99, non2xx: r.non2xx });
const ratio = (a: Result, b: Result) => Math.round((a.requests.average / b.requests.average) * 100) / 100;

runMain(main);
