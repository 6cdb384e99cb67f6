/**
 * ADD_EMPLOYEES_BULK_UPLOAD: creates or updates employees by Employee ID with every rule of 5.3.
 *
 * - A new Employee ID is CREATED.
 * - An existing employee's row is merged with what is stored (a blank optional cell keeps the
 *   stored value): equal to what is stored is UNCHANGED; otherwise UPDATED, and the Reason lists
 *   every change as "Column: old -> new".
 * - A sheet never changes the identity of a worker who has signed up (the domain's signed-up
 *   identity lock, the edit form's too: Employee ID, name, mobile, e-mail): such a row FAILS,
 *   naming the worker on record.
 * - An e-mail or mobile on several rows of the sheet fails on each of them; one held by another
 *   worker of the employer fails too.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  EMPLOYEE_MSG,
  EMPLOYEE_SERVER_MSG,
  EMPLOYEE_SHEET_COLUMNS,
  SHEET_MSG,
  earliestJoiningDate,
  formatDdMmYyyy,
  holdSignedUpIdentity,
  latestJoiningDate,
  maskLast4,
  parseEmployeeRow,
  validateEmployeeForm,
  type EmployeeFormBody,
  type EmployeeSheetKey,
  type EmployeeSheetRow,
} from '@portal/domain';
import type { DB, EmployerMetadataJson, WorkerRecord } from '../../db/schema.js';
import {
  addWorkers,
  addWorkersSelected,
  formOf,
  opened,
  sealedValuesOf,
  updateWorkerForms,
  valuesOf,
  type SealedWorkerColumns,
  type WorkerColumns,
} from '../employees/index.js';
import type { BlindIndex, DataProtector } from '../../platform/data-protection.js';
import { unnest } from '../../platform/sql.js';
import { refuseRepeated, type Outcome, type StagedPage } from './staging.js';
import { created, failed, unchanged, updated, type SheetKind } from './sheet-kind.js';

const PICKS = [
  ['branchId', 'branchIds', EMPLOYEE_SERVER_MSG.branch],
  ['gradeId', 'gradeIds', EMPLOYEE_SERVER_MSG.grade],
  ['departmentId', 'departmentIds', EMPLOYEE_SERVER_MSG.department],
] as const;

/** Created rows past which the workers table is analyzed at once (see apply). */
const ANALYZE_AFTER_ROWS = 1_000;

const HEADER = new Map(EMPLOYEE_SHEET_COLUMNS.map((c) => [c.key, c.header]));
/** The sheet's keys in column order, for the list of changes. */
const FORM_KEYS = EMPLOYEE_SHEET_COLUMNS.map((c) => c.key).filter((k) => k !== 'employerEmployeeId');

/** A form value as the admin reads it in a Reason. */
function shown(key: EmployeeSheetKey, form: EmployeeFormBody): string {
  const v = form[key];
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  const text = String(v ?? '').trim();
  if (text === '') return '(blank)';
  if (key === 'joiningDate') return formatDdMmYyyy(text) || text;
  if (key === 'workerType') return text === 'CONTRACTOR' ? 'Contractor' : 'Employee';
  return text;
}
/** The sheet key of each stored column a row sets. */
const COLUMN_OF: Partial<Record<EmployeeSheetKey, keyof WorkerColumns>> = {
  fullName: 'full_name',
  email: 'email',
  mobile: 'mobile',
  currentMonthlySalary: 'current_monthly_salary',
  joiningDate: 'joined_at',
  salaryAccountNumber: 'salary_account_number',
  maxWithdrawalSalaryPercent: 'max_withdrawal_salary_percent',
  maxWithdrawalPerDay: 'max_withdrawal_per_day',
  maxWithdrawalPerTransaction: 'max_withdrawal_per_transaction',
  designation: 'designation',
  branchId: 'branch_id',
  gradeId: 'grade_id',
  departmentId: 'department_id',
  branchLocation: 'branch_location',
  isTransactionAllowed: 'is_transaction_allowed',
  workerType: 'worker_type',
};
/** The keys among `keys` whose stored value differs (compared as the columns hold them: e-mail case, amounts in paise, names trimmed). */
function changedKeys(keys: readonly EmployeeSheetKey[], a: EmployeeFormBody, b: EmployeeFormBody): EmployeeSheetKey[] {
  const va = valuesOf(a);
  const vb = valuesOf(b);
  return keys.filter((key) => {
    const c = COLUMN_OF[key];
    if (!c) return false;
    const x = va[c];
    const y = vb[c];
    return !(x === null || x === undefined ? y === null || y === undefined : y !== null && y !== undefined && String(x) === String(y));
  });
}

