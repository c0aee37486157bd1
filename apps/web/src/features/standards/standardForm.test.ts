import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/errors.ts';
import { itemRow } from '../../shared/testing/itemRow.ts';
import { formPathOf, problemAt, serverFieldErrors } from './formIssues.ts';
import {
  canAddStandard,
  isItemFormPath,
  ITEM_PREFIX,
  itemFormValuesOf,
  itemPayload,
  itemProblems,
  newItemValues,
  newStandard,
  type ItemFormValues,
} from './standardForm.ts';

/** A library row with one standard (普通 [0, 4], warning [0, 3]). */
const row = itemRow({
  MeasureItemId: '7b0c9f5e-8a52-4c1e-9d6b-2f1a3c4d5e6f',
  Standards: itemRow().Standards.slice(0, 1),
});

/** The form values of the row with the first standard changed. */
function withStandard(
  change: Partial<ItemFormValues['Standards'][number]>,
  item: Partial<ItemFormValues> = {},
) {
  const values = itemFormValuesOf(row);
  return { ...values, ...item, Standards: [{ ...values.Standards[0]!, ...change }] };
}
const problem = (values: ItemFormValues, path: (string | number)[]) =>
  problemAt(itemProblems(values), path)?.key;

describe('the measure item form', () => {
  it('maps a library row to the form and back to the Update entry', () => {
    const values = itemFormValuesOf(row);
    expect(values.Standards[0]).toEqual({
      Name: '普通',
      NameEn: 'Ordinary',
      Left: 0,
      Right: 4,
      WarnLeft: 0,
      WarnRight: 3,
      Exploded: null,
    });
    expect(itemPayload({ ...values, Code: ' PL-01 ' }, row.MeasureItemId)).toMatchObject({
      MeasureItemId: row.MeasureItemId,
      Code: 'PL-01',
      NeedsDesign: false,
      Standards: [{ Name: '普通', NameEn: 'Ordinary', Left: 0, Right: 4, Exploded: null }],
    });
    expect(itemPayload(values)).not.toHaveProperty('MeasureItemId');
    expect(itemPayload({ ...values, Mode: 'deviation' }).NeedsDesign).toBe(true);
    expect(itemPayload(withStandard({ NameEn: ' ' })).Standards[0]?.NameEn).toBeNull();
    expect(itemProblems(values).size).toBe(0);
  });

  it('finds each rule of the contract on the field the server names', () => {
    expect(problem(withStandard({ Left: -100, WarnLeft: -100 }), ['Standards', 0, 'Left'])).toBeUndefined();
    expect(problem(withStandard({ Left: -100.1 }), ['Standards', 0, 'Left'])).toBe('standards.valueRange');
    expect(problem(withStandard({ Right: 101 }), ['Standards', 0, 'Right'])).toBe('standards.valueRange');
    expect(
      problem(withStandard({ Left: -1, WarnLeft: -1 }, { Concrete: true }), ['Standards', 0, 'Left']),
    ).toBe('standards.concreteRange');
    expect(problem(withStandard({ Left: 5, WarnLeft: 5, WarnRight: 5 }), ['Standards', 0, 'Left'])).toBe(
      'standards.leftAboveRight',
    );
    expect(problem(withStandard({ WarnRight: 4.5 }), ['Standards', 0, 'WarnLeft'])).toBe(
      'standards.warningOutOfRange',
    );
    expect(problem(withStandard({ Exploded: 201 }), ['Standards', 0, 'Exploded'])).toBe(
      'standards.explodedRange',
    );
    expect(problem({ ...itemFormValuesOf(row), Code: 'a b' }, ['Code'])).toBe('standards.code');
  });

  it('calls an empty value required, a long one too long', () => {
    expect(problem(withStandard({ Right: null }), ['Standards', 0, 'Right'])).toBe('rules.required');
    expect(problem({ ...itemFormValuesOf(row), NameZh: '' }, ['NameZh'])).toBe('rules.required');
    const long = itemProblems({ ...itemFormValuesOf(row), NameEn: 'x'.repeat(33) });
    expect(problemAt(long, ['NameEn'])).toMatchObject({ params: { max: 32 } });
  });

  it('refuses duplicate standard names and more standards than the limit', () => {
    const values = itemFormValuesOf(row);
    const twice = { ...values, Standards: [values.Standards[0]!, values.Standards[0]!] };
    expect(problem(twice, ['Standards', 1, 'Name'])).toBe('standards.duplicateStandard');
    const eleven = {
      ...values,
      Standards: Array.from({ length: 11 }, (_v, n) => ({ ...values.Standards[0]!, Name: `档${n}` })),
    };
    expect(problem(eleven, ['Standards'])).toBe('standards.tooManyStandards');
    expect(canAddStandard(9)).toBe(true);
    expect(canAddStandard(10)).toBe(false);
  });

  it('names new standards without clashing', () => {
    expect(newStandard([], '标准').Name).toBe('标准');
    expect(newStandard([{ Name: '标准' }], '标准').Name).toBe('标准2');
    expect(newStandard([{ Name: '标准' }, { Name: '标准3' }], '标准').Name).toBe('标准4');
    expect(newItemValues('masonry', 'Standard')).toMatchObject({
      Stage: 'masonry',
      Standards: [{ Name: 'Standard' }],
    });
  });

  it('puts the server field errors of Classes[0] on the form fields', () => {
    expect(formPathOf('Classes[0].Standards[1].Left', ITEM_PREFIX)).toEqual(['Standards', 1, 'Left']);
    expect(formPathOf('Classes[1].Code', ITEM_PREFIX)).toBeNull();
    expect(formPathOf('Classes', ITEM_PREFIX)).toBeNull();
    const error = new ApiError(400, 'bad', [
      { Field: 'Classes[0].Standards[1].Left', Message: 'range' },
      { Field: 'Classes[0].Standards[1].Left', Message: 'again' },
      { Field: 'Classes[0].Code', Message: 'duplicate' },
      { Field: 'Classes[0].Standards[5].Left', Message: 'gone row' },
      { Field: 'Classes', Message: 'too many items' },
    ]);
    expect(serverFieldErrors(error, (path) => isItemFormPath(path, 2), ITEM_PREFIX)).toEqual({
      fields: [
        { name: ['Standards', 1, 'Left'], errors: ['range', 'again'] },
        { name: ['Code'], errors: ['duplicate'] },
      ],
      other: ['gone row', 'too many items'],
    });
    expect(serverFieldErrors(new Error('x'), () => true)).toEqual({ fields: [], other: [] });
  });
});
