// ESLint for the web app: TypeScript, the rules of React hooks, and the app's shape. `npm run lint` (and `just lint`).
//
// The shape (see src/): a feature folder (src/features/<name>) may import src/lib, src/components and its own files,
// never another feature: what two features share moves to src/lib or src/components. src/lib and src/components import
// no feature and not the app; src/app (routes, layouts) and the entry points (src/main.tsx, src/boot.ts) may import
// features. The test harness (src/test) renders the whole app, so it may import src/app. No import cycles anywhere.
//
// TypeScript 7 (the native compiler) ships no JavaScript API, and typescript-eslint needs one even to parse (its peer
// range stops below 6.1). So package.json follows the side-by-side set-up the TypeScript team documented for 7.0: the
// `typescript` package name, which typescript-eslint and ts-api-utils `require`, is TypeScript 6's API
// (`npm:@typescript/typescript6`), and `tsc` is TypeScript 7 (`@typescript/native`, `npm:typescript@7`): it is the
// compiler that type-checks and builds (node_modules/.bin/tsc is its: npm links the first of two same-named binaries,
// and @typescript/native sorts before TypeScript 6's own copy, @typescript/old). An alias only for the linter is not
// possible: npm refuses a root `typescript` of 7 beside the linter's peer range (ERESOLVE), overrides included.
// typescript-eslint names @typescript/native as an optional peer of 7.1 or later for an experimental backend that
// stays off unless asked for, so `npm ls` calls our 7.0 invalid; harmless. Drop both aliases once typescript-eslint
// speaks TypeScript 7's API (7.1).
//
// No type information: the linter parses each file on its own. `tsc` (strict, TypeScript 7) already checks the types;
// type-aware rules would run a second, older checker over the same code on every lint and could disagree with the
// one that builds. None of the rules below needs types.

import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Each feature may import only itself among the features, and never the app that assembles them. */
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: ['./src/features', './src/app'],
  except: [`./${feature}`],
  message: 'A feature imports only its own files, src/lib and src/components: move what features share there.',
}));

const sharedZone = {
  target: ['./src/lib', './src/components'],
  from: ['./src/features', './src/app'],
  message: 'Shared code (src/lib, src/components) depends on no feature and not on the app.',
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'screenshots/', 'test-results/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      // The extensions and parser import-x reads the imported files with (no-cycle follows them), then how it finds them.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['./tsconfig.app.json', './e2e/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, sharedZone] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // React code only: the browser journeys' `useBrowser` is no React hook.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Node.js: the browser journeys, the build's own scripts and configs.
    files: ['e2e/**', 'scripts/**', '*.config.{js,ts}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // What a person reads comes from the catalogues (src/lib/i18n), never a literal in a component: a text written in
    // JSX would show in English to a Bangla reader. Every component; tests and their harness may write texts.
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx', 'src/test/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          // Attributes that are addresses, states and names for code, never read by a person (aria-label, title,
          // alt, placeholder and label are, and stay checked).
          'jsx-attributes': {
            exclude: ['className', 'style', 'type', 'key', 'id', 'width', 'height', 'to', 'href', 'src', 'rel', 'target', 'lang',
              'role', 'name', 'autoComplete', 'inputMode', 'aria-hidden', 'aria-controls', 'aria-live', 'data-.*'],
          },

          // Each language's own name, shown in that language whatever the page's.
          words: { exclude: ['বাংলা', 'English', 'Puronoboi'] },
        },
      ],
    },
  },
);
