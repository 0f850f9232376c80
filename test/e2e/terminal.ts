/** Running the built CLI on a pseudo-terminal, for commands that behave differently there (confirmations, the editor). */
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, ROOT } from './helpers.js';

let python: string | undefined;
/**
 * Python's own executable, asked once: `python3` on PATH may be a version manager's shim (pyenv's
 * is a shell script), which costs ten times what the interpreter does at every start (0.1 s).
 */
export function pythonExecutable(): string {
  python ??= execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim() || 'python3';
  return python;
}

/**
 * Runs the CLI on a pseudo-terminal and answers its questions in turn: PTY_SCRIPT, a JSON list
 * of [prompt, answer] pairs, or PTY_ANSWER to the first PTY_PROMPT (default [y/N]).
 * Output is stdout and stderr mixed, unless PTY_STDOUT names a file for stdout alone.
 */
export const PTY_PY = `
import fcntl, json, os, pty, select, struct, sys, termios
script = json.loads(os.environ['PTY_SCRIPT']) if 'PTY_SCRIPT' in os.environ else []
if not script and os.environ.get('PTY_ANSWER') is not None:
    script = [[os.environ.get('PTY_PROMPT', '[y/N]'), os.environ['PTY_ANSWER']]]
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', 40, 160, 0, 0))
    if os.environ.get('PTY_STDOUT'):
        os.dup2(os.open(os.environ['PTY_STDOUT'], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), 1)
    os.execvp(sys.argv[1], sys.argv[1:])
out, seen, step = b'', 0, 0
while True:
    ready, _, _ = select.select([fd], [], [], 30)
    if not ready:
        break
    try:
        data = os.read(fd, 4096)
    except OSError:
        break
    if not data:
        break
    out += data
    while step < len(script) and script[step][0].encode() in out[seen:]:
        seen = out.index(script[step][0].encode(), seen) + len(script[step][0])
        os.write(fd, (script[step][1] + '\\r').encode())
        step += 1
_, status = os.waitpid(pid, 0)
sys.stdout.buffer.write(out)
sys.exit(os.waitstatus_to_exitcode(status))
`;

/** Writes the pseudo-terminal helper into `dir`; returns its path. */
export function writePtyHelper(dir: string): string {
  const path = join(dir, 'run_on_terminal.py');
  writeFileSync(path, PTY_PY);
  return path;
}

/** The CLI on a pseudo-terminal with `env` (then `extra`); output is stdout and stderr mixed. */
export function runOnTerminal(
  ptyHelper: string,
  args: string[],
  env: Record<string, string>,
  extra: Record<string, string | undefined> = {},
): Promise<{ code: number; output: string }> {
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env, TERM: 'xterm-256color', COLUMNS: '120', ...extra })) {
    // A person at a terminal, not a CI job: spinners stay still when CI variables are set.
    const ci = k === 'CI' || k === 'CONTINUOUS_INTEGRATION' || k.startsWith('CI_');
    if (v !== undefined && !ci && !k.startsWith('FORCE_COLOR') && k !== 'NO_COLOR') childEnv[k] = v;
  }
  for (const k of ['NO_COLOR', 'FORCE_COLOR']) if (extra[k] !== undefined) childEnv[k] = extra[k]!;
  return new Promise((resolve, reject) => {
    const child = spawn(pythonExecutable(), [ptyHelper, process.execPath, BIN, ...args], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (output += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, output }));
  });
}
