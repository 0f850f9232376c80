// The formatter wraps what it can at biome.jsonc's lineWidth, but leaves a long string, template or regex whole:
// this check fails on any line of the linted files that is still wider, so none is over the configured width.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// biome.jsonc: JSON with whole-line `//` comments.
const config = JSON.parse(
  readFileSync(join(root, 'biome.jsonc'), 'utf8')
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n'),
);
const width = config.formatter.lineWidth;
const patterns = config.files.includes;
const prefix = (pattern) => pattern.replace(/^!/, '').replace(/\/\*\*$/, '');
const included = patterns.filter((p) => !p.startsWith('!')).map(prefix);
const excluded = patterns.filter((p) => p.startsWith('!')).map(prefix);
const under = (file, dir) => file === dir || file.startsWith(`${dir}/`);

const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => /\.(?:[cm]?[jt]s|jsonc?)$/.test(file))
  .filter((file) => included.some((dir) => under(file, dir)) && !excluded.some((dir) => under(file, dir)));

const over = [];
for (const file of files) {
  readFileSync(join(root, file), 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const length = [...line].length;
      if (length > width) over.push(`${file}:${index + 1}: ${length} characters`);
    });
}
if (over.length > 0) {
  console.error(`${over.length} line${over.length === 1 ? ' is' : 's are'} over the configured width of ${width} (split them by hand):\n${over.join('\n')}`);
  process.exit(1);
}
