import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';

// Every folder of features/ is a feature: one added later is walled off without editing this file.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'bench/results/**',
      '**/.tmp/**',
      'apps/api/src/db/migrations/**',
      // Types for the plain-JavaScript scripts' vitest configs; no tsconfig holds scripts/.
      'scripts/*.d.mts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      // Without a resolver, extensionless TS imports never resolve and the path rules silently pass.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] }),
      ],
      // Dependencies are not ours to walk for cycles, and parsing them (PGlite's bundle) is slow.
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      // No barrel files: every import names the module that owns the thing.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration',
          message: 'No barrel files: import from the module that owns it.',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Served as they are to the browser (public/lite.js): classic scripts, no build step.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // React Router's loaders answer a redirect or a status by throwing it (redirect(), data()).
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
      'check-file/filename-blocklist': [
        'error',
        { '**/src/features/*/api/@(get-*|*-api.*)': '<resource>.ts' },
        {
          errorMessage:
            'A features/*/api module is named after the resource it calls (property.ts, subscription-status.ts): no get- prefix, no -api suffix.',
        },
      ],
      // Web features never import each other; shared code lives in components/ lib/ and flows upward into app/.
      'import-x/no-restricted-paths': [
        'error',
        {
          // Zones are resolved against this folder, not the shell's: linted from apps/web they still hold.
          basePath: import.meta.dirname,
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Web features never import each other: compose them in app/.',
            })),
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Imports flow shared -> features -> app.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message:
                'Shared code (components/, lib/) imports no feature and not app/: imports flow shared -> features -> app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Only repositories and the db layer touch the database; process.env is read only in config.ts.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/**/*.repository.ts',
      'apps/api/src/db/**',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/test/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/pglite*'],
              message: 'Only *.repository.ts and db/ touch the database.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from config.ts.' },
      ],
    },
  },
  {
    // The database test files share their worker's modules (isolate: false in
    // apps/api/vitest.config.ts): a module mocked in one would stay mocked in the next file.
    files: ['apps/api/src/**/*.test.ts'],
    ignores: ['apps/api/src/**/*.unit.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from config.ts.' },
        ...['mock', 'doMock', 'hoisted'].map((property) => ({
          object: 'vi',
          property,
          message:
            "Database test files share their worker's modules: mock only in a *.unit.test.ts file, or pass a fake through buildApp(deps).",
        })),
      ],
    },
  },
);