/** A staged row's form cell `key` as text (`sheet_rows r`; read in place from the jsonb value, no copy of its form). */
const formText = (key: EmployeeSheetKey) => sql`(r.value #>> ${sql.lit(`{form,${key}}`)})`;
/** A staged row's form cell `key`, trimmed of spaces. */
const cell = (key: EmployeeSheetKey) => sql`btrim(${formText(key)})`;
/** An amount as the sheet gives it (whole rupees, or with 1-2 decimals where `decimals`) equal to the stored paise; never true for a malformed amount. */
const sameAmount = (key: EmployeeSheetKey, column: string, decimals: boolean) =>
  sql`case when ${cell(key)} ~ ${decimals ? '^[0-9]{1,15}([.][0-9]{1,2})?$' : '^[0-9]{1,15}$'} then ${sql.ref(`w.${column}`)} = ${cell(key)}::numeric * 100 else false end`;
/** An optional text cell equal to the stored column (both blank-to-null, trimmed, as valuesOf and formOf compare them). */
const sameText = (key: EmployeeSheetKey, column: string) => sql`nullif(${cell(key)}, '') is not distinct from nullif(btrim(${sql.ref(`w.${column}`)}), '')`;
/**
 * Per sheet key, the SQL that is true when the row's cell leaves the stored worker as it is. Each
 * is stricter than the row-by-row check (a cell it cannot prove equal goes on to that check).
 */
const SAME: Partial<Record<EmployeeSheetKey, RawBuilder<unknown>>> = {
  fullName: sql`${cell('fullName')} = btrim(w.full_name)`,
  email: sql`lower(nullif(${cell('email')}, '')) is not distinct from lower(nullif(btrim(w.email), ''))`,
  mobile: sameText('mobile', 'mobile'),
  currentMonthlySalary: sameAmount('currentMonthlySalary', 'current_monthly_salary', false),
  // (the date as a timestamp without a zone: `to_char` of a date would go through the session's time zone, for every row)
  joiningDate: sql`${cell('joiningDate')} = to_char(w.joined_at::timestamp, 'YYYY-MM-DD')`,
  // Sealed at rest: the keyed hashes compared (the staged one computed when the row was staged; null
  // for a blank cell). While a blind-index rotation runs, a stored hash may be under the older key
  // as well: the row staged its hash under that one too (o), compared second (decision 0037).
  salaryAccountNumber: sql`(decode(r.value #>> '{account,h}', 'hex') is not distinct from w.salary_account_number_hash or w.salary_account_number_hash = decode(r.value #>> '{account,o}', 'hex'))`,
  maxWithdrawalSalaryPercent: sql`case when ${cell('maxWithdrawalSalaryPercent')} = '' then w.max_withdrawal_salary_percent is null when ${cell('maxWithdrawalSalaryPercent')} ~ '^[0-9]{1,3}([.][0-9]{1,2})?$' then w.max_withdrawal_salary_percent = ${cell('maxWithdrawalSalaryPercent')}::numeric else false end`,
  maxWithdrawalPerDay: sql`case when ${cell('maxWithdrawalPerDay')} = '' then w.max_withdrawal_per_day is null else ${sameAmount('maxWithdrawalPerDay', 'max_withdrawal_per_day', true)} end`,
  maxWithdrawalPerTransaction: sql`case when ${cell('maxWithdrawalPerTransaction')} = '' then w.max_withdrawal_per_transaction is null else ${sameAmount('maxWithdrawalPerTransaction', 'max_withdrawal_per_transaction', true)} end`,
  designation: sameText('designation', 'designation'),
  branchId: sameText('branchId', 'branch_id'),
  gradeId: sameText('gradeId', 'grade_id'),
  departmentId: sameText('departmentId', 'department_id'),
  branchLocation: sameText('branchLocation', 'branch_location'),
  isTransactionAllowed: sql`${formText('isTransactionAllowed')} = w.is_transaction_allowed::text`,
  workerType: sql`${formText('workerType')} = w.worker_type`,
};

