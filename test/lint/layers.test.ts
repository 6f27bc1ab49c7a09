/**
 * The layer rule of `npm run lint` (eslint.config.mjs, docs/architecture.md#layers) catches an
 * import that runs back up, and every folder of src/ has its place in a layer. ESLint loads its
 * configuration as an ES module, so the samples are linted in a child process.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

interface Sample {
  /** Where the sample pretends to stand. */
  file: string;
  code: string;
}

interface Linted {
  layers: { name: string; paths: string[] }[];
  messages: string[][];
}

function lint(samples: Sample[]): Linted {
  const script = `
    const { ESLint } = require('eslint');
    const { pathToFileURL } = require('node:url');
    const samples = JSON.parse(process.argv[1]);
    (async () => {
      const { LAYERS } = await import(pathToFileURL('eslint.config.mjs').href);
      // Without type information, which only the floating-promise rule needs: the import rules do not.
      const eslint = new ESLint({
        overrideConfig: { languageOptions: { parserOptions: { project: false } }, rules: { '@typescript-eslint/no-floating-promises': 'off' } },
      });
      const messages = [];
      for (const sample of samples) {
        const [result] = await eslint.lintText(sample.code, { filePath: sample.file });
        messages.push(result.messages.map((message) => message.ruleId + ': ' + message.message));
      }
      process.stdout.write(JSON.stringify({ layers: LAYERS, messages }));
    })();
  `;
  const out = execFileSync(process.execPath, ['-e', script, JSON.stringify(samples)], { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(out) as Linted;
}

const RULE = '@typescript-eslint/no-restricted-imports';

const samples: Record<string, Sample> = {
  storageImportsJobs: { file: 'src/storage/repositories/sample.ts', code: "import { submitJob } from '../../jobs/submit-job';\nexport const sample = submitJob;\n" },
  activityImportsUseCase: { file: 'activities/sample.ts', code: "import type { JobServices } from '../src/jobs/services';\nexport type Sample = JobServices;\n" },
  serviceImportsService: { file: 'src/infographic/sample.ts', code: "import { exportFonts } from '../pdf/fonts';\nexport const sample = exportFonts;\n" },
  workflowImportsUseCase: { file: 'workflows/sample.ts', code: "import { startJobWorkflow } from '../src/jobs/start-workflow';\nexport const sample = startJobWorkflow;\n" },
  useCaseImportsDown: {
    file: 'src/jobs/sample.ts',
    code: "import type { Db } from '../storage/database';\nimport { VIDEO_JOB_WORKFLOW } from '../contracts/video-job';\nexport const sample = (db: Db) => [db, VIDEO_JOB_WORKFLOW];\n",
  },
  workflowImportsContracts: { file: 'workflows/sample.ts', code: "import { jobProgressQuery } from '../src/contracts/video-job';\nexport const sample = jobProgressQuery;\n" },
};

let linted: Linted;
const messagesOf = (name: string) => linted.messages[Object.keys(samples).indexOf(name)];

beforeAll(() => {
  linted = lint(Object.values(samples));
});

test('an import from a higher layer fails lint', () => {
  for (const name of ['storageImportsJobs', 'activityImportsUseCase', 'workflowImportsUseCase']) {
    expect(messagesOf(name)).toContainEqual(expect.stringMatching(new RegExp(`^${RULE}: .*import only from your own layer`)));
  }
});

test('the domain services do not import each other', () => {
  expect(messagesOf('serviceImportsService')).toEqual([expect.stringMatching(/do not import each other/)]);
});

test('imports down the layers pass, and workflows reach the contracts', () => {
  expect(messagesOf('useCaseImportsDown')).toEqual([]);
  expect(messagesOf('workflowImportsContracts')).toEqual([]);
});

test('every folder and top-level file of src/ stands in a layer', () => {
  const placed = new Set(linted.layers.flatMap((layer) => layer.paths));
  const holdsCode = (dir: string) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).some((name) => name.endsWith('.ts'));
  const entries = fs
    .readdirSync(path.join(ROOT, 'src'), { withFileTypes: true })
    .filter((entry) => (entry.isDirectory() ? holdsCode(path.join(ROOT, 'src', entry.name)) : entry.name.endsWith('.ts')))
    .map((entry) => `src/${entry.name}`);
  expect(entries.filter((entry) => !placed.has(entry))).toEqual([]);
});
