// Writes src/route-paths.generated.ts: every route's method and path, without zod, so the web's
// login route can call the API without loading the schemas. route-paths.test.ts fails when stale.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderRoutePaths } from '../src/route-paths.render.ts';

const target = fileURLToPath(new URL('../src/route-paths.generated.ts', import.meta.url));
writeFileSync(target, renderRoutePaths());
console.log(`wrote ${target}`);
