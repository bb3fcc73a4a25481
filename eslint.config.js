import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';
import { apiModuleBoundaryConfigs, featureBoundaryConfigs } from './scripts/lint/feature-boundaries.js';
import { layerConfigs } from './scripts/lint/layers.js';

const root = import.meta.dirname;

/** Source folders covered by a tsconfig: these get the (cheap) type-aware promise rules. */
const typedSources = [
  'packages/shared/src/**/*.{ts,tsx}',
  'apps/api/src/**/*.{ts,tsx}',
  'apps/web/src/**/*.{ts,tsx}',
  'e2e/**/*.ts',
];

export default defineConfig(
  {
    name: 'safqa/ignores',
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'data/',
      'coverage/',
      '**/test-results/',
      '**/playwright-report/',
      'apps/api/src/db/migrations/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'safqa/base',
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    name: 'safqa/typed',
    files: typedSources,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    name: 'safqa/web',
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    name: 'safqa/web-classic-scripts',
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', ecmaVersion: 2019 },
  },
  { files: ['apps/web/src/**/*.{ts,tsx}'], ...reactHooks.configs.flat['recommended-latest'] },
  {
    name: 'safqa/react-hooks-tuning',
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      // The compiler's ref check assumes any function given a callback during render may call it then:
      // react-hook-form's handleSubmit(onSubmit) with a ref read inside onSubmit (an event handler) is
      // reported. We do not run the React Compiler, so this rule only produces false alarms here.
      'react-hooks/refs': 'off',
    },
  },
  {
    name: 'safqa/e2e',
    // Callbacks of page.evaluate() run in the browser.
    files: ['e2e/**/*.{ts,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  ...featureBoundaryConfigs(root),
  ...apiModuleBoundaryConfigs(root),
  ...layerConfigs(),
  {
    // "Configuration only through config.ts" (issue 41): one place parses, checks and documents every
    // setting. Entry points, tests and fault scripts may set or pass on the environment.
    name: 'safqa/api-config-only',
    files: ['apps/api/src/**/*.{ts,mts,cts,js,mjs}'],
    ignores: [
      'apps/api/src/config.ts',
      'apps/api/src/cli/**',
      'apps/api/src/test/**',
      'apps/api/src/faults/**',
      '**/*.test.*',
      '**/*.fault.*',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'Read settings from app.config (apps/api/src/config.ts), the one place that parses the environment.',
        },
      ],
    },
  },
);
