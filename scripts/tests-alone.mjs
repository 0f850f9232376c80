#!/usr/bin/env node
/**
 * Runs every test of the given files alone, as `vitest run FILE -t "<full name>"` would, one at
 * a time, and reports those that fail or do not run when nothing else in their file runs first.
 * One Vitest instance serves all the runs (a fresh worker each), which saves its start-up per test.
 *
 *   node scripts/tests-alone.mjs test/e2e/ical-sync.test.ts [more files or folders]
 *
 * Exit 0 when every test passed alone, 1 otherwise. Vitest's global setup builds dist/ when the source is newer.
 */
import { createVitest } from 'vitest/node';

const paths = process.argv.slice(2);
if (paths.length === 0) {
  process.stderr.write('usage: node scripts/tests-alone.mjs FILE_OR_FOLDER...\n');
  process.exit(2);
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Test cases of a module with their names as `-t` sees them: the describes' names and the test's, space-joined. */
function* casesOf(children, prefix = []) {
  for (const child of children) {
    if (child.type === 'suite') yield* casesOf(child.children, [...prefix, child.name]);
    else yield { name: [...prefix, child.name].join(' '), shown: [...prefix, child.name].join(' > ') };
  }
}

const vitest = await createVitest('test', { watch: false, reporters: [{}] });
const specs = await vitest.globTestSpecifications(paths);
const failures = [];
let count = 0;
for (const spec of specs.sort((a, b) => a.moduleId.localeCompare(b.moduleId))) {
  const file = spec.moduleId.slice(vitest.config.root.length + 1);
  const listed = await vitest.collect([spec.moduleId]);
  const ours = (modules) => modules.filter((m) => m.moduleId === spec.moduleId);
  const cases = [...casesOf(ours(listed.testModules).flatMap((m) => [...m.children]))];
  let fileFailures = 0;
  for (const testCase of cases) {
    count++;
    // Vitest matches the pattern against "<file> <describes...> <test>"; anchoring it keeps
    // a test whose name ends the same way as a longer one from running too.
    const pattern = new RegExp(`(^| )${escapeRegExp(testCase.name)}$`);
    const result = await vitest.runTestSpecifications([spec.project.createSpecification(spec.moduleId, { testNamePattern: pattern })]);
    const ran = ours(result.testModules)
      .flatMap((m) => [...m.children.allTests()])
      .filter((t) => t.result().state !== 'skipped');
    const errors = [...result.unhandledErrors, ...ours(result.testModules).flatMap((m) => m.errors())];
    const passed = ran.length === 1 && ran[0].result().state === 'passed' && errors.length === 0;
    if (!passed) {
      fileFailures++;
      const why =
        ran.length !== 1
          ? `${ran.length} tests ran`
          : ran[0]
              .result()
              .errors?.map((e) => e.message.split('\n')[0])
              .join('; ') || errors.map((e) => String(e.message ?? e)).join('; ');
      failures.push(`${file} > ${testCase.shown}: ${why}`);
    }
  }
  process.stdout.write(`${file}: ${cases.length - fileFailures} of ${cases.length} pass alone\n`);
}
await vitest.close();
for (const failure of failures) process.stdout.write(`FAILED ALONE ${failure}\n`);
process.stdout.write(`${count - failures.length} of ${count} tests pass alone\n`);
process.exit(failures.length === 0 ? 0 : 1);
