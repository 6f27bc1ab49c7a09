// @ts-check
/**
 * The linter `npm run lint` and `npm test` run: typescript-eslint's recommended rules, with type
 * information for the one rule that needs it (floating promises), plus the import rules that keep
 * workflow code deterministic and the folders' dependencies one-way.
 */
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** An import of `folder/...` from any depth below it: imports are relative, no path aliases. */
const importOfFolder = (folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;

const NODE_BUILTINS = builtinModules.filter((name) => !name.startsWith('node:'));

/** The only packages workflow code may load: the rest may do I/O or differ between replays. */
const WORKFLOW_PACKAGES = ['@temporalio/workflow', '@temporalio/common'];

/**
 * The layers, top to bottom. A file imports from its own layer and the layers below it, never from
 * one above (madge keeps each layer free of circles); in a layer marked `apart`, no folder imports
 * another of its folders either. docs/architecture.md#layers draws them with the path of one job.
 */
export const LAYERS = [
  { name: 'entry points', paths: ['src/main.ts', 'src/api-main.ts', 'src/cli', 'workers'] },
  { name: 'runtime', paths: ['src/runtime'] },
  { name: 'http', paths: ['src/http'] },
  { name: 'batches', paths: ['src/batches'] },
  { name: 'jobs', paths: ['src/jobs'] },
  { name: 'workflows', paths: ['workflows'] },
  { name: 'activities', paths: ['activities'] },
  {
    name: 'domain services',
    apart: true,
    paths: ['src/auth', 'src/proxies', 'src/notifications', 'src/webhooks', 'src/usage', 'src/pdf', 'src/infographic', 'src/speech', 'src/summaries'],
  },
  { name: 'youtube', paths: ['src/youtube'] },
  { name: 'storage', paths: ['src/storage'] },
  { name: 'infrastructure', paths: ['src/transcripts', 'src/embedded', 'src/artifacts', 'src/temporal', 'src/tracing', 'src/metrics'] },
  { name: 'lib', paths: ['src/lib', 'src/config', 'src/config-reference.ts', 'src/logger.ts'] },
  { name: 'contracts', paths: ['src/contracts'] },
  { name: 'domain', paths: ['src/domain'] },
];

/** The files of a layer's path: a folder's TypeScript files, or the one file. */
const filesOf = (paths) => paths.map((path) => (path.endsWith('.ts') ? path : `${path}/**/*.ts`));

/**
 * A relative import of one of `paths` from a file of `from`: src/ folders are reached as `../name`
 * from inside them, as `./name` from a file in src/ itself and as `../src/name` from the top-level
 * folders.
 */
function importOfPaths(paths, from) {
  const names = paths.map((path) => path.replace(/\.ts$/, ''));
  const inSrc = names.filter((name) => name.startsWith('src/')).map((name) => name.slice('src/'.length));
  const topLevel = names.filter((name) => !name.startsWith('src/'));
  const alternatives = /^src\/[^/]+\.ts$/.test(from)
    ? [...(inSrc.length ? [`\\./(${inSrc.join('|')})`] : []), ...(topLevel.length ? [`\\.\\./(${topLevel.join('|')})`] : [])]
    : [...(inSrc.length ? [`(\\.\\./)+(src/)?(${inSrc.join('|')})`] : []), ...(topLevel.length ? [`(\\.\\./)+(${topLevel.join('|')})`] : [])];
  return `^(${alternatives.join('|')})(/|$)`;
}

/** The import patterns that keep `path`, of LAYERS[index], from importing upwards or across its apart layer. */
function layerPatterns(index, path) {
  const layer = LAYERS[index];
  const above = LAYERS.slice(0, index).flatMap((upper) => upper.paths);
  const patterns = [];
  if (above.length) {
    patterns.push({
      regex: importOfPaths(above, path),
      caseSensitive: true,
      message: `${layer.name} is below ${LAYERS.slice(0, index).map((upper) => upper.name).join(', ')}: import only from your own layer and the ones below (docs/architecture.md#layers).`,
    });
  }
  const others = layer.apart ? layer.paths.filter((other) => other !== path) : [];
  if (others.length) {
    patterns.push({
      regex: importOfPaths(others, path),
      caseSensitive: true,
      message: `The ${layer.name} do not import each other: move what two of them share down a layer (docs/architecture.md#layers).`,
    });
  }
  return patterns;
}

/** Workflow code is replayed in Temporal's sandbox and must make the same decisions every time. */
const WORKFLOW_PATTERNS = [
  {
    regex: `^(node:|(${NODE_BUILTINS.join('|')})(/|$))`,
    caseSensitive: true,
    message: 'Node built-ins do I/O or vary between runs, and the workflow sandbox does not provide them.',
  },
  {
    regex: `^(?!\\.|node:|(${WORKFLOW_PACKAGES.join('|')})$|(${NODE_BUILTINS.join('|')})(/|$))`,
    caseSensitive: true,
    allowTypeImports: true,
    message: `Workflow code may load only ${WORKFLOW_PACKAGES.join(' and ')}; use types from other packages.`,
  },
  {
    regex: importOfFolder(['activities', 'workers']),
    caseSensitive: true,
    allowTypeImports: true,
    message: 'Activities and workers run outside the workflow: call activities through proxyActivities, import types only.',
  },
  {
    regex: '^(\\.\\./)+src/(?!domain/|contracts/)',
    caseSensitive: true,
    allowTypeImports: true,
    message: 'Only src/contracts and src/domain are pure enough to run in a workflow; take types only from the rest of src.',
  },
];

/** One block per layer folder: its upward imports refused (and, in workflows, what breaks replay). */
const LAYER_BLOCKS = LAYERS.flatMap((layer, index) =>
  layer.paths
    .filter((path) => path !== 'src/domain')
    .map((path) => {
      const patterns = [...(path === 'workflows' ? WORKFLOW_PATTERNS : []), ...layerPatterns(index, path)];
      return { files: filesOf([path]), rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] } };
    })
    .filter((block) => block.rules['@typescript-eslint/no-restricted-imports'][1].patterns.length > 0),
);

