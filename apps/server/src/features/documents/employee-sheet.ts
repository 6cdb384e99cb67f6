/**
 * ADD_EMPLOYEES_BULK_UPLOAD: creates or updates employees by Employee ID with every rule of 5.3.
 * A blank optional cell keeps an existing employee's stored value; a row equal to what is stored
 * is UNCHANGED, so re-uploading a corrected sheet writes only what is new or changed.
 */
import { sql } from 'kysely';
import {
  EMPLOYEE_MSG,
  EMPLOYEE_SERVER_MSG,
  EMPLOYEE_SHEET_COLUMNS,
  SHEET_MSG,
  parseEmployeeRow,
  validateEmployeeForm,
  type EmployeeFormBody,
  type EmployeeSheetKey,
  type EmployeeSheetRow,
} from '@portal/domain';
import type { WorkerRecord } from '../../db/schema.js';
import { formOf, valuesOf, type WorkerColumns } from '../employees/index.js';
import { unnest } from '../../platform/sql.js';
import { applied, chunks, failed, unchanged, type RowOutcome, type SheetKind } from './sheet-kind.js';

/** The stored columns a sheet row sets, with their PostgreSQL types (for unnest). */
const COLUMNS: { key: keyof WorkerColumns; type: string }[] = [
  { key: 'full_name', type: 'text' },
  { key: 'email', type: 'text' },
  { key: 'mobile', type: 'text' },
  { key: 'employer_worker_id', type: 'text' },
  { key: 'current_monthly_salary', type: 'bigint' },
  { key: 'joined_at', type: 'date' },
  { key: 'salary_account_number', type: 'text' },
  { key: 'max_withdrawal_salary_percent', type: 'numeric' },
  { key: 'max_withdrawal_per_day', type: 'bigint' },
  { key: 'max_withdrawal_per_transaction', type: 'bigint' },
  { key: 'designation', type: 'text' },
  { key: 'branch_id', type: 'text' },
  { key: 'grade_id', type: 'text' },
  { key: 'department_id', type: 'text' },
  { key: 'branch_location', type: 'text' },
  { key: 'is_transaction_allowed', type: 'boolean' },
  { key: 'worker_type', type: 'text' },
];

const same = (a: unknown, b: unknown) => (a === null || a === undefined ? b === null || b === undefined : b !== null && b !== undefined && String(a) === String(b));
const changedFrom = (stored: WorkerRecord, values: WorkerColumns) => COLUMNS.some((c) => !same(stored[c.key as keyof WorkerRecord], values[c.key]));

const PICKS = [
  ['branchId', 'branchIds', EMPLOYEE_SERVER_MSG.branch],
  ['gradeId', 'gradeIds', EMPLOYEE_SERVER_MSG.grade],
  ['departmentId', 'departmentIds', EMPLOYEE_SERVER_MSG.department],
] as const;

