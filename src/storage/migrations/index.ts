/**
 * Migrations are listed here rather than read from disk, so they work the same under tsx, jest
 * and a bundled build. Append only: never edit one that has shipped.
 */
import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_access';

const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_access': m0002,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
