// The unit and API tests (vitest, all projects) a second time under Node.js 24, the current LTS,
// while the machine and the product keep running on Node 20. Node 24 comes from the npm registry
// (the `node` package of tools/node24, whose install step adds the binary of this platform), into
// tools/node24/node_modules, installed on first use. Arguments go to vitest:
// `node scripts/node24.mjs apps/server/src/core` runs only the files whose path matches.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const toolDir = path.join(root, 'tools/node24');
const binDir = path.join(toolDir, 'node_modules/.bin');
const node24 = path.join(binDir, 'node');
const wanted = JSON.parse(readFileSync(path.join(toolDir, 'package.json'), 'utf8')).dependencies.node;

const installedVersion = () => {
  if (!existsSync(node24)) return null;
  try {
    return execFileSync(node24, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
  } catch {
    return null; // a half-finished install
  }
};

if (installedVersion() !== wanted) {
  console.log(`Installing Node.js ${wanted} from the npm registry into tools/node24...`);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: toolDir, stdio: 'inherit' });
}
console.log(`Unit and API tests under Node.js ${installedVersion()}:`);

const runner = spawn(
  node24,
  [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...process.argv.slice(2)],
  {
    cwd: root,
    // Whatever the tests start by name (`node`, `npx`) runs under Node 24 too.
    env: { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}` },
    stdio: 'inherit',
  },
);
runner.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
