import { ConfigError, type Config } from '../config';

/**
 * Split processes only make sense against shared infrastructure: the embedded database and
 * Temporal belong to one `npm start` process.
 */
export function requireSharedInfrastructure(config: Pick<Config, 'db' | 'temporal'>, script: string): void {
  const missing = [!config.db.url && 'DATABASE_URL', !config.temporal.address && 'TEMPORAL_ADDRESS'].filter(Boolean);
  if (missing.length > 0) {
    throw new ConfigError(
      `npm run ${script} runs against shared infrastructure: set ${missing.join(' and ')} (or use npm start for the embedded defaults)`,
    );
  }
}
