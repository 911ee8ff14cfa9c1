// Two vitest projects: unit (pure rules, no I/O) and integration (the real database: the
// embedded PGlite by default, a local PostgreSQL when TEST_DATABASE_URL is set).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '~': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  test: {
    allowOnly: !process.env.CI,
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One connection per process on the embedded PGlite (see src/server/platform/db/client.ts).
          // The quote form's proof of work asks for little here: the tests solve thousands.
          env: {
            QUOTE_POW_MAX_COUNTER: '100',
            ...(process.env.TEST_DATABASE_URL ? {} : { EMBEDDED_DB: '1' }),
          },
        },
      },
    ],
  },
});
