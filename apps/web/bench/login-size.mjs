// Prints the gzip size of the JavaScript and CSS the login route loads on first visit, and fails
// when it exceeds the budget or pulls in chart, 3D, PDF or DXF code. Run after `vite build`.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 250 * 1024;
const FORBIDDEN = ['echarts', 'zrender', 'three', 'dxf-viewer', 'pdfjs-dist', 'qrcode'];
const LOGIN_PAGE = 'src/features/auth/LoginPage.tsx';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No build found at ${dist}; run "npm run build -w apps/web" first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const modules = JSON.parse(readFileSync(join(dist, '.vite', 'chunk-modules.json'), 'utf8'));

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry || !manifest[LOGIN_PAGE]) {
  console.error(`Manifest lacks the entry or ${LOGIN_PAGE}`);
  process.exit(1);
}

// The entry, the login page chunk and everything they import statically.
const files = new Set();
const visit = (key) => {
  const item = manifest[key];
  if (!item || files.has(item.file)) return;
  files.add(item.file);
  for (const css of item.css ?? []) files.add(css);
  for (const dependency of item.imports ?? []) visit(dependency);
};
visit(entry);
visit(LOGIN_PAGE);

let total = 0;
const rows = [...files].map((file) => {
  const gzip = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gzip;
  return { file, gzip };
});
for (const { file, gzip } of rows.sort((a, b) => b.gzip - a.gzip)) {
  console.log(`${(gzip / 1024).toFixed(1).padStart(8)} kB  ${file}`);
}
console.log(
  `login route first load: ${(total / 1024).toFixed(1)} kB gzip JS+CSS (budget ${BUDGET_BYTES / 1024} kB)`,
);

const offenders = [...files]
  .flatMap((file) => modules[file] ?? [])
  .filter((id) => FORBIDDEN.some((name) => id.startsWith(`node_modules/${name}/`)));
if (offenders.length) {
  console.error(`The login route loads forbidden modules:\n  ${offenders.join('\n  ')}`);
  process.exit(1);
}
if (total > BUDGET_BYTES) {
  console.error('The login route is over its size budget.');
  process.exit(1);
}
