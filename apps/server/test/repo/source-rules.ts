import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** A repo-wide check: a rule name and the pattern (global) that breaks it. */
export interface SourceRule {
  rule: string;
  pattern: RegExp;
}

export const repoRoot = new URL('../../../../', import.meta.url);

/** `"<line> <rule>"` for every place in `source` that breaks one of `rules`. */
export function ruleFindings(rules: SourceRule[], source: string): string[] {
  return rules.flatMap(({ rule, pattern }) =>
    [...source.matchAll(pattern)].map(
      (match) => `${source.slice(0, match.index).split('\n').length} ${rule}`,
    ),
  );
}

/** The source files below the repository folders `dirs` (tests and node_modules left out). */
export function sourceFiles(dirs: string[]): string[] {
  return dirs.flatMap((dir) => {
    const url = new URL(`${dir}/`, repoRoot);
    if (!existsSync(url)) return [];
    return readdirSync(url, { recursive: true, encoding: 'utf8' })
      .map((name) => `${dir}/${name}`)
      .filter((path) => !path.includes('/node_modules/') && /\.(ts|tsx|mts|mjs|js)$/.test(path))
      .filter((path) => !/\.test\.tsx?$/.test(path));
  });
}

/** `"<file>:<line> <rule>"` for every file of `files` that breaks one of `rules`. */
export function findingsIn(rules: SourceRule[], files: string[]): string[] {
  return files.flatMap((path) =>
    ruleFindings(rules, readFileSync(new URL(path, repoRoot), 'utf8')).map((finding) => `${path}:${finding}`),
  );
}
