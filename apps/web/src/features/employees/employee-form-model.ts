/**
 * The Add / Edit Employee form's data (spec 5.3): values as typed, conversion from a record
 * (paise -> rupees), the request body, and when Submit is allowed. Pure. The rules are the domain's
 * employeeFormSchema, which the server runs too.
 */
import { isValidEmail, isValidMobile, type EmployeeFormInput, type EmployeeRecord } from '@portal/domain';

export interface EmployeeFormValues extends EmployeeFormInput {
  designation: string;
  branchId: string;
  gradeId: string;
  departmentId: string;
}
export type EmployeeFormField = keyof EmployeeFormValues;

export const EMPTY_EMPLOYEE_FORM: EmployeeFormValues = {
  fullName: '',
  email: '',
  mobile: '',
  employerEmployeeId: '',
  currentMonthlySalary: '',
  joiningDate: '',
  salaryAccountNumber: '',
  maxWithdrawalSalaryPercent: '',
  maxWithdrawalPerDay: '',
  maxWithdrawalPerTransaction: '',
  designation: '',
  branchId: '',
  gradeId: '',
  departmentId: '',
};

/** Integer paise as rupees typed by hand: "25000", "25000.5" -> "25000.50"; empty when missing. */
export function paiseToRupeesText(paise: number | null | undefined): string {
  if (typeof paise !== 'number' || !Number.isFinite(paise)) return '';
  const whole = Math.trunc(paise / 100);
  const frac = Math.abs(paise % 100);
  return frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(2, '0')}`;
}

/** The joining date as yyyy-mm-dd from a date or timestamp string. */
const isoDay = (value: string | null | undefined): string => (value ? value.slice(0, 10) : '');

export function formFromRecord(e: EmployeeRecord): EmployeeFormValues {
  return {
    fullName: e.fullName,
    email: e.email ?? '',
    mobile: e.mobile ?? '',
    employerEmployeeId: e.employerEmployeeId,
    currentMonthlySalary: paiseToRupeesText(e.currentMonthlySalary),
    joiningDate: isoDay(e.joinedAt),
    // The list shows the account number masked but the last 4: the edit starts empty and a blank
    // field keeps the stored number (see employeeRequestBody).
    salaryAccountNumber: '',
    maxWithdrawalSalaryPercent: e.maxWithdrawalSalaryPercent === null ? '' : String(e.maxWithdrawalSalaryPercent),
    maxWithdrawalPerDay: paiseToRupeesText(e.maxWithdrawalPerDay),
    maxWithdrawalPerTransaction: paiseToRupeesText(e.maxWithdrawalPerTransaction),
    designation: e.designation ?? '',
    branchId: e.branchId ?? '',
    gradeId: e.gradeId ?? '',
    departmentId: e.departmentId ?? '',
  };
}

/**
 * The add / update body: every field trimmed, the optional selects and designation left out when
 * empty; on update (with `id`) a blank salary account number is left out too, so the stored one stays.
 */
export type EmployeeRequestBody = Partial<Record<EmployeeFormField, string>> &
  Pick<EmployeeFormValues, 'fullName' | 'employerEmployeeId' | 'currentMonthlySalary' | 'joiningDate'> & { id?: string };
export function employeeRequestBody(values: EmployeeFormValues, id?: string): EmployeeRequestBody {
  const body: Partial<Record<EmployeeFormField, string>> = {};
  for (const [key, value] of Object.entries(values) as [EmployeeFormField, string][]) {
    const v = value.trim();
    if (['designation', 'branchId', 'gradeId', 'departmentId'].includes(key) && v === '') continue;
    if (id && key === 'salaryAccountNumber' && v === '') continue;
    body[key] = v;
  }
  const required = { fullName: values.fullName.trim(), employerEmployeeId: values.employerEmployeeId.trim(), currentMonthlySalary: values.currentMonthlySalary.trim(), joiningDate: values.joiningDate.trim() };
  return { ...body, ...required, ...(id ? { id } : {}) };
}

/** A server availability check of the e-mail or the mobile. */
export type CheckState = 'idle' | 'checking' | 'available' | 'taken' | 'error';
export type CheckedField = 'email' | 'mobile';

/**
 * Whether a field's value needs a server check: it is filled in and valid, and (when editing)
 * differs from the employee's own value.
 */
export function needsCheck(field: CheckedField, value: string, original: string): boolean {
  const v = value.trim();
  if (!v || v.toLowerCase() === original.trim().toLowerCase()) return false;
  return field === 'email' ? isValidEmail(v) : isValidMobile(v);
}

/** Submit is disabled while the form is invalid, a check is running, or a check is unfavourable (5.3). */
export function submitBlocked(valid: boolean, checks: Record<CheckedField, CheckState>): boolean {
  if (!valid) return true;
  return Object.values(checks).some((s) => s === 'checking' || s === 'taken');
}
