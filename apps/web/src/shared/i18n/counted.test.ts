import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { countedFormat } from './counted.ts';

describe('counted format', () => {
  it('picks the English singular for one and the plural otherwise', () => {
    const forms = { one: '# user', other: '# users' };
    expect(countedFormat(1, 'en-US', forms)).toBe('1 user');
    expect(countedFormat(0, 'en-US', forms)).toBe('0 users');
    expect(countedFormat(1200, 'en-US', forms)).toBe('1,200 users');
  });

  it('works inside an i18next text', async () => {
    const instance = i18next.createInstance();
    await instance.init({
      lng: 'en-US',
      resources: {
        'en-US': { translation: { done: '{{count, counted(one: # user; other: # users)}} imported' } },
      },
      interpolation: { escapeValue: false },
    });
    instance.services.formatter?.add('counted', countedFormat);
    expect(instance.t('done' as never, { count: 1 })).toBe('1 user imported');
    expect(instance.t('done' as never, { count: 3 })).toBe('3 users imported');
  });
});
