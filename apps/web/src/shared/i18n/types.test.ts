import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { KeyOf, KeySuffix, QualifiedKey } from './types.ts';

/**
 * Compile-time checks of the resource types (./types.ts): `npm run typecheck` runs tsc over this
 * file, and each `@ts-expect-error` fails it when its line is not an error, i.e. when an unknown
 * key would type-check. Never called: the calls only need to compile.
 */
export function typeChecks(
  t: TFunction<'projects'>,
  tWithCommon: TFunction<['projects', 'common', 'messages']>,
  anyText: string,
) {
  t('list.title');
  // @ts-expect-error an unknown key
  t('list.noSuchKey');
  // @ts-expect-error a key of another namespace, without its prefix
  t('appName');
  // @ts-expect-error a default value does not excuse an unknown key (strictKeyChecks)
  t('list.noSuchKey', 'fallback');
  // @ts-expect-error keys are flat (keySeparator: false): no nested lookups
  t('list');

  // Other namespaces through their prefix, when the hook names them: useTranslation(['projects', 'common']).
  tWithCommon('common:appName');
  tWithCommon('messages:rules.required');
  // @ts-expect-error a namespace the hook does not name
  t('common:appName');
  // @ts-expect-error an unknown key of a named namespace
  tWithCommon('common:noSuchKey');
  // @ts-expect-error a namespace that does not exist (was 'users', now 'user-admin')
  tWithCommon('users:status.0');

  // Template literals: the variable part must be a union of valid suffixes.
  const delivery: KeySuffix<'projects', 'delivery.'> = 'fine';
  t(`delivery.${delivery}`);
  // @ts-expect-error any string after the prefix
  t(`delivery.${anyText}`);
  // @ts-expect-error a suffix that is not a key
  const wrongSuffix: KeySuffix<'projects', 'delivery.'> = 'marble';

  const qualified: QualifiedKey<'common'> = 'common:fetch003';
  // @ts-expect-error a key of another namespace
  const wrongQualified: QualifiedKey<'common'> = 'layout:menu.projectList';
  // @ts-expect-error not a key of the namespace
  const wrongKey: KeyOf<'layout'> = 'menu.noSuchPage';
  return [wrongSuffix, qualified, wrongQualified, wrongKey];
}

describe('translation key types', () => {
  it('are checked by tsc (this file holds the checks)', () => {
    expect(typeChecks).toBeTypeOf('function');
  });
});
