/**
 * One test run for the whole repository. The server suite runs twice: on embedded PGlite and on
 * the real PostgreSQL server that scripts/test.sh starts (TEST_POSTGRES_URL).
 */
import { defineConfig } from 'vitest/config';

const pg = process.env.LW_TEST_POSTGRES_URL;

export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'bench/vitest.config.ts',
      'apps/web/vitest.config.ts',
      { extends: './apps/server/vitest.config.ts', test: { name: 'server (PGlite)', root: './apps/server' } },
      ...(pg
        ? [{ extends: './apps/server/vitest.config.ts', test: { name: 'server (PostgreSQL)', root: './apps/server', env: { TEST_POSTGRES_URL: pg } } }]
        : []),
      'e2e/vitest.config.ts',
    ],
  },
});
