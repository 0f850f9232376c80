import { availableParallelism } from 'node:os';
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
    // Rebuilds dist/ when the source is newer, so that a CLI test runs the code as it is now.
    globalSetup: ['test/build.global.ts'],
    // Vitest's default (one worker fewer than the cores) runs one file at a time on 2 cores.
    // Many tests wait on a server, a child process or a terminal: one worker more than the
    // cores keeps both busy (on 2 cores the suite went from 52 s to 27 s); 8 at most, for memory.
    maxWorkers: Math.min(availableParallelism() + 1, 8),
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: MOCKING, isolate: false } },
      { extends: true, test: { name: 'isolated', include: MOCKING } },
    ],
  },
});
