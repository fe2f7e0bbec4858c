import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Vitest runs without the React Router plugin, which only works for app builds.
export default defineConfig({
  plugins: [react()],
  test: {
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
            // Two servers on one PostgreSQL of their own behind nginx (issue #12).
            'tests/scale/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          // The server's tests again, on a real PostgreSQL started for the run (issue #12).
          name: 'node-postgres',
          include: ['src/server/**/*.test.ts', 'tests/security/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['./src/server/test/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
