/**
 * Runs the fake YouTube on its own:
 *   npx tsx test/fake-youtube/main.ts --port 4567 [--host 127.0.0.1] [--latency-ms 200]
 * Prints its base URL on stdout (for YOUTUBE_BASE_URL) and runs until interrupted.
 */
import { startFakeYouTube } from './server';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index >= 0) return process.argv[index + 1];
  const inline = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

async function main(): Promise<void> {
  const portText = argument('port');
  const port = portText === undefined ? 0 : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`invalid --port ${portText}`);
    process.exit(2);
  }
  const latencyText = argument('latency-ms');
  const latencyMs = latencyText === undefined ? 0 : Number(latencyText);
  if (!Number.isFinite(latencyMs) || latencyMs < 0) {
    console.error(`invalid --latency-ms ${latencyText}`);
    process.exit(2);
  }
  const fake = await startFakeYouTube({ port, host: argument('host'), latencyMs });
  console.log(fake.baseUrl);

  const stop = () => {
    void fake.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
