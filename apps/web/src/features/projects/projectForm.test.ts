import { HOUSE_MAP_LIMITS } from '@measure/contract';
import { describe, expect, it } from 'vitest';
import {
  isDuplicateBuilding,
  nextBuildingNumber,
  planFileProblem,
  planKindOf,
  projectPayload,
  regionOf,
} from './projectForm.ts';

describe('project form', () => {
  it('finds duplicate building numbers like the server (trimmed, case-insensitive)', () => {
    const rows = [{ BuildingNumber: 'A1' }, { BuildingNumber: ' a1 ' }, { BuildingNumber: '2' }];
    expect(isDuplicateBuilding(rows, 0)).toBe(true);
    expect(isDuplicateBuilding(rows, 1)).toBe(true);
    expect(isDuplicateBuilding(rows, 2)).toBe(false);
    expect(isDuplicateBuilding([{ BuildingNumber: '' }, { BuildingNumber: '' }], 0)).toBe(false);
  });

  it('proposes the next building number', () => {
    expect(nextBuildingNumber([])).toBe('1');
    expect(nextBuildingNumber([{ BuildingNumber: '1' }, { BuildingNumber: '7' }])).toBe('8');
    expect(nextBuildingNumber([{ BuildingNumber: 'A' }])).toBe('2');
  });

  it('builds the Add/Update body with trimmed text and the buildings', () => {
    expect(
      projectPayload({
        Name: ' 项目 ',
        Province: '浙江',
        DetailsInfo: [{ BuildingNumber: ' 1 ', Stories: 10, Households: 2, DeliveryStandard: 'none' }],
      }),
    ).toEqual({
      Name: '项目',
      Address: '',
      Province: '浙江',
      City: '',
      District: '',
      DetailedAddress: '',
      ProjectManager: '',
      RegionalCompany: '',
      DetailsInfo: [{ BuildingNumber: '1', Stories: 10, Households: 2, DeliveryStandard: 'none' }],
    });
  });

  it('joins province, city and district', () => {
    expect(regionOf({ Province: '浙江', City: '杭州', District: null })).toBe('浙江 / 杭州');
    expect(regionOf({ Province: null, City: null, District: null })).toBe('-');
  });
});

describe('plan files', () => {
  it('knows images and drawings by extension', () => {
    expect(planKindOf('a.PNG')).toBe('image');
    expect(planKindOf('a.jpeg')).toBe('image');
    expect(planKindOf('plan.dxf')).toBe('dxf');
    expect(planKindOf('a.gif')).toBeNull();
    expect(planKindOf('dxf')).toBeNull();
  });

  it('refuses other types and files over the limits of the contract', () => {
    expect(planFileProblem({ name: 'a.gif', size: 1 }, HOUSE_MAP_LIMITS)).toEqual({ key: 'fileType' });
    expect(planFileProblem({ name: 'a.png', size: 6 * 1024 * 1024 }, HOUSE_MAP_LIMITS)).toEqual({
      key: 'imageTooLarge',
      maxMb: 5,
    });
    expect(planFileProblem({ name: 'a.png', size: 5 * 1024 * 1024 }, HOUSE_MAP_LIMITS)).toBeNull();
    expect(planFileProblem({ name: 'a.dxf', size: 51 * 1024 * 1024 }, HOUSE_MAP_LIMITS)).toEqual({
      key: 'dxfTooLarge',
      maxMb: 50,
    });
  });
});
