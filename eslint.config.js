// ESLint: typed typescript-eslint rules for TypeScript; .astro files are checked by `astro check`.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-e2e/',
      'dist-builds/',
      'dist-e2e-builds/',
      'dist-bench/',
      'dist-bench-builds/',
      '.astro/',
      '.netlify/',
      '.data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'scratch/',
      '.scratch/',
      'bench/results/',
      '**/*.astro',
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
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The domain is pure rules: it may not reach for I/O, so nothing in it imports src/server
    // (the server imports the domain, never the other way round).
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(~/|(\\.{1,2}/)+|(.*/)?src/)server(/|$)',
              message: 'src/domain holds pure rules: move the shared type or value into src/domain.',
            },
          ],
        },
      ],
    },
  },
  {
    // Islands run in the browser: React's rules of hooks, and nothing from the server (types they
    // share with it live in src/schemas or src/domain); the Supabase client (the service role
    // key's side) is created on the server only.
    files: ['src/islands/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(~/|(\\.{1,2}/)+|(.*/)?src/)server(/|$)',
              message: 'Islands run in the browser: import shared types from src/schemas or src/domain.',
            },
            { group: ['@supabase/*'], message: 'Supabase is used on the server only; call /api/uploads.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
