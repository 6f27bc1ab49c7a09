import fs from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as { __temporalDevServer?: { stop(): Promise<void> } }).__temporalDevServer;
  await server?.stop();
  if (process.env.TEST_RUN_DIR) fs.rmSync(process.env.TEST_RUN_DIR, { recursive: true, force: true });
}