/**
 * Every row of the page (after, upTo] whose worker it would leave as stored is UNCHANGED,
 * set-based (issue 21): the staged rows joined with the employer's workers on the Employee ID, each cell the row gives compared in
 * SQL with the stored column (a blank optional cell keeps the stored value: not given, not
 * compared). Only rows the row-by-row apply would also call UNCHANGED are taken: the worker is of
 * this context, every given cell equals what is stored, the stored joining date is inside today's
 * window and the stored branch, grade and department are still among the employer's. Every other
 * row (new, changed, failing, or a cell this cannot prove equal) goes on to the page's other steps
 * (createNew, then row by row). Returns how many rows it marked.
 */
async function markUnchanged(trx: Kysely<DB>, scope: { employerId: string; vendorId: string | null; uploadId: string }, today: string, metadata: EmployerMetadataJson, after: number, upTo: number) {
  const list = (name: (typeof PICKS)[number][1]) => metadata[name] ?? [];
  const given = (key: EmployeeSheetKey) => sql`(r.value->'given') ? ${sql.lit(key)}`;
  const same = FORM_KEYS.map((key) => sql`(not ${given(key)} or ${SAME[key] ?? sql`false`})`);
  // One pass: each staged row of the page joined with its worker on the Employee ID's unique index,
  // the stored worker's own conditions, then the cells compared, read in place from the row's jsonb
  // value (parsed once by COPY when the row was staged). (It was three steps, the row's worker, its
  // value's form, given keys and account taken apart into a materialized CTE, then the worker
  // joined again by id: a copy of every form and a second lookup a row, about a fifth more time.)
  const result = await sql`
    insert into sheet_outcomes (upload_id, row_number, status)
    select ${scope.uploadId}::uuid, r.row_number, 'UNCHANGED'
    from sheet_rows r
    join workers w on w.employer_id = ${scope.employerId}::uuid and lower(w.employer_worker_id) = r.key
    where r.upload_id = ${scope.uploadId}::uuid and r.row_number > ${after} and r.row_number <= ${upTo} and r.status is null and r.value is not null
      and w.vendor_id is not distinct from ${scope.vendorId}::uuid
      and w.joined_at between ${earliestJoiningDate(today)}::date and ${latestJoiningDate(today)}::date
      and (nullif(btrim(w.branch_id), '') is null or btrim(w.branch_id) = any(${list('branchIds')}::text[]))
      and (nullif(btrim(w.grade_id), '') is null or btrim(w.grade_id) = any(${list('gradeIds')}::text[]))
      and (nullif(btrim(w.department_id), '') is null or btrim(w.department_id) = any(${list('departmentIds')}::text[]))
      and ${sql.join(same, sql` and `)}
    on conflict (upload_id, row_number) do nothing
  `.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** A form cell of the staged row `f` as a nullable text: the parse trimmed every cell already (cellText), so blank is ''. */
const given = (key: EmployeeSheetKey) => sql`nullif(f->>${sql.lit(key)}, '')`;
/** A whole-rupee or up-to-2-decimal amount (checked by the form schema already) in paise. */
const paise = (key: EmployeeSheetKey) => sql`(${given(key)}::numeric * 100)::bigint`;
/**
 * The stored columns of a new employee's row, in SQL: what `sealedValuesOf(valuesOf(form))` gives
 * in JavaScript (e-mail lower-cased, blank to null, rupees to paise; the account number's masked
 * form and hash from staging, `a`, and the number sealed for the insert, `sa`), for a row that
 * passed its own rules.
 */
const NEW_VALUES: Record<keyof SealedWorkerColumns, RawBuilder<unknown>> = {
  full_name: sql`f->>'fullName'`,
  email: sql`lower(${given('email')})`,
  mobile: given('mobile'),
  employer_worker_id: sql`f->>'employerEmployeeId'`,
  current_monthly_salary: paise('currentMonthlySalary'),
  joined_at: sql`(f->>'joiningDate')::date`,
  salary_account_number: sql`sa.sealed`,
  salary_account_number_masked: sql`a->>'m'`,
  salary_account_number_hash: sql`decode(a->>'h', 'hex')`,
  max_withdrawal_salary_percent: sql`${given('maxWithdrawalSalaryPercent')}::numeric`,
  max_withdrawal_per_day: paise('maxWithdrawalPerDay'),
  max_withdrawal_per_transaction: paise('maxWithdrawalPerTransaction'),
  designation: given('designation'),
  branch_id: given('branchId'),
  grade_id: given('gradeId'),
  department_id: given('departmentId'),
  branch_location: given('branchLocation'),
  is_transaction_allowed: sql`(f->>'isTransactionAllowed')::boolean`,
  worker_type: sql`f->>'workerType'`,
};

/** A staged row's form (`f`) and its account number's masked form and keyed hash (`a`), from its jsonb value. */
const FORM = sql`cross join lateral (select r.value->'form' as f, r.value->'account' as a) j`;

/**
 * The staged rows (after, upTo] whose Employee ID is new to the employer, set-based (issue 21), in
 * two statements. First each is checked in SQL with the rules the row-by-row apply gives a new
 * row, in its order and with its messages (a Branch, Grade or Department not among the
 * employer's; an e-mail or mobile another worker holds; neither e-mail nor mobile), and every
 * row's outcome is set: CREATED or FAILED. Then the CREATED rows are inserted in one statement.
 * (In one statement, the lookups of the workers would run while the same statement inserts into
 * workers: on a table the planner took for empty, each lookup scanned the entries just inserted,
 * 3.8 s for 5,000 rows.) The row's own rules (5.3's schema) were checked when it was staged.
 * Returns how many workers were created.
 */
async function createNew(
  trx: Kysely<DB>,
  protector: DataProtector,
  scope: { employerId: string; vendorId: string | null; uploadId: string },
  metadata: EmployerMetadataJson,
  after: number,
  upTo: number,
) {
  const list = (name: (typeof PICKS)[number][1]) => sql`${metadata[name] ?? []}::text[]`;
  const v = (c: keyof SealedWorkerColumns) => NEW_VALUES[c];
  // The first statement also answers the account numbers of the rows it made CREATED (from the
  // rows it read already: no second read of the page's JSON), sealed here for the insert.
  const { rows: numbers } = await sql<{ row_number: number; n: string }>`
    with r as materialized (
      select r.row_number, r.value
      from sheet_rows r
      where r.upload_id = ${scope.uploadId}::uuid and r.row_number > ${after} and r.row_number <= ${upTo}
        and r.status is null and r.value is not null
        and not exists (select 1 from sheet_outcomes o where o.upload_id = r.upload_id and o.row_number = r.row_number)
        and not exists (select 1 from workers w where w.employer_id = ${scope.employerId}::uuid and lower(w.employer_worker_id) = r.key)
    ),
    -- (only the new rows' forms taken apart: r first, materialized, then s; not the page's rows
    -- with an outcome already, or a stored Employee ID)
    s as materialized (
      select r.row_number, j.f, nullif(btrim(j.f->>'salaryAccountNumber'), '') as n
      from r ${FORM}
    ),
    c as (
      select s.row_number, case
        when ${v('branch_id')} is not null and not ${v('branch_id')} = any(${list('branchIds')}) then 1
        when ${v('grade_id')} is not null and not ${v('grade_id')} = any(${list('gradeIds')}) then 2
        when ${v('department_id')} is not null and not ${v('department_id')} = any(${list('departmentIds')}) then 3
        when ${v('email')} is not null and exists (select 1 from workers w where w.employer_id = ${scope.employerId}::uuid and w.email is not null and lower(w.email) = ${v('email')}) then 4
        when ${v('mobile')} is not null and exists (select 1 from workers w where w.employer_id = ${scope.employerId}::uuid and w.mobile is not null and w.mobile = ${v('mobile')}) then 5
        when ${v('email')} is null and ${v('mobile')} is null then 6
      end as failure, s.n
      from s
    ),
    outcomes as (
      insert into sheet_outcomes (upload_id, row_number, status, reason, columns)
      select ${scope.uploadId}::uuid, c.row_number, case when c.failure is null then 'CREATED' else 'FAILED' end, m.reason, m.columns
      from c left join (values
        (1, ${EMPLOYEE_SERVER_MSG.branch}, array['branchId']),
        (2, ${EMPLOYEE_SERVER_MSG.grade}, array['gradeId']),
        (3, ${EMPLOYEE_SERVER_MSG.department}, array['departmentId']),
        (4, ${EMPLOYEE_SERVER_MSG.duplicateEmail}, array['email']),
        (5, ${EMPLOYEE_SERVER_MSG.duplicateMobile}, array['mobile']),
        (6, ${EMPLOYEE_MSG.emailOrMobile}, array['email', 'mobile'])
      ) as m(failure, reason, columns) on m.failure = c.failure
    )
    select c.row_number, c.n from c where c.failure is null and c.n is not null
  `.execute(trx);
  // The CREATED rows inserted by the owner of workers (employees' workers-store.ts): the same `insert ... select`, over these rows.
  return addWorkersSelected(
    trx,
    scope,
    NEW_VALUES,
    sql`
    from sheet_outcomes o
    join sheet_rows r on r.upload_id = o.upload_id and r.row_number = o.row_number
    ${FORM}
    left join ${unnest([
      { values: numbers.map((x) => x.row_number), type: 'int4' },
      { values: numbers.map((x) => protector.sealText(x.n)), type: 'text' },
    ])} as sa(row_number, sealed) on sa.row_number = o.row_number
    where o.upload_id = ${scope.uploadId}::uuid and o.row_number > ${after} and o.row_number <= ${upTo} and o.status = 'CREATED'
  `,
  );
}

/** The staged rows (after, upTo] still without an outcome (an Employee ID already stored, or one the set-based steps left), decoded. */
async function remaining(trx: Kysely<DB>, uploadId: string, after: number, upTo: number): Promise<StagedPage<EmployeeSheetRow>[]> {
  const { rows } = await sql<{ row_number: number; value: unknown; key: string | null }>`
    select s.row_number, s.value, s.key from sheet_rows s
    where s.upload_id = ${uploadId}::uuid and s.row_number > ${after} and s.row_number <= ${upTo} and s.status is null
      and not exists (select 1 from sheet_outcomes o where o.upload_id = s.upload_id and o.row_number = s.row_number)
    order by s.row_number
  `.execute(trx);
  return rows.map((r) => ({ rowNumber: r.row_number, value: decode(r.value), key: r.key }));
}

interface Encoded {
  form: EmployeeFormBody;
  given: EmployeeSheetKey[];
  /**
   * The salary account number masked (m) and its keyed hash in hex (h), computed when the row is
   * staged; absent when blank. While a blind-index rotation runs, its hash under the older key too
   * (o), which stored workers not re-hashed yet compare equal with.
   */
  account?: { m: string; h: string; o?: string };
}

/**
 * The staged row: the form, the keys the sheet gave, and the account number's masked form and
 * keyed hash (decision 0037), so the SQL steps stay set-based. The hashes are made under the one
 * blind-index snapshot the staging took for the whole sheet (as the payroll sheet's are). It is sealed only when written
 * (createNew, the row-by-row apply): AES-GCM costs a cipher context per value, which a re-upload
 * of unchanged rows should not pay.
 */
function encode(row: EmployeeSheetRow, _protector: DataProtector, index: BlindIndex): Encoded {
  const number = row.form.salaryAccountNumber.trim();
  if (number === '') return { form: row.form, given: [...row.given] };
  const account: Encoded['account'] = { m: maskLast4(number), h: index.hash(number).toString('hex') };
  if (index.previous !== null) account.o = index.hash(number, index.previous).toString('hex');
  return { form: row.form, given: [...row.given], account };
}

function decode(json: unknown): EmployeeSheetRow {
  const e = json as Encoded;
  return { form: e.form, given: new Set(e.given) };
}

export const employeeSheet: SheetKind<EmployeeSheetKey, EmployeeSheetRow> = {
  columns: EMPLOYEE_SHEET_COLUMNS,
  dateColumns: ['joiningDate'],
  parse: parseEmployeeRow,
  encode,
  decode,
  key: (row) => row.form.employerEmployeeId.trim().toLowerCase(),
  keyLabel: 'Employee ID',
  keyColumns: ['employerEmployeeId'],

  async apply(run) {
    const { trx, scope } = run;
    const uploadId = scope.uploadId;
    // An e-mail or mobile on more than one row of the sheet: every such row fails (set-based, the whole sheet at once).
    // E-mail first: a row refused for its e-mail does not count among the repeated mobiles.
    await refuseRepeated(trx, uploadId, [
      { expr: sql`lower(nullif(trim(value #>> '{form,email}'), ''))`, reasonOf: (rows) => SHEET_MSG.duplicateInSheet('Email', rows), columns: ['email'] },
      { expr: sql`nullif(trim(value #>> '{form,mobile}'), '')`, reasonOf: (rows) => SHEET_MSG.duplicateInSheet('Mobile', rows), columns: ['mobile'] },
    ]);
    const employer = await trx.selectFrom('employers').select('metadata').where('id', '=', scope.employerId).executeTakeFirstOrThrow();
    let inserted = 0;
    let same = 0;
    let comparing = 0;
    for await (const { after, upTo, open } of run.ranges()) {
      // Unchanged rows, then new Employee IDs, set-based; the rest of the page (stored workers: changed, or failing) row by row.
      const t = performance.now();
      const kept = await markUnchanged(trx, scope, run.options.today, employer.metadata, after, upTo);
      comparing += performance.now() - t;
      same += kept;
      if (kept === open) {
        // Every open row of the page unchanged (a file uploaded again): nothing left to look up.
        continue;
      }
      inserted += await createNew(trx, run.deps.protector, scope, employer.metadata, after, upTo);
      const page = await remaining(trx, uploadId, after, upTo);
      if (page.length === 0) continue;
      const ids = page.map((r) => r.value.form.employerEmployeeId.trim().toLowerCase());
      const emails = page.map((r) => r.value.form.email.trim().toLowerCase()).filter(Boolean);
      const mobiles = page.map((r) => r.value.form.mobile.trim()).filter(Boolean);
      // Every worker of the employer that a row's Employee ID, e-mail or mobile meets (the unique
      // indexes are per employer, whatever the context). Three joins on those unique indexes: one
      // `or` of three `= any(array)` compared every worker of the employer with every key of the
      // page, which grew with the square of the sheet (issue 21: 38 s of a 50,000-row re-upload).
      const found = await trx
        .selectFrom('workers')
        .selectAll()
        .where('employer_id', '=', scope.employerId)
        .where(
          sql<boolean>`id in (
            select w.id from unnest(${ids}::text[]) k(v) join workers w on w.employer_id = ${scope.employerId}::uuid and lower(w.employer_worker_id) = k.v
            union all
            select w.id from unnest(${emails}::text[]) k(v) join workers w on w.employer_id = ${scope.employerId}::uuid and w.email is not null and lower(w.email) = k.v
            union all
            select w.id from unnest(${mobiles}::text[]) k(v) join workers w on w.employer_id = ${scope.employerId}::uuid and w.mobile is not null and w.mobile = k.v
          )`,
        )
        .execute()
        .then((rows) => Promise.all(rows.map((w) => opened(run.deps, w)))); // (their account numbers opened, to compare and to show in a Reason)
      const byId = new Map<string, WorkerRecord>();
      const emailOwner = new Map<string, string>();
      const mobileOwner = new Map<string, string>();
      for (const w of found) {
        byId.set(w.employer_worker_id.toLowerCase(), w);
        if (w.email) emailOwner.set(w.email.toLowerCase(), w.id);
        if (w.mobile) mobileOwner.set(w.mobile, w.id);
      }

      const inserts: SealedWorkerColumns[] = [];
      const updates: { id: string; values: SealedWorkerColumns }[] = [];
      const outcomes: Outcome[] = page.map(({ value, rowNumber }): Outcome => {
        const existing = byId.get(value.form.employerEmployeeId.trim().toLowerCase());
        // An Employee ID of another context (own workers vs a vendor's) is taken, not editable here.
        if (existing && existing.vendor_id !== scope.vendorId) return failed(rowNumber, EMPLOYEE_SERVER_MSG.duplicateEmployeeId, ['employerEmployeeId']);
        let form: EmployeeFormBody = value.form;
        const stored = existing ? formOf(existing) : null;
        if (existing && stored) {
          const merged: Record<string, unknown> = { ...stored };
          for (const key of value.given) if (key !== 'employerEmployeeId') merged[key] = value.form[key as keyof EmployeeFormBody];
          form = merged as EmployeeFormBody;
          // The signed-up identity lock (the domain's one rule, the edit form's too): the row fails naming the worker on record.
          const held = holdSignedUpIdentity(existing.user_id !== null, stored, form);
          if (held.changed.length) {
            const who = `${existing.full_name}${existing.mobile ? ` (${existing.mobile})` : ''}`;
            return failed(rowNumber, SHEET_MSG.signedUp(who, held.changed), held.changed);
          }
          form = held.form;
          const errors = Object.entries(validateEmployeeForm(form, run.options.today)) as [EmployeeSheetKey, string][];
          if (errors.length) return failed(rowNumber, errors[0]![1], errors.map(([k]) => k));
        }
        for (const [key, list, message] of PICKS) {
          const v = form[key].trim();
          if (v && !(employer.metadata[list] ?? []).includes(v)) return failed(rowNumber, message, [key]);
        }
        const values = valuesOf(form);
        if (values.email) {
          const owner = emailOwner.get(values.email);
          if (owner && owner !== existing?.id) return failed(rowNumber, EMPLOYEE_SERVER_MSG.duplicateEmail, ['email']);
        }
        if (values.mobile) {
          const owner = mobileOwner.get(values.mobile);
          if (owner && owner !== existing?.id) return failed(rowNumber, EMPLOYEE_SERVER_MSG.duplicateMobile, ['mobile']);
        }
        if (!existing || !stored) {
          if (!values.email && !values.mobile) return failed(rowNumber, EMPLOYEE_MSG.emailOrMobile, ['email', 'mobile']);
          inserts.push(sealedValuesOf(run.deps.protector, values));
          return created(rowNumber);
        }
        const changes = changedKeys(FORM_KEYS, form, stored);
        if (changes.length === 0) return unchanged(rowNumber);
        updates.push({ id: existing.id, values: sealedValuesOf(run.deps.protector, { ...values, employer_worker_id: existing.employer_worker_id }) });
        return updated(rowNumber, changes.map((k) => `${HEADER.get(k)}: ${shown(k, stored)} -> ${shown(k, form)}`).join('; '));
      });

      // Written by the owner of workers, one statement each (unnest).
      if (inserts.length) await addWorkers(trx, scope, inserts);
      if (updates.length) await updateWorkerForms(trx, scope.employerId, updates);
      await run.setOutcomes(outcomes);
      inserted += inserts.length;
    }
    run.deps.log.info(`sheet ${uploadId}: ${same} row(s) unchanged, compared in SQL in ${Math.round(comparing)} ms`);
    // Many workers at once: the planner's picture of the table is out of date until autovacuum
    // comes round (up to a minute), and the next sheet's joins on workers would be planned for a
    // much smaller table. ANALYZE samples a bounded number of rows, so it stays cheap.
    // Once committed (its lock on workers is not held for the rest of the sheet's transaction, and
    // PROCESSED does not wait for it: 0.24 s of a 10,000-row new sheet).
    return inserted >= ANALYZE_AFTER_ROWS ? { afterCommit: async (deps) => void (await sql`analyze workers`.execute(deps.db)) } : {};
  },
};
