import type { DesignTemplate, ProjectStandard } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import {
  extraNetHeightRows,
  isDuplicateItem,
  missingDesignItems,
  templateFormValues,
  templateItemOptions,
  templateOfHouseType,
  templatePayload,
  type TemplateItemOption,
} from './designTemplateForm.ts';

const option = (id: string, overrides: Partial<TemplateItemOption> = {}): TemplateItemOption => ({
  MeasureItemId: id,
  Code: id.toUpperCase(),
  Name: `item ${id}`,
  Stage: 'plaster',
  StageName: 'Plaster',
  NeedsDesign: false,
  Mode: 'absolute',
  Dimension: null,
  ...overrides,
});
const netHeight = (id: string) => option(id, { Mode: 'deviation', Dimension: 'height', NeedsDesign: true });

const template = (id: string, overrides: Partial<DesignTemplate> = {}): DesignTemplate => ({
  TemplateId: id,
  ProjectId: 'p',
  Name: id,
  IsDefault: false,
  Items: [],
  HouseMapIds: [],
  UpdateTime: '2026-01-01T00:00:00Z',
  ...overrides,
});

describe('design value template form', () => {
  it('offers the enabled items of every stage with their stage name', () => {
    const item = (id: string, Enabled: boolean) => ({
      MeasureItemId: id,
      Code: id,
      Name: id,
      Stage: 'plaster',
      NeedsDesign: true,
      Mode: 'deviation',
      Dimension: 'height',
      Enabled,
    });
    const copies = [
      { StageName: '抹灰', Classes: [item('a', true), item('b', false)] },
      { StageName: '主体结构', Classes: [item('c', true)] },
    ] as unknown as ProjectStandard[];
    expect(templateItemOptions(copies).map((entry) => [entry.MeasureItemId, entry.StageName])).toEqual([
      ['a', '抹灰'],
      ['c', '主体结构'],
    ]);
  });

  it('names every net height row after the first', () => {
    const options = [netHeight('h1'), netHeight('h2'), option('flat')];
    const rows = [{ MeasureItemId: 'flat' }, { MeasureItemId: 'h1' }, {}, { MeasureItemId: 'h2' }];
    expect(extraNetHeightRows(rows, options)).toEqual([3]);
    expect(extraNetHeightRows([{ MeasureItemId: 'h1' }, { MeasureItemId: 'flat' }], options)).toEqual([]);
    expect(extraNetHeightRows(undefined, options)).toEqual([]);
  });

  it('finds a measure item chosen twice', () => {
    const rows = [{ MeasureItemId: 'a' }, { MeasureItemId: 'b' }, { MeasureItemId: 'a' }, {}];
    expect(isDuplicateItem(rows, 0)).toBe(true);
    expect(isDuplicateItem(rows, 1)).toBe(false);
    expect(isDuplicateItem(rows, 3)).toBe(false);
  });

  it('lists items that need a design value and are not in the template', () => {
    const options = [netHeight('h'), option('bay', { NeedsDesign: true }), option('flat')];
    expect(missingDesignItems(options, [{ MeasureItemId: 'h' }]).map((item) => item.MeasureItemId)).toEqual([
      'bay',
    ]);
  });

  it('maps a template to the form and back, leaving out empty rows', () => {
    const saved = template('t1', {
      Name: '高层',
      Items: [{ ...netHeight('h'), NameZh: '', NameEn: '', DesignValue: 2900 }],
    });
    const values = templateFormValues(saved);
    expect(values).toEqual({ Name: '高层', Items: [{ MeasureItemId: 'h', DesignValue: 2900 }] });
    expect(templateFormValues(null)).toEqual({ Name: '', Items: [] });
    expect(templatePayload('p', 't1', { Name: ' 高层 ', Items: [...values.Items, {}] })).toEqual({
      ProjectId: 'p',
      TemplateId: 't1',
      Name: '高层',
      Items: [{ MeasureItemId: 'h', DesignValue: 2900 }],
    });
  });

  it('gives a house type its own template, else the default', () => {
    const templates = [template('d', { IsDefault: true }), template('t', { HouseMapIds: ['m1'] })];
    expect(templateOfHouseType(templates, 'm1')?.TemplateId).toBe('t');
    expect(templateOfHouseType(templates, 'm2')?.TemplateId).toBe('d');
  });
});
