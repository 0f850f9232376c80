// Writes the completion scripts checked in under completions/ from the built CLI.
// Run after a build: npm run completions. A test fails when these files are out of date.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const targets = { bash: 'completions/calendar.bash', zsh: 'completions/_calendar', fish: 'completions/calendar.fish' };
for (const [shell, file] of Object.entries(targets)) {
  const script = execFileSync(process.execPath, [new URL('bin/calendar.js', root).pathname, 'completion', shell], { encoding: 'utf8' });
  writeFileSync(new URL(file, root), script);
  process.stdout.write(`wrote ${file}\n`);
}
