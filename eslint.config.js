import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['node_modules/', 'src/generated/', 'web/src/gql/', 'src/http/gql/', 'data/', 'coverage/', '.scratch/', 'dist/', 'bench/results/', '.stryker-tmp/', 'reports/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Route layering: the REST and tool tables share pieces through routes/shared and the
  // presenters, never by importing each other's route files.
  {
    files: ['src/http/routes/v1/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/routes/tools/**', '../tools/*'], message: 'Share it through src/http/routes/shared or src/http/presenters.' }] }] },
  },
  {
    files: ['src/http/routes/tools/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/routes/v1/**', '../v1/*'], message: 'Share it through src/http/routes/shared or src/http/presenters.' }] }] },
  },
  {
    files: ['src/http/routes/shared/**/*.ts', 'src/http/presenters/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/routes/v1/**', '**/routes/tools/**', '../v1/*', '../tools/*'], message: 'Shared route pieces and presenters depend on no route table.' }] }] },
  },
  // The web app: React's rules of hooks (and the compiler-backed checks).
  { files: ['web/**/*.{ts,tsx}', 'test/web/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', WebAssembly: 'readonly' } },
  },
);
