import { defineConfig } from 'vitest/config';

/**
 * One runner for everything, so the test command ends with one summary line (docs/architecture.md, "Tests: which
 * command when"; issue 46):
 * - unit: contract, catalogue, server and scripts (server suites run against SQLite and a fresh PostgreSQL database)
 * - web: React components and screens in jsdom (Testing Library)
 * - e2e: real server + real database + Debian chromium (needs `npm run build` first), files side by side
 * - timing: the checks that measure time (page budgets and Lighthouse, the first screen, a slow phone, latencies and
 *   paces: `e2e/timing/`, `*.timing.test.ts`), one file at a time, after every other project has finished, so nothing
 *   runs beside a measurement (sequence.groupOrder 1).
 * The first three run together, two files at a time on a 2-core machine: most of their time is waiting on servers,
 * databases, SMTP and browsers, and each file has its own ports (server/src/test/free-port.ts), databases and
 * directories.
 */
const TIMING = ['**/*.timing.test.ts', 'e2e/timing/**'];

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          isolate: false,
          environment: 'node',
          include: ['contract/src/**/*.test.ts', 'catalogue/src/**/*.test.ts', 'server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...TIMING],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 0 },
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
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...TIMING],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A poll waits for what a person sees; on a busy machine that takes longer than vitest's 1 s default.
          expect: { poll: { timeout: 10_000 } },
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'timing',
          environment: 'node',
          include: TIMING.map((glob) => (glob.endsWith('**') ? `${glob}/*.test.ts` : glob)),
          exclude: ['**/node_modules/**'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          expect: { poll: { timeout: 10_000 } },
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
