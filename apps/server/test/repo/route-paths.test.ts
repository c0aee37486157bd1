import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderRoutePaths } from '@measure/contract/route-paths.render';

describe('route-paths.generated.ts', () => {
  it('is current with the route definitions (run `npm run generate -w packages/contract`)', () => {
    const onDisk = readFileSync(
      new URL('../../../../packages/contract/src/route-paths.generated.ts', import.meta.url),
      'utf8',
    );
    expect(onDisk).toBe(renderRoutePaths());
  });
});
