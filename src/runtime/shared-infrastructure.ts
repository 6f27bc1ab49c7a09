import { ConfigError, type Config } from '../config';

/**
 * Split processes only make sense against shared infrastructure: the embedded database and
 * Temporal belong to one `npm start` process.
 */
export function requireSharedInfrastructure(config: Config, script: string): void {
  const missing = [!config.DATABASE_URL && 'DATABASE_URL', !config.TEMPORAL_ADDRESS && 'TEMPORAL_ADDRESS'].filter(Boolean);
  if (missing.length > 0) {
    throw new ConfigError(
      `npm run ${script} runs against shared infrastructure: set ${missing.join(' and ')} (or use npm start for the embedded defaults)`,
    );
  }
}
