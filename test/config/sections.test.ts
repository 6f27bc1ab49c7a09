/** The configuration table: one row per variable, parsed into sections with camelCase fields. */
import { CONFIG_VARIABLE_NAMES, configVariableRows, loadConfig } from '../../src/config';

test('every variable has one row, a section and a camelCase field', () => {
  const rows = configVariableRows();
  expect(new Set(rows.map((row) => row.env)).size).toBe(rows.length);
  expect(rows.map((row) => row.env)).toEqual(CONFIG_VARIABLE_NAMES);
  for (const row of rows) {
    expect({ env: row.env, field: row.field }).toEqual({ env: row.env, field: expect.stringMatching(/^[a-z][A-Za-z0-9]*$/) });
  }
});

test('a variable arrives in its section under its field', () => {
  const config = loadConfig({ DATABASE_POOL_SIZE: '3', TEMPORAL_TASK_QUEUE: 'q', WEBHOOK_RETRY_SCHEDULE: '1,2', REQUIRE_API_AUTH: 'no' });
  expect(config.db.poolSize).toBe(3);
  expect(config.temporal.taskQueue).toBe('q');
  expect(config.webhooks.retrySchedule).toEqual([1, 2]);
  expect(config.auth.required).toBe(false);
});

test('PUBLIC_BASE_URL and DATA_DIR are settled: no trailing slash, an absolute path', () => {
  const config = loadConfig({ PORT: '9000', DATA_DIR: 'relative/data' });
  expect(config.http.publicBaseUrl).toBe('http://localhost:9000');
  expect(config.process.dataDir).toMatch(/^\/.*relative\/data$/);
  expect(loadConfig({ PUBLIC_BASE_URL: 'https://digest.example.com///' }).http.publicBaseUrl).toBe('https://digest.example.com');
});
