import { describe, expect, it } from 'vitest';
import { findingsIn, ruleFindings, sourceFiles, type SourceRule } from './source-rules.ts';

/**
 * One storage module: every file the product keeps or serves goes through the ObjectStore of
 * apps/server/src/core/storage (DATA_DIR or the S3_URL bucket), addressed by keys. A path built
 * from DATA_DIR, a product folder joined by hand or a tus store made elsewhere would bypass the
 * bucket in S3 mode (a file one instance wrote that another cannot serve). Logs and the embedded
 * PostgreSQL's data directory are not product files: their two places are allowed.
 */
const THE_MODULE = 'apps/server/src/core/storage/';
const ALLOWED = new Set([
  // DATA_DIR itself, made absolute
  'apps/server/src/config.ts',
  // DATA_DIR/logs
  'apps/server/src/logger.ts',
  // DATA_DIR/pg, the embedded PostgreSQL
  'apps/server/src/db/open-database.ts',
  'apps/server/src/db/embedded-postgres.ts',
]);

const RULES: SourceRule[] = [
  {
    rule: 'a path built from DATA_DIR',
    pattern: /\b(?:join|resolve)\(\s*[\w.]*(?:dataDir|DATA_DIR)\b/g,
  },
  {
    rule: 'a product folder joined by hand',
    pattern: /\b(?:join|resolve)\([^)]*['"`](?:uploads|reports|exports|device-files|house-maps)['"`]/g,
  },
  { rule: 'a tus store made outside core/storage', pattern: /from\s+['"]@tus\/(?:file|s3)-store['"]/g },
];

export function storageFindings(source: string): string[] {
  return ruleFindings(RULES, source);
}

describe('one storage module', () => {
  it('finds paths built from DATA_DIR, product folders and tus stores', () => {
    expect(
      storageFindings(
        [
          "const file = path.join(this.deps.dataDir, 'uploads', 'device-files', id);",
          "path.join(config.dataDir, 'reports');",
          "const dir = join(root, 'uploads', 'house-maps');",
          "import { FileStore } from '@tus/file-store';",
          "import { S3Store } from '@tus/s3-store';",
        ].join('\n'),
      ).sort(),
    ).toEqual([
      '1 a path built from DATA_DIR',
      '1 a product folder joined by hand',
      '2 a path built from DATA_DIR',
      '2 a product folder joined by hand',
      '3 a product folder joined by hand',
      '4 a tus store made outside core/storage',
      '5 a tus store made outside core/storage',
    ]);
    expect(storageFindings("await this.deps.files.openRead(storedName, span);\nstore.keyOf('x');")).toEqual(
      [],
    );
  });

  it('leaves product files to core/storage on the server', () => {
    const files = sourceFiles(['apps/server/src', 'apps/server/scripts']);
    expect(files.some((path) => path.startsWith(THE_MODULE))).toBe(true);
    expect(
      findingsIn(
        RULES,
        files.filter((path) => !path.startsWith(THE_MODULE) && !ALLOWED.has(path)),
      ),
    ).toEqual([]);
  });
});
