import { describe, expect, it } from 'vitest';
import {
  changedClasses,
  libraryStateOf,
  newLibraryItems,
  stageFormPathOf,
  stageLabel,
  standardFieldProblem,
  standardName,
  toStageFormValues,
} from './stageForm.ts';
import { itemRow } from '../../shared/testing/itemRow.ts';

describe('stage form', () => {
  const rows = [itemRow(), itemRow({ MeasureItemId: 'item-2', Code: 'PL-02', Enabled: false })];

  it('maps the rows to form values and back only the changed ones', () => {
    const values = toStageFormValues(rows);
    expect(values.items[1]).toMatchObject({ MeasureItemId: 'item-2', Enabled: false, Selected: 0 });
    expect(values.items[0]?.Standards[1]).toEqual({
      Name: '高级',
      NameEn: null,
      Left: 0,
      Right: 3,
      WarnLeft: 0,
      WarnRight: 2,
      Exploded: 5,
    });
    expect(changedClasses(rows, values)).toEqual({ classes: [], rowIndexes: [] });

    const edited = toStageFormValues(rows);
    const second = edited.items[1];
    if (!second?.Standards[0]) throw new Error('fixture');
    second.Enabled = true;
    second.Selected = 1;
    second.Standards[0].Right = 5;
    const { classes, rowIndexes } = changedClasses(rows, edited);
    expect(rowIndexes).toEqual([1]);
    expect(classes[0]).toMatchObject({
      MeasureItemId: 'item-2',
      Code: 'PL-02',
      Stage: 'plaster',
      Mode: 'absolute',
      Enabled: true,
      Selected: 1,
    });
    expect(classes[0]?.Standards[0]).toMatchObject({ Name: '普通', Left: 0, Right: 5, Exploded: null });
  });

  it('sees a changed exploded value', () => {
    const edited = toStageFormValues(rows);
    const standard = edited.items[0]?.Standards[0];
    if (!standard) throw new Error('fixture');
    standard.Exploded = 10;
    expect(changedClasses(rows, edited).rowIndexes).toEqual([0]);
  });

  it('puts a server field error on the form row it came from', () => {
    expect(stageFormPathOf('Classes[0].Standards[1].Left', [4])).toEqual([
      'items',
      4,
      'Standards',
      1,
      'Left',
    ]);
    expect(stageFormPathOf('Classes[1].Selected', [0, 2])).toEqual(['items', 2, 'Selected']);
    expect(stageFormPathOf('Classes[3].Selected', [0])).toBeNull();
    expect(stageFormPathOf('Classes', [0])).toBeNull();
    expect(stageFormPathOf('ProjectStandardId', [0])).toBeNull();
  });

  it('checks a standard like the contract, on the field the contract names', () => {
    const standard = { Left: 0, Right: 4, WarnLeft: 0, WarnRight: 3 };
    expect(standardFieldProblem(standard, false, 'Left')).toBeNull();
    expect(standardFieldProblem({ ...standard, Right: 101 }, false, 'Right')).toBe('standards.valueRange');
    expect(standardFieldProblem({ ...standard, Left: -1 }, true, 'Left')).toBe('standards.concreteRange');
    expect(standardFieldProblem({ ...standard, Left: -1 }, false, 'Left')).toBeNull();
    expect(standardFieldProblem({ ...standard, Left: 5 }, false, 'Left')).toBe('standards.leftAboveRight');
    expect(standardFieldProblem({ ...standard, Left: 5 }, false, 'Right')).toBeNull();
    expect(standardFieldProblem({ ...standard, WarnRight: 6 }, false, 'WarnLeft')).toBe(
      'standards.warningOutOfRange',
    );
    expect(standardFieldProblem({ ...standard, WarnLeft: 3, WarnRight: 2 }, false, 'WarnLeft')).toBe(
      'standards.warningOutOfRange',
    );
    // A missing value is its own rule's business.
    expect(standardFieldProblem({ ...standard, Left: null }, false, 'Right')).toBeNull();
  });

  it('names stages and standards in the UI language', () => {
    expect(stageLabel('floorGround', 'en-US')).toBe('Floor ground');
    expect(stageLabel('floorGround', 'zh-CN')).toBe('地坪');
    expect(standardName({ Name: '高级', NameEn: null }, 'en-US')).toBe('高级');
    expect(standardName({ Name: '普通', NameEn: 'Ordinary' }, 'en-US')).toBe('Ordinary');
  });
});

describe('library state', () => {
  it('tells changed, removed and current items apart', () => {
    const library = new Map([
      ['item-1', { UpdateTime: '2026-11-01T00:00:00.000Z' }],
      ['item-2', { UpdateTime: '2026-11-05T00:00:00.000Z' }],
    ]);
    expect(libraryStateOf(itemRow(), library)).toBe('current');
    expect(libraryStateOf(itemRow({ MeasureItemId: 'item-2' }), library)).toBe('changed');
    expect(libraryStateOf(itemRow({ MeasureItemId: 'item-3' }), library)).toBe('removed');
  });

  it('lists the library items of the stage the copy lacks', () => {
    const library = [
      itemRow(),
      itemRow({ MeasureItemId: 'new', Code: 'PL-09' }),
      itemRow({ MeasureItemId: 'other-stage', Stage: 'masonry' }),
    ];
    expect(newLibraryItems('plaster', [itemRow()], library).map((item) => item.MeasureItemId)).toEqual([
      'new',
    ]);
  });
});
