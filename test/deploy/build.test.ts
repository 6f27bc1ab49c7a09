/**
 * The compiled build (scripts/build.js, run by global setup) is complete: every file the npm
 * scripts run from dist/ is there, so are both workflow bundles and the files read at run time,
 * and a worker started from dist/ loads the prebuilt bundle and polls.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createTestDatabase, requireEnv, type TestDatabase } from '../support/infrastructure';
import { spawnEntry, waitFor, type ServiceProcess } from '../support/processes';

const ROOT = path.resolve(__dirname, '../..');
const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

it('has every file the npm scripts run from dist/', () => {
  const entries = Object.values(scripts).flatMap((command) => command.match(/\bdist\/\S+\.js\b/g) ?? []);
  expect(entries.sort()).toEqual(['dist/src/api-main.js', 'dist/src/cli/main.js', 'dist/src/main.js', 'dist/workers/main.js']);
  for (const entry of entries) expect({ entry, exists: fs.existsSync(path.join(ROOT, entry)) }).toEqual({ entry, exists: true });
});

it('runs compiled JavaScript with plain node, building first when dist/ is stale', () => {
  for (const name of ['start', 'start:api', 'start:worker', 'cli']) {
    expect({ name, command: scripts[name] }).toEqual({ name, command: expect.stringMatching(/\bnode (--[\w-]+(=\S+)? )*dist\/\S+\.js$/) });
    expect({ name, command: scripts[name] }).not.toEqual({ name, command: expect.stringContaining('tsx') });
    expect(scripts[`pre${name}`]).toBe('node scripts/build.js --if-stale');
  }
});

it('holds both workflow bundles and the files the code reads beside it', () => {
  for (const bundle of ['workflows.js', 'workflows-tracing.js']) {
    expect(fs.statSync(path.join(ROOT, 'dist/workflow-bundles', bundle)).size).toBeGreaterThan(100_000);
  }
  const templates = fs.readdirSync(path.join(ROOT, 'src/notifications/templates'));
  expect(templates.length).toBeGreaterThan(0);
  expect(fs.readdirSync(path.join(ROOT, 'dist/src/notifications/templates')).sort()).toEqual(templates.sort());
  expect(fs.existsSync(path.join(ROOT, 'dist/scripts/ensure-temporal-cli.sh'))).toBe(true);
});

it('leaves no module that only loads TypeScript at run time', () => {
  const plainJs = (dir: string): string[] =>
    fs
      .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => path.join(dir, file));
  expect(['src', 'workflows', 'activities', 'workers'].flatMap(plainJs)).toEqual([]);
});

it('hands workers the prebuilt bundles when compiled, with no bundling at start', () => {
  const script = `
    const { writeWorkflowBundle } = require('./dist/workers/workflow-bundle');
    Promise.all([writeWorkflowBundle(), writeWorkflowBundle({ tracing: true })]).then((files) => console.log(JSON.stringify(files.map((file) => file.codePath))));
  `;
  const out = execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual([path.join(ROOT, 'dist/workflow-bundles/workflows.js'), path.join(ROOT, 'dist/workflow-bundles/workflows-tracing.js')]);
});

describe('a worker started from dist/', () => {
  let database: TestDatabase;
  let worker: ServiceProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await worker?.kill('SIGTERM');
    await database.close();
  });

  it('loads the workflow bundle and polls', async () => {
    worker = spawnEntry('workers/main.ts', {
      DATABASE_URL: database.url,
      REDIS_URL: requireEnv('TEST_REDIS_URL'),
      TEMPORAL_ADDRESS: requireEnv('TEST_TEMPORAL_ADDRESS'),
      TEMPORAL_TASK_QUEUE: `compiled-build-${process.pid}`,
      LOG_LEVEL: 'info',
    });
    expect(worker.child.spawnargs).toContain(path.join(ROOT, 'dist/workers/main.js'));
    await waitFor(
      'the compiled worker to poll',
      async () => {
        if (worker!.child.exitCode !== null) throw new Error(`the worker exited:\n${worker!.output()}`);
        return worker!.output().includes('worker polling');
      },
      60_000,
    );
  });
});

describe('the Dockerfile', () => {
  const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const instructions = dockerfile
    .split('\n')
    .filter((line) => line.trim() && !line.trimStart().startsWith('#'))
    .map((line) => line.trim());
  const stages = instructions.reduce<string[][]>((all, line) => (line.startsWith('FROM ') ? [...all, [line]] : (all.at(-1)!.push(line), all)), []);

  it('builds in one stage and runs in another', () => {
    expect(stages).toHaveLength(2);
    const [build, runtime] = stages as [string[], string[]];
    expect(build[0]).toMatch(/^FROM node:20\S* AS build$/);
    expect(build).toContain('RUN npm install --no-audit --no-fund');
    expect(build.at(-1)).toBe('RUN npm run build');
    expect(runtime[0]).toMatch(/^FROM node:20\S*$/);
    expect(runtime.some((line) => /^RUN npm install --omit=dev\b/.test(line))).toBe(true);
    expect(runtime).toContain('COPY --from=build /app/dist ./dist');
  });

  it('ships no sources and no dev dependencies in the image it runs', () => {
    const runtime = stages[1]!;
    const copied = runtime.filter((line) => line.startsWith('COPY ')).map((line) => line.split(/\s+/).slice(1, -1).filter((part) => !part.startsWith('--')));
    expect(copied.flat().sort()).toEqual(['/app/dist', 'package-lock.json', 'package.json', 'scripts/build.js'].sort());
    const cmd = JSON.parse(runtime.find((line) => line.startsWith('CMD '))!.slice(4)) as string[];
    expect(cmd).toEqual(['npm', 'start']);
    expect(scripts.start).toMatch(/node .*dist\/src\/main\.js$/);
    const dependencies = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies;
    for (const devOnly of ['tsx', 'typescript', 'ts-jest']) expect({ devOnly, inDependencies: devOnly in dependencies }).toEqual({ devOnly, inDependencies: false });
  });

  it('leaves dist/ and node_modules out of the build context, as they are built inside', () => {
    const ignored = fs.readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n').map((line) => line.trim());
    expect(ignored).toEqual(expect.arrayContaining(['dist', 'node_modules']));
  });
});
