import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/errors.ts';
import {
  confirmationAsked,
  defaultStandardText,
  extraNetHeightRows,
  pickerGroups,
  projectItemsById,
  rowsMissingDesign,
  siteFormPathOf,
  toSaveItems,
  toSiteFormValues,
} from './pointTypeForm.ts';
import { itemRow } from '../../shared/testing/itemRow.ts';

const netHeight = itemRow({
  MeasureItemId: 'height',
  Code: 'PL-04',
  NameEn: 'Net height',
  Mode: 'deviation',
  Dimension: 'height',
  NeedsDesign: true,
});
const opening = itemRow({ MeasureItemId: 'opening', Code: 'MA-03', Stage: 'masonry', Dimension: 'height' });
const flatness = itemRow();
const copies = [
  {
    Stage: 'plaster' as const,
    Classes: [flatness, netHeight, itemRow({ MeasureItemId: 'off', Enabled: false })],
  },
  { Stage: 'masonry' as const, Classes: [opening] },
  { Stage: 'structure' as const, Classes: [] },
];
const byId = projectItemsById(copies);

describe('site type form', () => {
  it('maps the stored items to form values and back', () => {
    const values = toSiteFormValues({
      MeasureItems: [
        {
          MeasureItemId: 'height',
          Code: 'PL-04',
          Name: '室内净高',
          NameZh: '室内净高',
          NameEn: 'Net height',
          DesignValue: 2800,
          WarningValue: null,
          Standard: null,
        },
      ],
    });
    expect(values.items).toEqual([
      { MeasureItemId: 'height', DesignValue: 2800, WarningValue: null, Standard: '' },
    ]);
    values.items.push({
      MeasureItemId: 'opening',
      DesignValue: null,
      WarningValue: 5,
      Standard: ' [-5, 5] ',
    });
    expect(toSaveItems(values)).toEqual([
      { MeasureItemId: 'height', DesignValue: 2800, WarningValue: null, Standard: null },
      { MeasureItemId: 'opening', DesignValue: null, WarningValue: 5, Standard: '[-5, 5]' },
    ]);
  });

  it('allows one net height design value', () => {
    const rows = [
      { MeasureItemId: 'height', DesignValue: 2800 },
      { MeasureItemId: 'item-1', DesignValue: 10 },
      { MeasureItemId: 'opening', DesignValue: 2100 },
    ];
    expect(extraNetHeightRows(rows, byId)).toEqual([2]);
    const oneValue = [
      { MeasureItemId: 'height', DesignValue: 2800 },
      { MeasureItemId: 'opening', DesignValue: null },
    ];
    expect(extraNetHeightRows(oneValue, byId)).toEqual([]);
  });

  it('finds items that need a design value and have none', () => {
    expect(
      rowsMissingDesign(
        [
          { MeasureItemId: 'item-1', DesignValue: null },
          { MeasureItemId: 'height', DesignValue: null },
        ],
        byId,
      ),
    ).toEqual([1]);
    expect(rowsMissingDesign([{ MeasureItemId: 'height', DesignValue: 0 }], byId)).toEqual([]);
  });

  it('offers the enabled items not yet taken, grouped by stage in stage order', () => {
    const groups = pickerGroups(copies, new Set(['item-1']), 'en-US');
    expect(groups).toEqual([
      { stage: 'masonry', label: 'Masonry', options: [{ value: 'opening', label: 'MA-03 Wall flatness' }] },
      { stage: 'plaster', label: 'Plaster', options: [{ value: 'height', label: 'PL-04 Net height' }] },
    ]);
  });

  it('shows the default standard as the server writes it', () => {
    expect(defaultStandardText(netHeight)).toBe('[0, 4]');
    expect(defaultStandardText(itemRow({ Selected: 1 }))).toBe('[0, 3]');
    expect(defaultStandardText(undefined)).toBe('');
  });

  it('puts server field errors on their rows and recognises the confirmation question', () => {
    expect(siteFormPathOf('MeasureItems[2].DesignValue')).toEqual(['items', 2, 'DesignValue']);
    expect(siteFormPathOf('Confirmed')).toBeNull();
    const asked = new ApiError(409, 'Save anyway?', [
      { Field: 'Confirmed', Message: 'Some items… Save anyway?' },
    ]);
    expect(confirmationAsked(asked)).toBe('Some items… Save anyway?');
    const duplicate = new ApiError(409, 'Duplicate', [
      { Field: 'MeasureItems[1].MeasureItemId', Message: 'Duplicate' },
    ]);
    expect(confirmationAsked(duplicate)).toBeNull();
    expect(confirmationAsked(new Error('x'))).toBeNull();
  });
});
