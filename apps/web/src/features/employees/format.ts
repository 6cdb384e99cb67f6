/** Cell texts of the employees table (spec 2.5, 9). Pure. */
import {
  EMPLOYMENT_STATUS_LABELS,
  SIGN_UP_STATUS_LABELS,
  businessDate,
  formatRupees,
  signUpStatusOf,
  type EmployeeRecord,
} from '@portal/domain';

export const NA = 'NA';

/** dd/mm/yyyy from a yyyy-mm-dd date or an instant (its business date); "NA" when missing or unreadable. */
export function tableDate(value: string | null | undefined): string {
  if (!value) return NA;
  let iso = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';
  if (!iso) {
    const at = new Date(value);
    if (Number.isNaN(at.getTime())) return NA;
    iso = businessDate(at);
  }
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

export const signUpLabel = (e: Pick<EmployeeRecord, 'userId'>): string => SIGN_UP_STATUS_LABELS[signUpStatusOf(e.userId)];
export const employmentLabel = (e: Pick<EmployeeRecord, 'employmentStatus'>): string => EMPLOYMENT_STATUS_LABELS[e.employmentStatus] ?? e.employmentStatus;
/** "Allowed" / "Not Allowed" from isTransactionAllowed (spec 3). */
export const withdrawalLabel = (e: Pick<EmployeeRecord, 'isTransactionAllowed'>): string => (e.isTransactionAllowed ? 'Allowed' : 'Not Allowed');
export const salaryText = (paise: number | null | undefined): string => (typeof paise === 'number' ? formatRupees(paise) : NA);
export const textOrNA = (v: string | null | undefined): string => (v && v.trim() ? v : NA);

/**
 * The profile link of a signed-up employee (spec 2.5, 2.6), or null when not signed up:
 * /employeeProfile (or /vendors/employeeProfile) with empId, employerEmployeeId, joiningDate and vendorId.
 */
export function profileHref(e: Pick<EmployeeRecord, '_id' | 'userId' | 'employerEmployeeId' | 'joinedAt'>, vendorId: string | null): string | null {
  if (!e.userId) return null;
  const q = new URLSearchParams({ empId: e._id, employerEmployeeId: e.employerEmployeeId, joiningDate: e.joinedAt ?? '' });
  if (vendorId) q.set('vendorId', vendorId);
  return `${vendorId ? '/vendors/employeeProfile' : '/employeeProfile'}?${q.toString()}`;
}

/** Bulk Upload and Bulk Termination targets (spec 2.5). */
export function documentUploadHref(document: 'ADD_EMPLOYEES_BULK_UPLOAD' | 'TERMINATED_EMPLOYEES_UPLOAD', vendorId: string | null): string {
  const q = new URLSearchParams({ document });
  if (vendorId) q.set('vendorId', vendorId);
  return `/documentUpload?${q.toString()}`;
}
