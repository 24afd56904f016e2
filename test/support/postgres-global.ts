// One PostgreSQL server for a whole test run (Vitest's globalSetup of the projects that reach the
// store): starting a cluster costs a second or more, and each test file used to start its own. Test
// files ask for a new empty database on it (`testDatabase()` in postgres.ts), so they stay isolated.
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `postgres://postgres@127.0.0.1:<port>/postgres` of the run's server (superuser, trust). */
    postgresAdmin: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  project.provide('postgresAdmin', server.adminUrl);
  return () => server.stop();
}
