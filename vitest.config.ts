import { defineConfig } from 'vitest/config';

/**
 * One runner for everything, so the test command ends with one summary line.
 * - unit: contract, catalogue and server (server suites run against SQLite and a fresh PostgreSQL database)
 * - web: React components in jsdom
 * - e2e: real server + real database + Debian chromium (needs `npm run build` first); runs after the other
 *   projects (groupOrder: unit, then web, then e2e) and one file at a time, so timing and Lighthouse figures are not skewed by CPU contention
 */
export default defineConfig({
  test: {
    // Two files at a time on a 2-core machine (vitest's own default there is one): the unit and web suites mostly wait on
    // databases, SMTP and DNS servers, so two at once halve their time (measured: 767 tests in 101 s). The e2e project
    // still runs one file at a time (fileParallelism: false below).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['contract/src/**/*.test.ts', 'catalogue/src/**/*.test.ts', 'server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 20_000,
          // After the database suites: user-event typing on a starved CPU made waits time out.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
