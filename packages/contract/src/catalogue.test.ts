import { describe, expect, it } from 'vitest';
import { formatMessage, messagesEnUS, messagesZhCN } from './i18n/index.ts';
import { pickLanguage } from './languages.ts';
import { seededText } from './seeded-texts.ts';
import {
  PERMISSION_CATALOGUE,
  PERMISSIONS,
  permissionsOfRoles,
  ROLE_LABELS,
  ROLE_PERMISSIONS,
  ROLES,
} from './permissions.ts';

const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)(?:\|[^|{}]*\|[^|{}]*)?\}/g)].map((match) => match[1]).sort();

describe('message catalogues', () => {
  it('have the same keys, no empty text and the same placeholders in both languages', () => {
    expect(Object.keys(messagesEnUS).sort()).toEqual(Object.keys(messagesZhCN).sort());
    for (const [key, zh] of Object.entries(messagesZhCN)) {
      const en = messagesEnUS[key as keyof typeof messagesZhCN];
      expect(zh.trim(), key).not.toBe('');
      expect(en.trim(), key).not.toBe('');
      expect(placeholders(en), key).toEqual(placeholders(zh));
    }
  });

  it('fills placeholders', () => {
    expect(formatMessage('en-US', 'errors.tooManyAttempts', { seconds: 30 })).toBe(
      'Too many attempts; try again in 30 seconds',
    );
    expect(formatMessage('zh-CN', 'rules.maxLength', { max: 20 })).toBe('不能超过 20 个字符');
  });

  it('writes English counts in the singular for one and the plural otherwise', () => {
    const saved = (rooms: number, points: number) =>
      formatMessage('en-US', 'projectLog.measurePointsSaved', { name: 'A', rooms, points });
    expect(saved(1, 1)).toBe('Saved the rooms and points of the house type A (1 room, 1 point)');
    expect(saved(2, 0)).toBe('Saved the rooms and points of the house type A (2 rooms, 0 points)');
    expect(formatMessage('zh-CN', 'projectLog.measurePointsSaved', { name: 'A', rooms: 1, points: 1 })).toBe(
      '保存户型 A 的房间和测点（1 个房间，1 个测点）',
    );
  });

  it('shows seeded texts in the language on screen and leaves other texts alone', () => {
    expect(seededText('upper-left 45°', 'zh-CN')).toBe('左上 45°');
    expect(seededText('左上 45°', 'en-US')).toBe('upper-left 45°');
    expect(seededText('默认算法参数 / Default algorithm parameters', 'en-US')).toBe(
      'Default algorithm parameters',
    );
    expect(seededText('我的靠尺', 'en-US')).toBe('我的靠尺');
  });

  it('picks the language from Accept-Language, zh-CN by default', () => {
    expect(pickLanguage(undefined)).toBe('zh-CN');
    expect(pickLanguage('en-US')).toBe('en-US');
    expect(pickLanguage('fr-FR, en;q=0.8')).toBe('en-US');
    expect(pickLanguage('zh-TW,zh;q=0.9')).toBe('zh-CN');
    expect(pickLanguage('de')).toBe('zh-CN');
  });
});

describe('permissions and roles (spec section 6)', () => {
  it('names permissions <area>.<action> with a name and description in both languages', () => {
    for (const permission of PERMISSIONS) {
      expect(permission).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
      const info = PERMISSION_CATALOGUE[permission];
      for (const language of ['zh-CN', 'en-US'] as const) {
        expect(info.name[language]).not.toBe('');
        expect(info.description[language]).not.toBe('');
      }
    }
  });

  it('gives the company administrator every listed permission of the spec', () => {
    const listed = [
      'project.list',
      'project.distribute',
      'project.create',
      'project.delete',
      'project.publish',
      'project.detail',
      'floorPlan.detailSave',
      'measureRule.manage',
      'reportData.delete',
      'user.create',
      'user.import',
      'device.distribute',
      'device.unbind',
      'device.download',
      'standard.modify',
    ];
    expect(ROLE_PERMISSIONS.CompanyAdmin).toEqual(expect.arrayContaining(listed));
  });

  it('gives the measurement administrator the project permissions, user create/import and standards, no device permission', () => {
    const measure: readonly string[] = ROLE_PERMISSIONS.MeasureAdmin;
    expect(measure).toEqual(
      expect.arrayContaining([
        'project.create',
        'project.publish',
        'user.create',
        'user.import',
        'standard.modify',
        'standard.editOperate',
      ]),
    );
    expect(measure.filter((permission) => permission.startsWith('device.'))).toEqual([]);
    expect(measure).not.toContain('user.manage');
  });

  it('gives project administrators and surveyors no permission, and lets the first role decide', () => {
    expect(ROLE_PERMISSIONS.ProjectAdmin).toEqual([]);
    expect(ROLE_PERMISSIONS.Surveyor).toEqual([]);
    expect(permissionsOfRoles(['Surveyor', 'CompanyAdmin'])).toEqual([]);
    expect(permissionsOfRoles(['CompanyAdmin', 'Surveyor'])).toBe(ROLE_PERMISSIONS.CompanyAdmin);
    expect(permissionsOfRoles([])).toEqual([]);
  });

  it('labels every role, including manual surveyor and factory administrator', () => {
    for (const role of [...ROLES, 'ManualSurveyor', 'FactoryAdmin'] as const) {
      expect(ROLE_LABELS[role]['zh-CN']).not.toBe('');
      expect(ROLE_LABELS[role]['en-US']).not.toBe('');
    }
  });
});
