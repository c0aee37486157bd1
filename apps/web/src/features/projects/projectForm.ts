import type { DELIVERY_STANDARDS, ProjectRow } from '@measure/contract';
import { isApiError } from '../../shared/api/errors.ts';

export const PROJECT_DETAIL_PATH = '/measurerobot/projectDetail';
export const PROJECT_USER_PATH = '/measurerobot/projectUser';

export const detailPathOf = (projectId: string) =>
  `${PROJECT_DETAIL_PATH}?id=${encodeURIComponent(projectId)}`;

/** Query keys of one project's data; everything under ['projects'] is invalidated after a change. */
export const projectKey = (projectId: string) => ['projects', 'detail', projectId] as const;

export type DeliveryStandard = (typeof DELIVERY_STANDARDS)[number];

export interface BuildingValues {
  BuildingNumber: string;
  Stories: number | null;
  Households: number | null;
  DeliveryStandard: DeliveryStandard;
}

export interface ProjectFormValues {
  Name: string;
  Address?: string;
  Province?: string;
  City?: string;
  District?: string;
  DetailedAddress?: string;
  ProjectManager?: string;
  RegionalCompany?: string;
  DetailsInfo: BuildingValues[];
}

export const PROJECT_FORM_FIELDS = [
  'Name',
  'Address',
  'Province',
  'City',
  'District',
  'DetailedAddress',
  'ProjectManager',
  'RegionalCompany',
  'DetailsInfo',
] as const satisfies readonly (keyof ProjectFormValues)[];

export const newBuilding = (number = ''): BuildingValues => ({
  BuildingNumber: number,
  Stories: 1,
  Households: 1,
  DeliveryStandard: 'fine',
});

/** The next free building number: one more than the highest numeric one. */
export function nextBuildingNumber(buildings: readonly Partial<BuildingValues>[]): string {
  const numbers = buildings.map((building) => Number(building.BuildingNumber)).filter(Number.isInteger);
  return String(numbers.length ? Math.max(...numbers) + 1 : buildings.length + 1);
}

/** True when another row has the same building number (trimmed, case-insensitive, like the server). */
export function isDuplicateBuilding(
  buildings: readonly Partial<BuildingValues>[] | undefined,
  index: number,
): boolean {
  const key = (value: string | undefined) => (value ?? '').trim().toLowerCase();
  const own = key(buildings?.[index]?.BuildingNumber);
  if (!own) return false;
  return (buildings ?? []).some((building, other) => other !== index && key(building.BuildingNumber) === own);
}

export function formValuesOf(row: ProjectRow): ProjectFormValues {
  return {
    Name: row.Name,
    Address: row.Address ?? '',
    Province: row.Province ?? '',
    City: row.City ?? '',
    District: row.District ?? '',
    DetailedAddress: row.DetailedAddress ?? '',
    ProjectManager: row.ProjectManager ?? '',
    RegionalCompany: row.RegionalCompany ?? '',
    DetailsInfo: row.DetailsInfo.map((building) => ({ ...building })),
  };
}

/** The Add / Update body of the form (blank optional fields are sent as empty text). */
export function projectPayload(values: ProjectFormValues) {
  const text = (value: string | undefined) => (value ?? '').trim();
  return {
    Name: values.Name.trim(),
    Address: text(values.Address),
    Province: text(values.Province),
    City: text(values.City),
    District: text(values.District),
    DetailedAddress: text(values.DetailedAddress),
    ProjectManager: text(values.ProjectManager),
    RegionalCompany: text(values.RegionalCompany),
    DetailsInfo: (values.DetailsInfo ?? []).map((building) => ({
      BuildingNumber: building.BuildingNumber.trim(),
      Stories: building.Stories ?? 0,
      Households: building.Households ?? 0,
      DeliveryStandard: building.DeliveryStandard,
    })),
  };
}

/** Province, city and district in one line, or '-'. */
export const regionOf = (row: Pick<ProjectRow, 'Province' | 'City' | 'District'>) =>
  [row.Province, row.City, row.District].filter(Boolean).join(' / ') || '-';

/** Code 423: the project is published and the change was refused. */
export const isLocked = (error: unknown) => isApiError(error) && error.code === 423;

/** Image plans: jpg, jpeg or png; drawings: dxf. */
export type PlanKind = 'image' | 'dxf';

export function planKindOf(fileName: string): PlanKind | null {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (['jpg', 'jpeg', 'png'].includes(extension)) return 'image';
  if (extension === 'dxf') return 'dxf';
  return null;
}

/** The problem of a chosen plan file before it is sent: its kind and size (the server checks content too). */
export function planFileProblem(
  file: { name: string; size: number },
  limits: { maxImageBytes: number; maxDxfBytes: number },
): { key: 'fileType' } | { key: 'imageTooLarge' | 'dxfTooLarge'; maxMb: number } | null {
  const kind = planKindOf(file.name);
  if (!kind) return { key: 'fileType' };
  const max = kind === 'image' ? limits.maxImageBytes : limits.maxDxfBytes;
  if (file.size > max) {
    return { key: kind === 'image' ? 'imageTooLarge' : 'dxfTooLarge', maxMb: max / 1024 / 1024 };
  }
  return null;
}

export const fileSizeText = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
