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

/** Folders that hold use cases or entry points: storage serves them and never depends on them. */
const ABOVE_STORAGE = [
  'auth',
  'batches',
  'cli',
  'pdf',
  'http',
  'infographic',
  'jobs',
  'notifications',
  'proxies',
  'runtime',
  'speech',
  'summaries',
  'usage',
  'webhooks',
  'youtube',
  'workflows',
  'activities',
  'workers',
];

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
    // Workflow code is replayed in Temporal's sandbox and must make the same decisions every time:
    // the service's workflows and the ones tests and benchmarks bundle.
    files: ['workflows/**/*.ts', 'test/workflows/fixtures/**/*.ts', 'bench/bare/workflows.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
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
              regex: '^(\\.\\./)+src/(?!domain/)',
              caseSensitive: true,
              allowTypeImports: true,
              message: 'Only src/domain is pure enough to run in a workflow; take types only from the rest of src.',
            },
          ],
        },
      ],
    },
  },

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

  {
    // The worker entry points build on the service's modules, never the other way round; only the
    // process entries (src/main.ts runs API and worker together) and the replay command reach them.
    files: ['src/**/*.ts'],
    ignores: ['src/main.ts', 'src/cli/admin/replay.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: importOfFolder(['workers']),
              caseSensitive: true,
              message: 'workers/ depends on src/, not the other way round (src/main.ts is the one entry that starts a worker).',
            },
          ],
        },
      ],
    },
  },

  {
    files: ['src/storage/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: importOfFolder(ABOVE_STORAGE),
              caseSensitive: true,
              message: 'Storage is used by the use-case folders and never uses them: take shared types from src/domain.',
            },
          ],
        },
      ],
    },
  },
);
