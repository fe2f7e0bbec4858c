// @ts-check
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import rules that keep the architecture of docs/decisions/ true without anyone remembering it. */
const boundaries = {
  shared: {
    patterns: [
      {
        group: ['**/client/**', '**/server/**'],
        message: 'src/shared imports nothing from client or server.',
      },
      {
        group: ['react', 'react-*', 'react/*', 'node:*', 'fastify', '@fastify/*'],
        message: 'src/shared is pure: no React, no Node, no DOM.',
      },
    ],
  },
  client: {
    patterns: [
      {
        group: ['**/server/**', 'node:*', 'fastify', '@fastify/*'],
        message: 'The client never imports server code.',
      },
      {
        regex: '^(\\.\\./){1,2}[a-z-]+/components/',
        message: "A feature does not import another feature's components; compose them in app/.",
      },
    ],
    paths: [
      {
        name: 'react-redux',
        importNames: ['useSelector', 'useDispatch'],
        message: 'Use useAppSelector and useAppDispatch from app/hooks.ts.',
      },
    ],
  },
  server: {
    patterns: [
      {
        group: ['**/client/**', 'react', 'react-*', 'react/*'],
        message: 'The server never imports client code.',
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'src/server/**/*.js',
      'build/',
      '.react-router/',
      'public/images/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '*.tmp.*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      globals: { ...globals.browser },
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', boundaries.client],
    },
  },
  {
    // expect(mock.method) reads a method off an object on purpose.
    files: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    files: ['src/client/app/hooks.ts', 'src/client/test/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', boundaries.shared] },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', boundaries.server] },
  },
);
