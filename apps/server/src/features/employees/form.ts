/** The add/edit form (spec 5.3): the stored worker as the form, the stored columns of a valid form, and its whole check. */
import { sql, type Expression, type SqlBool } from 'kysely';
import {
  EMPLOYEE_SERVER_MSG,
  holdSignedUpIdentity,
  paiseToRupeesText,
  rupeesToPaise,
  signedUpLockMessage,
  validateEmployeeForm,
  type EmployeeFormBody,
  type EmployeeFormField,
} from '@portal/domain';
import type { WorkerRecord } from '../../db/schema.js';
import type { DataProtector } from '../../platform/data-protection.js';
import type { Scope } from '../../platform/scope.js';
import { FormError } from './errors.js';
import { type EmployeeDeps, today } from './shared.js';

const blankToNull = (v: string | undefined) => {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
};

/** The stored worker (its salary account number opened: `opened`) as the form shows it, so that an edit may send only what changed. */
export function formOf(w: WorkerRecord): EmployeeFormBody {
  return {
    fullName: w.full_name,
    email: w.email ?? '',
    mobile: w.mobile ?? '',
    employerEmployeeId: w.employer_worker_id,
    currentMonthlySalary: paiseToRupeesText(w.current_monthly_salary),
    joiningDate: w.joined_at ?? '',
    salaryAccountNumber: w.salary_account_number ?? '',
    maxWithdrawalSalaryPercent: w.max_withdrawal_salary_percent === null ? '' : String(w.max_withdrawal_salary_percent),
    maxWithdrawalPerDay: w.max_withdrawal_per_day === null ? '' : paiseToRupeesText(w.max_withdrawal_per_day),
    maxWithdrawalPerTransaction: w.max_withdrawal_per_transaction === null ? '' : paiseToRupeesText(w.max_withdrawal_per_transaction),
    designation: w.designation ?? '',
    branchId: w.branch_id ?? '',
    gradeId: w.grade_id ?? '',
    departmentId: w.department_id ?? '',
    branchLocation: w.branch_location ?? '',
    isTransactionAllowed: w.is_transaction_allowed,
    workerType: w.worker_type,
  };
}

/** The stored columns of a valid form (money in paise). */
export function valuesOf(form: EmployeeFormBody) {
  const paise = (v: string) => (v.trim() === '' ? null : rupeesToPaise(v));
  return {
    full_name: form.fullName.trim(),
    email: blankToNull(form.email)?.toLowerCase() ?? null,
    mobile: blankToNull(form.mobile),
    employer_worker_id: form.employerEmployeeId.trim(),
    current_monthly_salary: rupeesToPaise(form.currentMonthlySalary),
    joined_at: form.joiningDate.trim(),
    salary_account_number: blankToNull(form.salaryAccountNumber),
    max_withdrawal_salary_percent: form.maxWithdrawalSalaryPercent.trim() === '' ? null : Number(form.maxWithdrawalSalaryPercent.trim()),
    max_withdrawal_per_day: paise(form.maxWithdrawalPerDay),
    max_withdrawal_per_transaction: paise(form.maxWithdrawalPerTransaction),
    designation: blankToNull(form.designation),
    branch_id: blankToNull(form.branchId),
    grade_id: blankToNull(form.gradeId),
    department_id: blankToNull(form.departmentId),
    branch_location: blankToNull(form.branchLocation),
    is_transaction_allowed: form.isTransactionAllowed,
    worker_type: form.workerType,
  };
}

/**
 * The columns of `valuesOf` as written: the salary account number sealed, with its masked form
 * (lists, the profile) and its keyed hash (the employee sheet compares it in SQL): decision 0037.
 */
export function sealedValuesOf(protector: Pick<DataProtector, 'protectText'>, values: ReturnType<typeof valuesOf>) {
  const account = protector.protectText(values.salary_account_number);
  return { ...values, salary_account_number: account.sealed, salary_account_number_masked: account.masked, salary_account_number_hash: account.hash };
}

/** The stored columns of a valid form. */
export type WorkerColumns = ReturnType<typeof valuesOf>;
/** The columns as written (the salary account number sealed, its masked form and keyed hash beside it). */
export type SealedWorkerColumns = ReturnType<typeof sealedValuesOf>;

