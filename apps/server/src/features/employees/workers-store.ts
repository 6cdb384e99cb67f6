/**
 * The owner of `workers` (issue 23): every insert and update of the table is a function here, and
 * no other server file writes it (apps/server/test/status-owners.test.ts fails when one does).
 * The employees use cases call it directly; the worker side (sign-up, KYC), approvals and the
 * employee and termination sheets call it through the employees feature's index.ts. The rules
 * stay with the callers (the form's checks and the signed-up identity lock in form.ts, the
 * sheet's in documents/employee-sheet.ts); this module is the one place that says how a worker
 * row changes. The sheets' statements are set-based (`unnest`, `insert ... select`) and are the
 * same statements they were before they moved here.
 */
import { sql, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import type { DB, WorkerRecord } from '../../db/schema.js';
import { unnest } from '../../platform/sql.js';
import type { SealedWorkerColumns } from './form.js';

type Db = Kysely<DB>;
/** The employer and context (vendor, or null for the employer's own workers) a new worker belongs to. */
interface WorkerOwner {
  employerId: string;
  vendorId: string | null;
}

/** The columns a form (or a sheet row) sets, with their PostgreSQL types (for unnest). */
const FORM_COLUMNS: readonly { key: keyof SealedWorkerColumns; type: string }[] = [
  { key: 'full_name', type: 'text' },
  { key: 'email', type: 'text' },
  { key: 'mobile', type: 'text' },
  { key: 'employer_worker_id', type: 'text' },
  { key: 'current_monthly_salary', type: 'bigint' },
  { key: 'joined_at', type: 'date' },
  { key: 'salary_account_number', type: 'text' },
  { key: 'salary_account_number_masked', type: 'text' },
  { key: 'salary_account_number_hash', type: 'bytea' },
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

// ---- one worker ----

/** The add form: a new worker of `owner` with the form's columns. */
export function addWorker(db: Db, owner: WorkerOwner, values: SealedWorkerColumns): Promise<WorkerRecord> {
  return db
    .insertInto('workers')
    .values({ ...values, employer_id: owner.employerId, vendor_id: owner.vendorId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The edit form: the worker's form columns, all of them (checked as a whole by the caller). */
export function updateWorkerForm(db: Db, employerId: string, id: string, values: SealedWorkerColumns, now: Date): Promise<WorkerRecord> {
  return db
    .updateTable('workers')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .where('employer_id', '=', employerId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Terminate one worker today (`day`, the business date). */
export function terminateWorker(db: Db, employerId: string, id: string, day: string, now: Date): Promise<WorkerRecord> {
  return db
    .updateTable('workers')
    .set({ employment_status: 'INACTIVE', terminated_at: day, updated_at: now })
    .where('id', '=', id)
    .where('employer_id', '=', employerId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The worker app's sign-up of a worker the employer added: the worker gets its user (and so is signed up). */
export function linkSignedUpUser(db: Db, id: string, userId: string, now: Date): Promise<WorkerRecord> {
  return db.updateTable('workers').set({ user_id: userId, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The worker app's sign-up of a worker the employer did not add: a new worker, signed up (its `user_id` set), approved or pending. */
export function addSignedUpWorker(db: Db, values: Insertable<DB['workers']> & { user_id: string }): Promise<WorkerRecord> {
  return db.insertInto('workers').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The worker app's KYC step: the PAN, sealed (decision 0037) with its masked form. */
export async function setWorkerPan(db: Db, id: string, pan: { sealed: string; masked: string }, now: Date): Promise<void> {
  await db.updateTable('workers').set({ pan: pan.sealed, pan_masked: pan.masked, updated_at: now }).where('id', '=', id).execute();
}

/** An admin's decision on a sign-up held for approval (decision 0010): the status, whether the worker may withdraw, and the salary (modified or as asked). */
export function decideWorkerApproval(
  db: Db,
  id: string,
  decision: { status: 'APPROVED' | 'REJECTED'; salary: number },
  now: Date,
): Promise<Pick<WorkerRecord, 'full_name' | 'current_monthly_salary' | 'is_transaction_allowed'>> {
  const approved = decision.status === 'APPROVED';
  return db
    .updateTable('workers')
    .set({ approval_status: decision.status, is_transaction_allowed: approved, current_monthly_salary: decision.salary, updated_at: now })
    .where('id', '=', id)
    .returning(['full_name', 'current_monthly_salary', 'is_transaction_allowed'])
    .executeTakeFirstOrThrow();
}

// ---- many workers ----

/** Terminate (INACTIVE from `day`) or activate (ACTIVE, no termination date) the workers `ids` of the employer, in one statement. */
export async function setWorkersStatus(db: Db, employerId: string, ids: readonly string[], action: 'TERMINATE' | 'ACTIVATE', day: string, now: Date): Promise<void> {
  await db
    .updateTable('workers')
    .set(action === 'TERMINATE' ? { employment_status: 'INACTIVE', terminated_at: day, updated_at: now } : { employment_status: 'ACTIVE', terminated_at: null, updated_at: now })
    .where('employer_id', '=', employerId)
    .where('id', 'in', ids)
    .execute();
}

/** The termination sheet: each worker INACTIVE from its own date, in one statement. */
export async function terminateWorkersOn(db: Db, employerId: string, changes: readonly { id: string; date: string }[]): Promise<void> {
  await sql`
    update workers w set employment_status = 'INACTIVE', terminated_at = u.day, updated_at = now()
    from ${unnest([{ values: changes.map((c) => c.id), type: 'uuid' }, { values: changes.map((c) => c.date), type: 'date' }])} as u(id, day)
    where w.id = u.id and w.employer_id = ${employerId}::uuid
  `.execute(db);
}

/** The employee sheet: new workers of `owner` from their form columns, in one statement. */
export async function addWorkers(db: Db, owner: WorkerOwner, rows: readonly SealedWorkerColumns[]): Promise<void> {
  await sql`
    insert into workers (employer_id, vendor_id, ${sql.join(FORM_COLUMNS.map((c) => sql.ref(c.key)))})
    select ${owner.employerId}::uuid, ${owner.vendorId}::uuid, u.*
    from ${unnest(FORM_COLUMNS.map((c) => ({ values: rows.map((v) => v[c.key]), type: c.type })))} as u
  `.execute(db);
}

/**
 * The employee sheet: new workers of `owner` selected by the caller's `from` (a `from ... where
 * ...` over its staged rows), each column the SQL expression `values` gives for it, in one
 * `insert ... select`; how many were added.
 */
export async function addWorkersSelected(db: Db, owner: WorkerOwner, values: Record<keyof SealedWorkerColumns, RawBuilder<unknown>>, from: RawBuilder<unknown>): Promise<number> {
  const columns = FORM_COLUMNS.map((c) => c.key);
  const result = await sql`
    insert into workers (employer_id, vendor_id, ${sql.join(columns.map((c) => sql.ref(c)))})
    select ${owner.employerId}::uuid, ${owner.vendorId}::uuid, ${sql.join(columns.map((c) => values[c]))}
    ${from}
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The employee sheet: the form columns of stored workers of the employer, in one statement. */
export async function updateWorkerForms(db: Db, employerId: string, updates: readonly { id: string; values: SealedWorkerColumns }[]): Promise<void> {
  await sql`
    update workers w
    set ${sql.join(FORM_COLUMNS.map((c) => sql`${sql.ref(c.key)} = u.${sql.ref(c.key)}`))}, updated_at = now()
    from ${unnest([{ values: updates.map((u) => u.id), type: 'uuid' }, ...FORM_COLUMNS.map((c) => ({ values: updates.map((u) => u.values[c.key]), type: c.type }))])}
      as u(id, ${sql.join(FORM_COLUMNS.map((c) => sql.ref(c.key)))})
    where w.id = u.id and w.employer_id = ${employerId}::uuid
  `.execute(db);
}
