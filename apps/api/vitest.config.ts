import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file gets a database of its own cloned from a migrated template, so files run in parallel.
    pool: 'forks',
    maxWorkers: 2,
    // The spreadsheet reader's memory tests collect garbage before each sample (xlsx-read.test.ts).
    execArgv: ['--expose-gc'],
  },
});
