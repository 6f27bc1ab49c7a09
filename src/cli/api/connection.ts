/**
 * Where the client commands find the service and which key they use: --url and --api-key, else
 * VIDEO_DIGEST_URL and VIDEO_DIGEST_API_KEY, else (for the address) PUBLIC_BASE_URL or the
 * service's own default, http://localhost:8080.
 */
import { Option, type Command } from 'commander';
import { createVideoDigestClient, type VideoDigestClient } from '../../../client';
import { UsageError } from '../usage-error';

export const DEFAULT_SERVICE_URL = 'http://localhost:8080';

export interface ConnectionOptions {
  url?: string;
  apiKey?: string;
}

export interface Connection {
  client: VideoDigestClient;
  baseUrl: string;
}

export function addConnectionOptions(command: Command): Command {
  return command
    .addOption(new Option('--url <url>', `the service's address (default: PUBLIC_BASE_URL, else ${DEFAULT_SERVICE_URL})`).env('VIDEO_DIGEST_URL'))
    .addOption(new Option('--api-key <key>', 'the API key to use (the variable keeps it out of the process list)').env('VIDEO_DIGEST_API_KEY'));
}

/** An empty value counts as unset, as the service's own configuration treats it. */
const given = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

export function connect(options: ConnectionOptions): Connection {
  const url = given(options.url) ?? given(process.env.PUBLIC_BASE_URL) ?? DEFAULT_SERVICE_URL;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--url must be an http(s) address such as ${DEFAULT_SERVICE_URL}, not ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UsageError(`--url must be an http(s) address such as ${DEFAULT_SERVICE_URL}, not ${JSON.stringify(url)}`);
  }
  const apiKey = given(options.apiKey);
  if (!apiKey) throw new UsageError('no API key: set VIDEO_DIGEST_API_KEY or pass --api-key (cli users create prints a first one)');
  const baseUrl = url.replace(/\/+$/, '');
  return { client: createVideoDigestClient({ baseUrl, apiKey }), baseUrl };
}
