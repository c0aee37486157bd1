// `npm start`: build the web app when its build is missing or older than its sources, then run
// the server (TypeScript through tsx) in this same process so signals reach it directly.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const builtIndex = path.join(webDir, 'dist/index.html');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    0,
  );
}

const webSources = ['src', 'index.html', 'public', 'vite.config.ts'].map((name) => path.join(webDir, name));
const hasWebApp = existsSync(path.join(webDir, 'index.html'));
if (hasWebApp) {
  const sourcesChanged = Math.max(
    ...webSources.map(newestMtime),
    newestMtime(path.join(root, 'packages/contract/src')),
  );
  if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourcesChanged) {
    console.log('Building the web app (apps/web)...');
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  }
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/server/src/server.ts'));
