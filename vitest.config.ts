import { defineConfig } from 'vitest/config';

// Test files share their worker's modules (isolate: false): reloading vitest, the sandbox and
// the built CLI for each of ~95 files cost more CPU than the tests themselves. Tests hold no
// state in modules; the one file that replaces a module with vi.mock runs isolated.
const MOCKING = ['test/unit/config-fast-path.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: MOCKING, isolate: false } },
      { extends: true, test: { name: 'isolated', include: MOCKING } },
    ],
  },
});
