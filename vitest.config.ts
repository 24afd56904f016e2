import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The app installs zod's Spanish messages in createCore and the window's main.tsx; unit and
// component tests reach schemas without either.
const SPANISH_ZOD = './test/support/zod-spanish-setup.ts';
// One PostgreSQL server per run for the projects whose tests reach the store on both engines.
const POSTGRES = './test/support/postgres-global.ts';

export default defineConfig({
  test: {
    reporters: ['default', './test/support/closing-line-reporter.ts'],
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', setupFiles: [SPANISH_ZOD] } },
      {
        plugins: [react()],
        // jsdom rendering of the long forms takes seconds on a loaded 2-core machine: room, not a time assertion.
        test: {
          name: 'component',
          include: ['test/component/**/*.test.tsx'],
          environment: 'jsdom',
          testTimeout: 30_000,
          setupFiles: [SPANISH_ZOD, './test/support/component/setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: [POSTGRES],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Faults, hostile input, secrets and the security scan. Files run one at a time:
          // several of them mount file systems, kill processes or load the machine on purpose.
          name: 'reliability',
          include: ['test/reliability/**/*.test.ts'],
          environment: 'node',
          globalSetup: [POSTGRES],
          testTimeout: 180_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
