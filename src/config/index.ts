/**
 * The one place that reads the environment (docs/api-behaviour.md#configuration). The variables of
 * ./variables.ts are parsed once into sections (`config.db`, `config.temporal`, ...), and each module
 * receives the section it works with, so a bad value stops start-up here with a message naming the
 * variable.
 */
import path from 'node:path';
import { z } from 'zod';
import { CONFIG_SECTIONS, type ConfigSectionName, type ConfigVariable } from './variables';

export { CONFIG_SECTIONS, type ConfigSectionName, type ConfigVariable } from './variables';

type Sections = typeof CONFIG_SECTIONS;
type SectionValues<S> = { -readonly [F in keyof S]: S[F] extends ConfigVariable<infer T> ? z.output<T> : never };

/** The configuration as the code receives it: one object per section, with camelCase fields. */
export type Config = { [N in ConfigSectionName]: SectionValues<Sections[N]> } & {
  /** Absolute DATA_DIR. */
  process: { dataDir: string };
  /** PUBLIC_BASE_URL without a trailing slash, else http://localhost:PORT. */
  http: { publicBaseUrl: string };
};

type AllVariables = { [N in ConfigSectionName]: Sections[N][keyof Sections[N]] }[ConfigSectionName];

/** The parsed values by environment name, flat (for tooling that lists variables by name). */
export type Env = { [V in AllVariables as V extends ConfigVariable<z.ZodType, infer E> ? E : never]: V extends ConfigVariable<infer T> ? z.output<T> : never };

/** One row per variable, in the table's order: what the configuration reference lists. */
export interface ConfigVariableRow {
  env: string;
  section: ConfigSectionName;
  field: string;
  schema: z.ZodType;
}

export function configVariableRows(): ConfigVariableRow[] {
  return Object.entries(CONFIG_SECTIONS).flatMap(([section, fields]) =>
    Object.entries(fields).map(([field, variable]: [string, ConfigVariable]) => ({
      env: variable.env,
      section: section as ConfigSectionName,
      field,
      schema: variable.schema,
    })),
  );
}

/** The flat schema of every variable, by its environment name, so a refusal names the variable. */
const EnvSchema = z.object(Object.fromEntries(configVariableRows().map((row) => [row.env, row.schema])));

/** Each variable's name and schema, in the table's order. */
export function configVariableSchemas(): ReadonlyArray<readonly [name: string, schema: z.ZodType]> {
  return configVariableRows().map((row) => [row.env, row.schema] as const);
}

/** Every variable the configuration reads, from the table itself (deployment files are checked against it). */
export const CONFIG_VARIABLE_NAMES: readonly string[] = Object.freeze(Object.keys(EnvSchema.shape));

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * For a process that serves the API: its metrics need a listener of their own. Checked where the
 * API runs only, since a worker alone never listens on PORT and may well give its metrics 8080.
 */
export function requireMetricsPortApartFromApi(config: { http: Pick<Config['http'], 'port'>; metrics: Pick<Config['metrics'], 'port'> }): void {
  if (config.metrics.port !== 0 && config.metrics.port === config.http.port) {
    throw new ConfigError(
      `Invalid configuration:\n  METRICS_PORT: ${config.metrics.port} is PORT as well; the metrics need a port of their own (or METRICS_PORT=0 for none)`,
    );
  }
}

/**
 * LEGACY_KEY_PREFIX read on its own, for text such as the CLI's usage that should not fail
 * because some unrelated variable is bad; null when this one is itself invalid.
 */
export function readLegacyKeyPrefix(env: NodeJS.ProcessEnv = process.env): string | null {
  const parsed = CONFIG_SECTIONS.auth.legacyKeyPrefix.schema.safeParse(env.LEGACY_KEY_PREFIX || undefined);
  return parsed.success ? parsed.data : null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const byName = parsed.data;
  const sections = Object.fromEntries(
    Object.entries(CONFIG_SECTIONS).map(([section, fields]) => [
      section,
      Object.fromEntries(Object.entries(fields).map(([field, variable]: [string, ConfigVariable]) => [field, byName[variable.env]])),
    ]),
  ) as Config;
  requireConsistent(sections);
  sections.process.dataDir = path.resolve(sections.process.dataDir);
  sections.http.publicBaseUrl = (sections.http.publicBaseUrl ?? `http://localhost:${sections.http.port}`).replace(/\/+$/, '');
  return sections;
}

/** The rules that span variables, each refusal naming them. */
function requireConsistent({ llm, stt, artifacts }: Config): void {
  if (llm.provider !== 'extractive' && !llm.model) {
    throw new ConfigError(
      `Invalid configuration:\n  LLM_MODEL: required with SUMMARY_PROVIDER=${llm.provider} (e.g. ${llm.provider === 'openai' ? 'gpt-4o-mini, or llama3.1 on Ollama' : 'claude-sonnet-4-5'})`,
    );
  }
  if (stt.provider === 'openai' && !stt.baseUrl) {
    throw new ConfigError('Invalid configuration:\n  STT_BASE_URL: required with STT_PROVIDER=openai (e.g. https://api.openai.com/v1, or http://localhost:8000/v1 for a local server)');
  }
  if (stt.provider === 'local' && !stt.localModel) {
    throw new ConfigError('Invalid configuration:\n  STT_LOCAL_MODEL: required with STT_PROVIDER=local (the path of a whisper.cpp ggml model file, e.g. ggml-base.en.bin)');
  }
  if (stt.chunkOverlapSeconds * 2 >= stt.chunkSeconds) {
    throw new ConfigError('Invalid configuration:\n  STT_CHUNK_OVERLAP_SECONDS: must be less than half of STT_CHUNK_SECONDS');
  }
  if (Boolean(artifacts.s3AccessKeyId) !== Boolean(artifacts.s3SecretAccessKey)) {
    throw new ConfigError('Invalid configuration:\n  ARTIFACTS_S3_ACCESS_KEY_ID and ARTIFACTS_S3_SECRET_ACCESS_KEY: set both or neither');
  }
}
