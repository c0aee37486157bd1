// `npm test`, the README's test command and what CI runs: every check, keeping two cores busy. The
// steps that use one core each (eslint, prettier, tsc) run side by side, printed whole when each
// ends so no two outputs interleave; then the unit and API tests on Node 20, the same tests under
// Node 24, and the browser tests, one after another: each of them uses both cores (vitest runs two
// workers), and side by side they only slowed each other (the browser tests took 19 minutes beside
// the Node 24 run, 14 alone). Any failing step fails the run, after all started steps have ended.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `npm run <script>`; `live` streams its output, otherwise it is printed at once when it ends. */
function run(script, { live = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      cwd: root,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const ok = code === 0;
      if (!live) process.stdout.write(Buffer.concat(output));
      console.log(
        `\n== ${script}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s ==\n`,
      );
      resolve(ok);
    });
  });
}

const steps = [
  () => Promise.all([run('lint'), run('format:check'), run('typecheck')]),
  () => Promise.all([run('test:unit', { live: true })]),
  () => Promise.all([run('test:node24', { live: true })]),
  () => Promise.all([run('test:e2e', { live: true })]),
];

const started = Date.now();
let failed = false;
for (const step of steps) {
  // A failed check stops the run before the long steps, as `a && b && c` did.
  if ((await step()).some((ok) => !ok)) {
    failed = true;
    break;
  }
}
console.log(`npm test ${failed ? 'FAILED' : 'passed'} in ${Math.round((Date.now() - started) / 60_000)} min`);
process.exit(failed ? 1 : 0);
