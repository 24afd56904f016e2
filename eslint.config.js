// Lint enforces the layer boundaries of DESIGN.md instead of hoping for them (STYLE.md, convention 3).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { layersPlugin, NODE_GLOBALS } from './eslint/layers.js';

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', '.electron-natives/**', 'resources/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "Identifier[name='parseFloat']", message: 'Money goes through src/shared/money.ts (decimal), never floats.' },
      ],
    },
  },
  {
    // Layers as allow-lists (eslint/layers.js): anything a layer's list does not name is refused.
    files: ['src/**'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/allowed-imports': 'error' },
  },
  {
    files: ['src/renderer/**', 'src/shared/**'],
    languageOptions: { globals: { process: 'off' } },
    rules: {
      'no-restricted-globals': [
        'error',
        ...NODE_GLOBALS.map((name) => ({ name, message: 'A browser page has no Node globals.' })),
      ],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits or handles loses its failure, and an
    // `any` that flows on switches the type checker off. Tests keep `any` from matchers such as
    // `expect.any(String)`, so only the promise rule applies there.
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
    },
  },
  {
    files: ['src/renderer/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
