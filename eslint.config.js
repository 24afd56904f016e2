// Lint enforces the layer boundaries of DESIGN.md instead of hoping for them (STYLE.md, convention 3).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const nodeBuiltins = { group: ['node:*'], message: 'src/shared runs everywhere: no Node built-ins.' };
const noElectron = { name: 'electron', message: 'core is plain Node: no electron import.' };

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
    files: ['src/shared/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [noElectron, { name: 'react', message: 'src/shared has no UI.' }],
          patterns: [nodeBuiltins, { group: ['**/core/**', '**/main/**', '**/renderer/**', '**/sandbox/**', '**/preload/**'], message: 'src/shared imports nothing outside itself.' }],
        },
      ],
    },
  },
  {
    files: ['src/core/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [noElectron, { name: 'react', message: 'core has no UI.' }],
          patterns: [{ group: ['**/renderer/**', '**/main/**', '**/sandbox/**', '**/preload/**'], message: 'core imports only shared.' }],
        },
      ],
    },
  },
  {
    files: ['src/sandbox/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [{ group: ['**/core/**', '**/renderer/**', '**/main/**', '**/preload/**'], message: 'the sandbox imports only shared.' }],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [nodeBuiltins, { group: ['**/core/**', '**/main/**', '**/sandbox/**'], message: 'the renderer knows only the RPC contract in shared.' }],
        },
      ],
    },
  },
  {
    files: ['src/preload/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/core/**', '**/renderer/**', '**/sandbox/**'], message: 'preload exposes the contract only.' }] },
      ],
    },
  },
);
