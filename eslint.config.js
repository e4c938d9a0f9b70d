// Lint: typescript-eslint recommended everywhere, react-hooks rules for the web app, and the dependency rules of
// DESIGN §2 as errors: no import cycles; web never imports functions or infra; shared imports nothing of ours and no
// Node, AWS or React code; production code never imports the local runtime; nothing imports tests; and the areas of
// functions/src import only downward, in the order of functions/areas.js (scripts/area-layers-rule.js).
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { areaLayersRule } from './scripts/area-layers-rule.js';

/** Packages that need Node, AWS or a browser framework: shared/ must run anywhere. */
const platformPackages = ['node:*', '@aws-sdk/*', '@aws-lambda-powertools/*', '@middy/*', 'aws-cdk-lib', 'aws-cdk-lib/*', 'constructs', 'electrodb', 'react', 'react-dom', 'react-dom/*', 'sharp', 'stripe'];

const boundaries = [
  { target: './web', from: ['./functions', './infra', './tests'], message: 'The web app talks to the back end over HTTP only (DESIGN §2).' },
  { target: './shared', from: ['./functions', './infra', './web', './tests'], message: 'shared/ imports nothing of ours (DESIGN §2).' },
  { target: './functions/src', from: ['./functions/local', './infra', './web', './tests'], message: 'Production code never imports the local runtime, infra, web or tests.' },
  { target: './functions/routes.ts', from: ['./functions/src', './functions/local'], message: 'The route table holds declarations only, so infra can import it without the SDK.' },
  { target: './infra', from: ['./web', './tests', './functions/local'], message: 'infra builds from the route table and handler entries, not from the local runtime.' },
];

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'web/dist', 'dist', '.data', '.cognito', 'tests/artifacts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      // zod comes only through shared/zod.ts (zod/mini with English messages): a Lambda carries the checks it uses
      // (~30 KB) instead of zod classic's every method (~93 KB), or every locale (~440 KB) after `import { z }`.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/^zod($|\\u002F)/]',
          message: "Import zod through shared/zod.ts: `import * as z from '<path>/shared/zod'` (zod/mini, smaller bundles).",
        },
        {
          selector: 'ImportDeclaration[source.value=/(^|\\u002F)zod$/] > ImportSpecifier[imported.name="z"]',
          message: "Import zod as a namespace: `import * as z from '<path>/shared/zod'` (`{ z }` keeps all of zod in a bundle).",
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['shared/**/*.ts', 'functions/**/*.{ts,tsx}', 'infra/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
    },
  },
  {
    files: ['functions/src/**/*.{ts,tsx}'],
    ignores: ['functions/src/**/*.test.{ts,tsx}'],
    plugins: { cardcrew: { rules: { 'area-layers': areaLayersRule } } },
    rules: { 'cardcrew/area-layers': 'error' },
  },
  {
    // A unit test beside production code may drive the local runtime's pieces (e.g. the route matcher).
    files: ['functions/src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaries.filter((zone) => zone.target !== './functions/src') }] },
  },
  { files: ['shared/zod.ts'], rules: { 'no-restricted-syntax': 'off' } },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: platformPackages, message: 'shared/ is pure and isomorphic: no Node, AWS or React code (DESIGN §2).' }] }],
    },
  },
);
