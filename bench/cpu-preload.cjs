// Preloaded by bench/builds.mjs (`node --require`): reports the process's CPU time (user + system,
// microseconds, threads included) on its last line of standard error.
process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  require('node:fs').writeSync(2, `\ncpu-us ${user + system}\n`);
});
