import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Test files share their worker's modules (isolate: false): reloading vitest, the sandbox and
// the built CLI for each of ~200 files cost more CPU than the tests themselves. So tests hold no
// state in modules and replace none (no vi.mock). One project: a worker of a second project is
// started in place of one of the first, whose modules are then loaded again by a new worker.

/**
 * The files that take longest from start to end (mostly waiting: interrupted runs, a package
 * packed and installed, slow and failing servers), longest first. They start first, so that no
 * worker is left running one of them alone at the end: with a clean clone (no timings kept from
 * an earlier run) vitest would start the largest files first instead. Measured in a clean clone
 * (`npx vitest run --reporter=json`: each file's start and end).
 */
const LONGEST = [
  'reliability/interrupt.test.ts',
  'e2e/library-package.test.ts',
  'sandbox/differential.test.ts',
  'reliability/secrets.test.ts',
  'reliability/interrupt-ics-apply.test.ts',
  'e2e/views-edit.test.ts',
  'reliability/faults.test.ts',
  'e2e/smoke.test.ts',
  'e2e/ux-completion.test.ts',
  'e2e/help-examples.test.ts',
  'e2e/site-apply-progress.test.ts',
  'reliability/concurrent-writers.test.ts',
  'unit/code-cache.test.ts',
  'e2e/output-failures.test.ts',
  'e2e/bulk-import.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONGEST.findIndex((name) => file.moduleId.endsWith(`/test/${name}`));
      return at < 0 ? LONGEST.length : at;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Threads, not forks: four workers in one process cost about 8 % less CPU than four
    // processes (97 against 107 s, 52 against 58 s wall; two runs each, interleaved, on 2 cores).
    // So no test changes what a process shares: its working directory (process.chdir throws in a
    // thread), its umask or its signal handlers; what a process shows runs in a spawned one.
    pool: 'threads',
    // Rebuilds dist/ when the source is newer, so that a CLI test runs the code as it is now.
    globalSetup: ['test/build.global.ts'],
    sequence: { sequencer: LongestFirst },
    // Vitest's default (one worker fewer than the cores) runs one file at a time on 2 cores.
    // Many tests wait on a server, a child process or a terminal: workers beyond the cores keep
    // both busy. On 2 cores (forks, from a clean clone): 3 workers 69 s, 4 workers 61.6 s, 5
    // workers 60.9 s (`time npx vitest run --maxWorkers=N`, interleaved). 8 at most, for memory.
    maxWorkers: Math.min(availableParallelism() + 2, 8),
    include: ['test/**/*.test.ts'],
    isolate: false,
  },
});
