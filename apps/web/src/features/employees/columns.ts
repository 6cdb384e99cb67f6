/**
 * The employees table's columns (spec 2.5): their keys (also the Download call's `columns`),
 * headers, and which may be hidden. Branch, Grade and Department exist only when the employer
 * metadata lists them and start hidden (the only ones the spec hides, issue 24 item 4); Full Name
 * and Employee ID are always shown. Pure.
 */
import type { EmployerMetadata } from '@portal/domain';

export const EMPLOYEE_COLUMN_KEYS = [
  'fullName',
  'employerEmployeeId',
  'email',
  'mobile',
  'signUpStatus',
  'employmentStatus',
  'joinedAt',
  'terminatedAt',
  'withdrawalAllowed',
  'currentMonthlySalary',
  'branchId',
  'gradeId',
  'departmentId',
] as const;
export type EmployeeColumnKey = (typeof EMPLOYEE_COLUMN_KEYS)[number];

export const EMPLOYEE_COLUMN_LABELS: Record<EmployeeColumnKey, string> = {
  fullName: 'Full Name',
  employerEmployeeId: 'Employee ID',
  email: 'Email ID',
  mobile: 'Mobile No.',
  signUpStatus: 'Sign Up Status',
  employmentStatus: 'Employment Status',
  joinedAt: 'Joining Date',
  terminatedAt: 'Termination Date',
  withdrawalAllowed: 'Withdrawal Allowed',
  currentMonthlySalary: 'Monthly Salary',
  branchId: 'Branch',
  gradeId: 'Grade',
  departmentId: 'Department',
};

/** Columns that cannot be hidden. */
export const FIXED_COLUMNS: readonly EmployeeColumnKey[] = ['fullName', 'employerEmployeeId'];
/** Columns that exist only when the metadata lists values for them, hidden by default. */
export const METADATA_COLUMNS = ['branchId', 'gradeId', 'departmentId'] as const;
export type MetadataColumnKey = (typeof METADATA_COLUMNS)[number];

const METADATA_LIST: Record<MetadataColumnKey, keyof EmployerMetadata> = {
  branchId: 'branchIds',
  gradeId: 'gradeIds',
  departmentId: 'departmentIds',
};

export const isFixedColumn = (key: EmployeeColumnKey): boolean => FIXED_COLUMNS.includes(key);
const isMetadataColumn = (key: EmployeeColumnKey): key is MetadataColumnKey => (METADATA_COLUMNS as readonly string[]).includes(key);

/** Whether the metadata lists values for a branch, grade or department column. */
export const metadataLists = (metadata: EmployerMetadata | undefined, key: MetadataColumnKey): boolean =>
  (metadata?.[METADATA_LIST[key]]?.length ?? 0) > 0;

/** The columns this employer's table has, in table order. */
export function availableColumns(metadata: EmployerMetadata | undefined): EmployeeColumnKey[] {
  return EMPLOYEE_COLUMN_KEYS.filter((key) => !isMetadataColumn(key) || metadataLists(metadata, key));
}

/** The set of visible columns at first: every available one but Branch, Grade and Department (spec 2.5). */
export function defaultVisibleColumns(available: readonly EmployeeColumnKey[]): Set<EmployeeColumnKey> {
  return new Set(available.filter((key) => !isMetadataColumn(key)));
}

/**
 * Pairs shown in one cell when both are visible, the second under the first in smaller type (the
 * header names both): contact, status, dates, and the salary with whether the worker may withdraw
 * (so that the default table, Withdrawal Allowed included, fits 1366 px). Each is still its own
 * column in the toggle and the download.
 */
export const STACKED_COLUMNS: readonly (readonly [EmployeeColumnKey, EmployeeColumnKey])[] = [
  ['mobile', 'email'],
  ['employmentStatus', 'signUpStatus'],
  ['joinedAt', 'terminatedAt'],
  ['currentMonthlySalary', 'withdrawalAllowed'],
];

export interface DisplayColumn {
  key: EmployeeColumnKey;
  /** Shown under `key` in the same cell. */
  under?: EmployeeColumnKey;
}

/** The table's columns for the visible keys: a stacked pair takes the place of whichever of the two comes first. */
export function displayColumns(shown: readonly EmployeeColumnKey[]): DisplayColumn[] {
  const visible = new Set(shown);
  const out: DisplayColumn[] = [];
  const done = new Set<EmployeeColumnKey>();
  for (const key of shown) {
    if (done.has(key)) continue;
    const pair = STACKED_COLUMNS.find(([a, b]) => (a === key || b === key) && visible.has(a) && visible.has(b));
    if (pair) {
      out.push({ key: pair[0], under: pair[1] });
      done.add(pair[0]).add(pair[1]);
    } else {
      out.push({ key });
      done.add(key);
    }
  }
  return out;
}

/** Switches one column; the fixed ones stay shown. */
export function toggleColumn(visible: ReadonlySet<EmployeeColumnKey>, key: EmployeeColumnKey, show: boolean): Set<EmployeeColumnKey> {
  const next = new Set(visible);
  if (show || isFixedColumn(key)) next.add(key);
  else next.delete(key);
  return next;
}

/** "Hide": only the fixed columns remain. */
export const hideAllColumns = (): Set<EmployeeColumnKey> => new Set(FIXED_COLUMNS);

/** "Select All": every available column. */
export const showAllColumns = (available: readonly EmployeeColumnKey[]): Set<EmployeeColumnKey> => new Set(available);

/** The visible columns in table order (always with the fixed ones): what the table shows and Download asks for. */
export function visibleColumnsInOrder(available: readonly EmployeeColumnKey[], visible: ReadonlySet<EmployeeColumnKey>): EmployeeColumnKey[] {
  return available.filter((key) => isFixedColumn(key) || visible.has(key));
}
