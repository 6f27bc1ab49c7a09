/**
 * The baseline the status route is compared with: a bare Koa app answering a small JSON body, in
 * its own process like the API, on PORT (0: any free port). Prints `listening <port>` once ready.
 */
import http from 'node:http';
import Koa from 'koa';

const app = new Koa();
app.use(async (ctx) => {
  ctx.body = { success: true, status: 'ok' };
});
const server = http.createServer(app.callback());
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening ${(server.address() as { port: number }).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
