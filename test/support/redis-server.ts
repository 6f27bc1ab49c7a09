/**
 * A Redis server of a test's own, which the test can stop and start again on the same port (Redis
 * down and back), without touching the Redis the rest of the suite shares. No persistence: a
 * restarted server starts empty, as one that lost its memory does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './ports';

export interface OwnRedis {
  url: string;
  port: number;
  /** Stops the server (SIGTERM) and resolves once the process has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      server.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (!output.includes('Ready to accept connections')) return;
        // Only a server that came up is the one to stop later.
        child = server;
        resolve();
      });
      server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      server.once('error', reject);
      server.once('exit', (code) => reject(new Error(`redis-server exited with ${code} before it was ready: ${output}`)));
    });

  const stop = async () => {
    const server = child;
    child = null;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    server.kill('SIGTERM');
    await exited;
  };

  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop };
}