/** The unique indexes of `workers` and the form field each one guards. */
const UNIQUE_FIELDS: Record<string, [EmployeeFormField, string]> = {
  workers_employer_worker_id: ['employerEmployeeId', EMPLOYEE_SERVER_MSG.duplicateEmployeeId],
  workers_employer_email: ['email', EMPLOYEE_SERVER_MSG.duplicateEmail],
  workers_employer_mobile: ['mobile', EMPLOYEE_SERVER_MSG.duplicateMobile],
};

/** A unique-index race (two saves at once) still answers with the field's message. */
export function rethrowUnique(err: unknown): never {
  const e = err as { code?: string; constraint?: string };
  const hit = e.code === '23505' && e.constraint ? UNIQUE_FIELDS[e.constraint] : undefined;
  if (hit) throw new FormError(hit[1], { [hit[0]]: hit[1] });
  throw err;
}

/**
 * Every rule of 5.3, the metadata picks, the signed-up identity lock and the duplicates; throws a
 * FormError. The columns to store: for a signed-up worker with the stored spelling of a locked
 * field the form leaves the same (the domain's `holdSignedUpIdentity`, the employee sheet's rule too).
 */
export async function checkForm(deps: EmployeeDeps, ctx: Scope, sent: EmployeeFormBody, existing: WorkerRecord | null) {
  const { db } = deps;
  // The signed-up identity lock: Employee ID, Full Name, Mobile and Email stay as they are.
  const { form, changed: locked } = existing ? holdSignedUpIdentity(existing.user_id !== null, formOf(existing), sent) : { form: sent, changed: [] };
  // 5.3's schema (forms/employee.ts), the one the drawer uses, on the business date of the call.
  const errors: Partial<Record<EmployeeFormField, string>> = { ...validateEmployeeForm(form, today(deps)) };
  const employer = await db.selectFrom('employers').select('metadata').where('id', '=', ctx.admin.employer_id).executeTakeFirstOrThrow();
  const lists = { branchId: employer.metadata.branchIds ?? [], gradeId: employer.metadata.gradeIds ?? [], departmentId: employer.metadata.departmentIds ?? [] };
  const pickMsg = { branchId: EMPLOYEE_SERVER_MSG.branch, gradeId: EMPLOYEE_SERVER_MSG.grade, departmentId: EMPLOYEE_SERVER_MSG.department };
  for (const key of ['branchId', 'gradeId', 'departmentId'] as const) {
    const v = form[key].trim();
    if (v && !lists[key].includes(v)) errors[key] = pickMsg[key];
  }
  for (const key of locked) errors[key] = signedUpLockMessage([key]);

  // Duplicates within the employer (every context: the unique indexes are per employer).
  const values = valuesOf(form);
  const probes: Expression<SqlBool>[] = [];
  const probe = await db
    .selectFrom('workers')
    .select(['employer_worker_id', 'email', 'mobile'])
    .where('employer_id', '=', ctx.admin.employer_id)
    .where((eb) => {
      if (!errors.employerEmployeeId && values.employer_worker_id) probes.push(eb(sql<string>`lower(employer_worker_id)`, '=', values.employer_worker_id.toLowerCase()));
      if (!errors.email && values.email) probes.push(eb(sql<string>`lower(email)`, '=', values.email));
      if (!errors.mobile && values.mobile) probes.push(eb('mobile', '=', values.mobile));
      return eb.or(probes);
    })
    .where((eb) => (existing ? eb('id', '<>', existing.id) : eb.lit(true)))
    .limit(3)
    .execute();
  for (const other of probe) {
    if (other.employer_worker_id.toLowerCase() === values.employer_worker_id.toLowerCase()) errors.employerEmployeeId ??= EMPLOYEE_SERVER_MSG.duplicateEmployeeId;
    if (values.email && other.email?.toLowerCase() === values.email) errors.email ??= EMPLOYEE_SERVER_MSG.duplicateEmail;
    if (values.mobile && other.mobile === values.mobile) errors.mobile ??= EMPLOYEE_SERVER_MSG.duplicateMobile;
  }
  const first = Object.values(errors)[0];
  if (first) throw new FormError(first, errors);
  return values;
}
