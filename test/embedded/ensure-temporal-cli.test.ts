/**
 * scripts/ensure-temporal-cli.sh building the CLI into DATA_DIR/bin (the first `npm start` on a
 * machine without one): the binary it leaves is not held in the page cache as it was written.
 * Mapped from there, in the large folios a fresh write makes, the dev server's idle RSS was some
 * 50 MB higher than when the binary is read back from disk (bench/ten-megabytes.ts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

jest.setTimeout(20 * 60_000); // a cold Go build cache makes it a full build

const SCRIPT = path.join(__dirname, '../../scripts/ensure-temporal-cli.sh');

/** Bytes of `file` resident in the page cache, per util-linux's fincore. */
function residentBytes(file: string): number {
  const out = execFileSync('fincore', ['--bytes', '--noheadings', '--output', 'RES', file], { encoding: 'utf8' });
  return Number(out.trim());
}

describe('ensure-temporal-cli.sh', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vd-cli-build-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('builds the CLI into DATA_DIR/bin and leaves none of it in the page cache', () => {
    // No CLI to find: not configured, not on PATH (only Go's and the system's directories), none in GOPATH/bin.
    const goRoot = execFileSync('go', ['env', 'GOROOT'], { encoding: 'utf8' }).trim();
    const gopath = fs.mkdtempSync(path.join(dataDir, 'gopath-'));
    const { TEMPORAL_CLI_PATH: _configured, ...inherited } = process.env;
    const env = {
      ...inherited,
      PATH: [path.join(goRoot, 'bin'), '/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'].join(':'),
      GOPATH: gopath,
      // Where Go keeps modules and builds stays as it was: only its bin directory is new.
      GOMODCACHE: execFileSync('go', ['env', 'GOMODCACHE'], { encoding: 'utf8' }).trim(),
      DATA_DIR: dataDir,
    };
    const printed = execFileSync('bash', [SCRIPT], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

    const binary = path.join(fs.realpathSync(dataDir), 'bin', 'temporal');
    expect(printed).toBe(binary);
    expect(fs.statSync(binary).size).toBeGreaterThan(10 * 1024 * 1024);
    expect(residentBytes(binary)).toBe(0);
  });
});
