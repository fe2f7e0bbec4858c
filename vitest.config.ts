import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Suites that run whole server processes (killed, backed up, behind nginx): slower than the rest,
 * so `npm run test:unit`, the fast loop, leaves them to `npm run test:slow` (issue 25).
 */
const PROCESS_SUITES = [
  // Two servers on one PostgreSQL of their own behind nginx (issue #12).
  'tests/scale/**/*.test.ts',
  'tests/security/kill-during-checkout.test.ts',
  'scripts/db/backup-restore.test.ts',
];

// Vitest runs without the React Router plugin, which only works for app builds.
export default defineConfig({
  plugins: [react()],
  test: {
    // Room for a busy 2-core machine (a back-office component test took over Vitest's default
    // 5 s at load 10); tests wait for what they assert, this only bounds one that never gets it.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/client/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'src/shared/**/*.test.ts',
            'src/server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'eslint/**/*.test.ts',
            'tests/security/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...PROCESS_SUITES],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          // The server's tests again, on a real PostgreSQL started for the run (issue #12).
          name: 'node-postgres',
          include: ['src/server/**/*.test.ts', 'tests/security/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...PROCESS_SUITES],
          environment: 'node',
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['./src/server/test/postgres-global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Suites that start, kill and back up whole servers and nginx: `npm run test:slow`.
          name: 'processes',
          include: [...PROCESS_SUITES],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'processes-postgres',
          include: ['tests/security/kill-during-checkout.test.ts'],
          environment: 'node',
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['./src/server/test/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