export const employeeSheet: SheetKind<EmployeeSheetKey, EmployeeSheetRow> = {
  columns: EMPLOYEE_SHEET_COLUMNS,
  dateColumns: ['joiningDate'],
  parse: parseEmployeeRow,
  key: (row) => row.form.employerEmployeeId.trim().toLowerCase(),
  keyLabel: 'Employee ID',
  keyColumns: ['employerEmployeeId'],

  async apply(trx, scope, rows) {
    const employer = await trx.selectFrom('employers').select('metadata').where('id', '=', scope.employerId).executeTakeFirstOrThrow();
    const ids = rows.map((r) => r.value.form.employerEmployeeId.trim().toLowerCase());
    const emails = rows.map((r) => r.value.form.email.trim().toLowerCase()).filter(Boolean);
    const mobiles = rows.map((r) => r.value.form.mobile.trim()).filter(Boolean);
    // Every worker of the employer that a row's Employee ID, e-mail or mobile meets (the unique
    // indexes are per employer, whatever the context).
    const found = new Map<string, WorkerRecord>();
    for (const part of chunks(ids)) {
      for (const w of await trx.selectFrom('workers').selectAll().where('employer_id', '=', scope.employerId).where(sql<boolean>`lower(employer_worker_id) = any(${part}::text[])`).execute()) found.set(w.id, w);
    }
    for (const part of chunks(emails)) {
      for (const w of await trx.selectFrom('workers').selectAll().where('employer_id', '=', scope.employerId).where(sql<boolean>`lower(email) = any(${part}::text[])`).execute()) found.set(w.id, w);
    }
    for (const part of chunks(mobiles)) {
      for (const w of await trx.selectFrom('workers').selectAll().where('employer_id', '=', scope.employerId).where(sql<boolean>`mobile = any(${part}::text[])`).execute()) found.set(w.id, w);
    }
    const byId = new Map<string, WorkerRecord>();
    const emailOwner = new Map<string, string>();
    const mobileOwner = new Map<string, string>();
    for (const w of found.values()) {
      byId.set(w.employer_worker_id.toLowerCase(), w);
      if (w.email) emailOwner.set(w.email.toLowerCase(), w.id);
      if (w.mobile) mobileOwner.set(w.mobile, w.id);
    }

    const sheetEmail = new Map<string, number>();
    const sheetMobile = new Map<string, number>();
    const inserts: WorkerColumns[] = [];
    const updates: { id: string; values: WorkerColumns }[] = [];
    const outcomes = rows.map(({ value, rowNumber }): RowOutcome<EmployeeSheetKey> => {
      const existing = byId.get(value.form.employerEmployeeId.trim().toLowerCase());
      // An Employee ID of another context (own workers vs a vendor's) is taken, not editable here.
      if (existing && existing.vendor_id !== scope.vendorId) return failed(EMPLOYEE_SERVER_MSG.duplicateEmployeeId, ['employerEmployeeId']);
      let form: EmployeeFormBody = value.form;
      if (existing) {
        const merged: Record<string, unknown> = { ...formOf(existing) };
        for (const key of value.given) if (key !== 'employerEmployeeId') merged[key] = value.form[key];
        form = merged as EmployeeFormBody;
        const errors = Object.entries(validateEmployeeForm(form)) as [EmployeeSheetKey, string][];
        if (errors.length) return failed(errors[0]![1], errors.map(([k]) => k));
      }
      for (const [key, list, message] of PICKS) {
        const v = form[key].trim();
        if (v && !(employer.metadata[list] ?? []).includes(v)) return failed(message, [key]);
      }
      const values = valuesOf(form);
      if (values.email) {
        const owner = emailOwner.get(values.email);
        if (owner && owner !== existing?.id) return failed(EMPLOYEE_SERVER_MSG.duplicateEmail, ['email']);
        const other = sheetEmail.get(values.email);
        if (other !== undefined) return failed(SHEET_MSG.duplicateInSheet('Email', `${other}, ${rowNumber}`), ['email']);
      }
      if (values.mobile) {
        const owner = mobileOwner.get(values.mobile);
        if (owner && owner !== existing?.id) return failed(EMPLOYEE_SERVER_MSG.duplicateMobile, ['mobile']);
        const other = sheetMobile.get(values.mobile);
        if (other !== undefined) return failed(SHEET_MSG.duplicateInSheet('Mobile', `${other}, ${rowNumber}`), ['mobile']);
      }
      if (values.email) sheetEmail.set(values.email, rowNumber);
      if (values.mobile) sheetMobile.set(values.mobile, rowNumber);
      if (!existing) {
        if (!values.email && !values.mobile) return failed(EMPLOYEE_MSG.emailOrMobile, ['email', 'mobile']);
        inserts.push(values);
        return applied;
      }
      if (!changedFrom(existing, values)) return unchanged;
      updates.push({ id: existing.id, values: { ...values, employer_worker_id: existing.employer_worker_id } });
      return applied;
    });

    for (const part of chunks(inserts)) {
      await sql`
        insert into workers (employer_id, vendor_id, ${sql.join(COLUMNS.map((c) => sql.ref(c.key)))})
        select ${scope.employerId}::uuid, ${scope.vendorId}::uuid, u.*
        from ${unnest(COLUMNS.map((c) => ({ values: part.map((v) => v[c.key]), type: c.type })))} as u
      `.execute(trx);
    }
    for (const part of chunks(updates)) {
      await sql`
        update workers w
        set ${sql.join(COLUMNS.map((c) => sql`${sql.ref(c.key)} = u.${sql.ref(c.key)}`))}, updated_at = now()
        from ${unnest([{ values: part.map((u) => u.id), type: 'uuid' }, ...COLUMNS.map((c) => ({ values: part.map((u) => u.values[c.key]), type: c.type }))])}
          as u(id, ${sql.join(COLUMNS.map((c) => sql.ref(c.key)))})
        where w.id = u.id and w.employer_id = ${scope.employerId}::uuid
      `.execute(trx);
    }
    return { outcomes };
  },
};
