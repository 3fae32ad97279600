import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The folders directly under `folder`: the API's modules, the web app's features. */
const foldersIn = (folder) =>
  readdirSync(join(import.meta.dirname, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const apiModules = foldersIn('apps/api/src/modules');
// The screens' reads (decision 112) compose the other modules' services, as the app's wiring
// composes their routes: the one module that reads through the others, and none reads it.
const SCREENS_MODULE = 'screens';
const webFeatures = foldersIn('apps/web/src/features');

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '**/playwright-report/**',
      '**/test-results/**',
      'apps/web/src/route-tree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // TanStack Router's redirect() and notFound() are thrown by design.
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    // expect.any() and friends are typed `any` by design.
    files: ['**/*.test.{ts,tsx}', '**/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // Test data is for tests and scripts: it must never reach the server or a bundle.
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/api/src/**/*.ts', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**', 'packages/shared/src/fixtures/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@forja/shared/fixtures/*', '**/fixtures/*'],
              message: 'Fixtures are test data: import them only from tests and scripts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The API's layers: a module is reached only through the app's wiring, and the shared
    // layers below the modules never reach up into them. See apps/api/README.md.
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
    },
    rules: {
      // The API's own files are all there is to walk: a cycle through a package would be
      // that package's, and the depth bounds the walk on a small machine.
      'import-x/no-cycle': ['error', { maxDepth: 12, ignoreExternal: true }],
    },
  },
  {
    // Tests may set a scene with another module's service; the code they test may not.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...apiModules
              .filter((name) => name !== SCREENS_MODULE)
              .map((name) => ({
                target: `apps/api/src/modules/${name}`,
                from: 'apps/api/src/modules',
                except: [`./${name}`],
                message:
                  'A module never imports another: move what both need to db/, http/, security/ or a shared folder (notifications/notify.ts for notify).',
              })),
            ...[
              'db',
              'http',
              'adapters',
              'security',
              'nutrition',
              'trainee-figures',
              'images',
              'events',
              'notifications',
              'jobs',
            ].map((layer) => ({
              target: `apps/api/src/${layer}`,
              from: 'apps/api/src/modules',
              message: `${layer}/ sits below the modules: it never imports them.`,
            })),
            {
              target: 'apps/api/src/db',
              from: 'apps/api/src/http',
              message: 'db/ sits below http/: it never imports it.',
            },
          ],
        },
      ],
    },
  },
  {
    // The web app's layers: shared pieces (components/, lib/) → features → routes. A feature
    // never imports another; routes compose them. See apps/web/README.md.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js'],
          // The `#` imports of apps/web/package.json name `.js` files, as TypeScript reads
          // them: the source is the `.ts` or `.tsx` file of that name.
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 12, ignoreExternal: true }],
    },
  },
  {
    // Tests may render the whole app; the code they test may not reach across.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((name) => ({
              target: `apps/web/src/features/${name}`,
              from: 'apps/web/src/features',
              except: [`./${name}`],
              message:
                'A feature never imports another: move what both need to components/ or lib/, or compose them in a route.',
            })),
            ...['components', 'lib'].map((layer) => ({
              target: `apps/web/src/${layer}`,
              from: ['apps/web/src/features', 'apps/web/src/routes'],
              message: `${layer}/ sits below the features and routes: it never imports them.`,
            })),
            {
              target: 'apps/web/src/features',
              from: 'apps/web/src/routes',
              message: 'Features sit below the routes: they never import them.',
            },
          ],
        },
      ],
    },
  },
  {
    // One button (decision 117): components/ui/button.tsx draws every <button>, at least
    // 44 px high and `type="button"` unless it submits.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/components/ui/button.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='button']",
          message:
            'Use Button from components/ui/button.tsx (variant="plain" for a look of its own).',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The service worker runs in the browser's worker scope, not in Node.
    files: ['apps/web/src/service-worker/sw.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  prettier,
);