export default defineConfig(
  globalIgnores(['client/openapi.d.ts']),

  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      // One tsconfig covers every linted file: building its program once is faster than the project service.
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A promise nobody awaits loses its rejection, and in a workflow its ordering.
      '@typescript-eslint/no-floating-promises': 'error',
      // tsc reports these (noUnusedLocals, noUnusedParameters): one place to fix them, not two.
      '@typescript-eslint/no-unused-vars': 'off',
      // Control characters are what the sanitisers and their tests look for, on purpose.
      'no-control-regex': 'off',
      // The Temporal client's call contexts last only as long as the synchronous call
      // (src/temporal/client.ts), so a scope around awaiting code would be lost silently.
      'no-restricted-properties': [
        'error',
        ...['withDeadline', 'withAbortSignal', 'withMetadata'].map((property) => ({
          property,
          message: 'Temporal call contexts are synchronous here: set deadlines in createTemporalClient (methodTimeoutsMs).',
        })),
      ],
    },
  },

  {
    // Tests and benchmarks read JSON bodies whose shape is the thing under test.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  {
    // Each command loads its database and Temporal code on use, so --help and the client commands start fast.
    files: ['src/cli/commands/**/*.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  {
    // Heavy parts loaded on first use only: the model engine and the AI SDK under it (a summary
    // thread's first model job), the S3 client (an artifact store in S3), the tracing SDK and
    // Temporal's tracing interceptors (traces exported) and nodemailer (mail sent through SMTP_URL).
    files: [
      'src/summaries/thread/summary-task.ts',
      'src/artifacts/open-artifact-store.ts',
      'src/tracing/tracing.ts',
      'src/tracing/temporal-tracing.ts',
      'src/notifications/smtp.ts',
    ],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  {
    // The worker-thread entries: plain CommonJS that loads the TypeScript task through tsx.
    files: ['**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', __filename: 'readonly' },
    },
  },

  {
    // The workflows the tests and benchmarks bundle obey the service's workflow rules.
    files: ['test/workflows/fixtures/**/*.ts', 'bench/bare/workflows.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: WORKFLOW_PATTERNS }] },
  },

  ...LAYER_BLOCKS,

  {
    files: ['src/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./)',
              caseSensitive: true,
              message: 'src/domain is the core every other folder builds on: it imports nothing outside itself.',
            },
          ],
        },
      ],
    },
  },
);
