// A new empty PostgreSQL database for a test, on the run's shared server (postgres-global.ts, started
// once by Vitest's globalSetup for the integration and reliability projects).
import { inject } from 'vitest';
import { createDatabase } from './postgres';

export function testDatabase(): Promise<string> {
  return createDatabase(inject('postgresAdmin'));
}
