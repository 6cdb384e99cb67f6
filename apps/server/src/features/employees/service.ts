/**
 * Employees list, add/edit, availability checks, terminate and activate (spec 2.5, 4.6, 5.3, 7).
 * Every query is scoped by the caller's employer and by the context: the employer's own workers
 * (`vendor_id is null`) without `vendorId`, that vendor's workers with it. A worker outside the
 * scope is not found (404), whatever its id.
 */
import { sql, type ExpressionBuilder, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import {
  BUSINESS_TIME_ZONE,
  EMPLOYEE_FILTER_VALUES,
  EMPLOYEE_MSG,
  EMPLOYEE_SERVER_MSG,
  groupFilters,
  isoDateInZone,
  maskLast4,
  paiseToRupeesText,
  rupeesToPaise,
  validateEmployeeForm,
  type BulkEmployeeResult,
  type EmployeeFilter,
  type EmployeeFormBody,
  type EmployeeFormField,
  type EmployeeRecord,
  type EmployeeSearchBody,
  type EmployeeUpdateBody,
} from '@portal/domain';
import type { DB, WorkerRecord } from '../../db/schema.js';
import type { Database } from '../../platform/database.js';
import type { Deps } from '../../platform/context.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/guard.js';
import { ACTION_TYPES, recordActivity } from '../../platform/activity.js';
import { FormError } from './errors.js';

type Scope = Pick<AuthContext, 'admin' | 'vendorId'>;
type WorkerEb = ExpressionBuilder<DB, 'workers'>;

/** worker_context_counts.vendor_key of the employer's own workers. */
const NO_VENDOR = '00000000-0000-0000-0000-000000000000';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The search columns of spec 2.5 and their table columns. */
const SEARCH_COLUMNS = {
  employerEmployeeId: 'employer_worker_id',
  mobile: 'mobile',
  fullName: 'full_name',
  email: 'email',
} as const;

/** Stored row -> wire record. `maskAccount`: lists show the salary account number masked but the last 4. */
export function toRecord(w: WorkerRecord, maskAccount = false): EmployeeRecord {
  return {
    _id: w.id,
    workerType: w.worker_type,
    fullName: w.full_name,
    email: w.email,
    mobile: w.mobile,
    employerEmployeeId: w.employer_worker_id,
    joinedAt: w.joined_at,
    terminatedAt: w.terminated_at,
    employmentStatus: w.employment_status,
    currentMonthlySalary: w.current_monthly_salary,
    isTransactionAllowed: w.is_transaction_allowed,
    userId: w.user_id,
    salaryAccountNumber: w.salary_account_number && maskAccount ? maskLast4(w.salary_account_number) : w.salary_account_number,
    maxWithdrawalSalaryPercent: w.max_withdrawal_salary_percent,
    maxWithdrawalPerDay: w.max_withdrawal_per_day,
    maxWithdrawalPerTransaction: w.max_withdrawal_per_transaction,
    designation: w.designation,
    departmentId: w.department_id,
    gradeId: w.grade_id,
    branchId: w.branch_id,
    branchLocation: w.branch_location,
    vendorId: w.vendor_id,
  };
}

/** LIKE pattern for "contains", with the pattern characters of the input escaped. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterExpression(eb: WorkerEb, f: EmployeeFilter): Expression<SqlBool> {
  const allowed = EMPLOYEE_FILTER_VALUES[f.field];
  if (allowed && !allowed.includes(f.value)) throw badRequest(EMPLOYEE_SERVER_MSG.invalidFilter);
  const is = f.operator === 'IS';
  switch (f.field) {
    case 'signUpStatus': {
      const signedUp = (f.value === 'SIGNED_UP') === is;
      return eb('user_id', signedUp ? 'is not' : 'is', null);
    }
    case 'employmentStatus':
      return eb('employment_status', is ? '=' : '<>', f.value as WorkerRecord['employment_status']);
    case 'branchId':
    case 'gradeId':
    case 'departmentId': {
      const column = ({ branchId: 'branch_id', gradeId: 'grade_id', departmentId: 'department_id' } as const)[f.field];
      // "Is not X" keeps the workers without any value.
      return eb(column, is ? '=' : 'is distinct from', f.value);
    }
  }
}

/** The list's WHERE beyond the scope: search text (contains, case-insensitive) and the filter rows. */
function searchExpression(eb: WorkerEb, body: Pick<EmployeeSearchBody, 'filters' | 'searchText' | 'searchOn'>): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  const text = body.searchText.trim();
  if (text) {
    const pattern = containsPattern(text);
    const columns = body.searchOn ? [SEARCH_COLUMNS[body.searchOn]] : Object.values(SEARCH_COLUMNS);
    parts.push(eb.or(columns.map((c) => eb(c, 'ilike', pattern))));
  }
  const groups = groupFilters(body.filters);
  if (groups.length) parts.push(eb.or(groups.map((g) => eb.and(g.map((f) => filterExpression(eb, f))))));
  return eb.and(parts);
}

const scopeExpression = (eb: WorkerEb, ctx: Scope) =>
  eb.and([eb('employer_id', '=', ctx.admin.employer_id), ctx.vendorId ? eb('vendor_id', '=', ctx.vendorId) : eb('vendor_id', 'is', null)]);

/** Filters are checked before any SQL runs, so bad input is a 400 before a download starts. */
function checkFilters(filters: readonly EmployeeFilter[]): void {
  for (const f of filters) {
    const allowed = EMPLOYEE_FILTER_VALUES[f.field];
    if (allowed && !allowed.includes(f.value)) throw badRequest(EMPLOYEE_SERVER_MSG.invalidFilter);
  }
}

const blankToNull = (v: string | undefined) => {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
};

/** The stored worker as the form shows it, so that an edit may send only what changed. */
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

/** The unique indexes of `workers` and the form field each one guards. */
const UNIQUE_FIELDS: Record<string, [EmployeeFormField, string]> = {
  workers_employer_worker_id: ['employerEmployeeId', EMPLOYEE_SERVER_MSG.duplicateEmployeeId],
  workers_employer_email: ['email', EMPLOYEE_SERVER_MSG.duplicateEmail],
  workers_employer_mobile: ['mobile', EMPLOYEE_SERVER_MSG.duplicateMobile],
};

/** A unique-index race (two saves at once) still answers with the field's message. */
function rethrowUnique(err: unknown): never {
  const e = err as { code?: string; constraint?: string };
  const hit = e.code === '23505' && e.constraint ? UNIQUE_FIELDS[e.constraint] : undefined;
  if (hit) throw new FormError(hit[1], { [hit[0]]: hit[1] });
  throw err;
}

export function createEmployeeService(deps: Deps) {
  const { db } = deps;

  const inScope = (ctx: Scope, q: Database = db) => q.selectFrom('workers').where((eb) => scopeExpression(eb, ctx));

  async function findInScope(ctx: Scope, id: string): Promise<WorkerRecord> {
    if (!UUID_RE.test(id)) throw notFound(EMPLOYEE_SERVER_MSG.notFound);
    const w = await inScope(ctx).selectAll().where('id', '=', id).executeTakeFirst();
    if (!w) throw notFound(EMPLOYEE_SERVER_MSG.notFound);
    return w;
  }

  /** Every rule of 5.3, the metadata picks, the locked Employee ID and the duplicates; throws a FormError. */
  async function checkForm(ctx: Scope, form: EmployeeFormBody, existing: WorkerRecord | null) {
    // 5.3's schema (forms/employee.ts), the one the drawer uses, on the business date of the call.
    const errors: Partial<Record<EmployeeFormField, string>> = { ...validateEmployeeForm(form, today()) };
    const employer = await db.selectFrom('employers').select('metadata').where('id', '=', ctx.admin.employer_id).executeTakeFirstOrThrow();
    const lists = { branchId: employer.metadata.branchIds ?? [], gradeId: employer.metadata.gradeIds ?? [], departmentId: employer.metadata.departmentIds ?? [] };
    const pickMsg = { branchId: EMPLOYEE_SERVER_MSG.branch, gradeId: EMPLOYEE_SERVER_MSG.grade, departmentId: EMPLOYEE_SERVER_MSG.department };
    for (const key of ['branchId', 'gradeId', 'departmentId'] as const) {
      const v = form[key].trim();
      if (v && !lists[key].includes(v)) errors[key] = pickMsg[key];
    }
    if (existing?.user_id && form.employerEmployeeId.trim() !== existing.employer_worker_id) errors.employerEmployeeId = EMPLOYEE_SERVER_MSG.employeeIdLocked;

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
    if (first) throw new FormError(first, errors as Record<string, string>);
    return values;
  }

  const today = () => isoDateInZone(deps.now(), BUSINESS_TIME_ZONE);

  /** The context's size without search or filters: kept by triggers (migration 0006), not counted per request. */
  async function contextCount(ctx: Scope): Promise<{ n: number }> {
    const row = await db
      .selectFrom('worker_context_counts')
      .select('n')
      .where('employer_id', '=', ctx.admin.employer_id)
      .where('vendor_key', '=', ctx.vendorId ?? NO_VENDOR)
      .executeTakeFirst();
    return { n: row?.n ?? 0 };
  }

  return {
    /** PUT /v2/employer-admin/employee-paginated-filter-search */
    async search(ctx: Scope, body: EmployeeSearchBody): Promise<{ employees: EmployeeRecord[]; total: number }> {
      checkFilters(body.filters);
      const filtered = inScope(ctx).where((eb) => searchExpression(eb, body));
      const page = (searching: boolean) =>
        orderBy(filtered.selectAll(), body.sortby, searching, body.sortOrder)
          .limit(body.limit)
          .offset((body.pageNumber - 1) * body.limit)
          .execute();
      let rows: WorkerRecord[];
      let count: { n: number };
      if (body.searchText.trim() === '') {
        [rows, count] = await Promise.all([
          page(false),
          body.filters.length === 0 ? contextCount(ctx) : filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        ]);
      } else {
        // The match count (trigram indexes, cheap) decides the plan of the page: walking the list
        // index in order reads about (offset + limit) x scope / matches rows before it has the
        // page, sorting the matches reads all of them. Walk when that is the smaller figure.
        const [matches, scope] = await Promise.all([filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(), contextCount(ctx)]);
        count = { n: Number(matches.n) };
        const walk = (body.pageNumber * body.limit) * scope.n < count.n * count.n;
        rows = count.n === 0 ? [] : await page(!walk);
      }
      return { employees: rows.map((w) => toRecord(w, true)), total: Number(count.n) };
    },

    /** The download's query: every matching row of the scope, in the list's order (no paging). */
    reportQuery(ctx: Scope, body: Pick<EmployeeSearchBody, 'filters' | 'searchText' | 'searchOn' | 'sortby' | 'sortOrder'>) {
      checkFilters(body.filters);
      return orderBy(inScope(ctx).where((eb) => searchExpression(eb, body)).selectAll(), body.sortby, body.searchText.trim() !== '', body.sortOrder);
    },

    async metadata(ctx: Scope) {
      const e = await db.selectFrom('employers').select('metadata').where('id', '=', ctx.admin.employer_id).executeTakeFirstOrThrow();
      return e.metadata;
    },

    /** POST /employer-admin/employee */
    async create(ctx: AuthContext, body: EmployeeFormBody): Promise<EmployeeRecord> {
      const values = await checkForm(ctx, body, null);
      const row = await db
        .insertInto('workers')
        .values({ ...values, employer_id: ctx.admin.employer_id, vendor_id: ctx.vendorId })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch(rethrowUnique);
      await recordActivity(db, {
        employerId: ctx.admin.employer_id,
        vendorId: ctx.vendorId,
        adminId: ctx.admin.id,
        actionType: ACTION_TYPES.employeeAdded,
        targetType: 'WORKER',
        targetId: row.id,
        details: { name: row.full_name, employerEmployeeId: row.employer_worker_id },
      });
      return toRecord(row);
    },

    /** PATCH /employer-admin/employee: the stored form with the sent fields over it, checked as a whole. */
    async update(ctx: AuthContext, body: EmployeeUpdateBody): Promise<EmployeeRecord> {
      const { id, ...changes } = body;
      if (!id || !id.trim()) throw badRequest(EMPLOYEE_MSG.updateWithoutId);
      const existing = await findInScope(ctx, id.trim());
      const sent = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<EmployeeFormBody>;
      const values = await checkForm(ctx, { ...formOf(existing), ...sent }, existing);
      const row = await db
        .updateTable('workers')
        .set({ ...values, updated_at: deps.now() })
        .where('id', '=', existing.id)
        .where('employer_id', '=', ctx.admin.employer_id)
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch(rethrowUnique);
      const changed = Object.keys(values).filter((k) => String(values[k as keyof typeof values]) !== String(existing[k as keyof WorkerRecord]));
      await recordActivity(db, {
        employerId: ctx.admin.employer_id,
        vendorId: ctx.vendorId,
        adminId: ctx.admin.id,
        actionType: ACTION_TYPES.employeeUpdated,
        targetType: 'WORKER',
        targetId: row.id,
        details: { name: row.full_name, employerEmployeeId: row.employer_worker_id, changed },
      });
      return toRecord(row);
    },

    /** POST /employer-admin/employee-field-check: free when no other worker of the employer has it. */
    async fieldAvailable(ctx: Scope, field: 'email' | 'mobile', value: string, employeeId?: string): Promise<boolean> {
      const v = value.trim();
      if (!v) return true;
      let q = db.selectFrom('workers').select('id').where('employer_id', '=', ctx.admin.employer_id);
      q = field === 'email' ? q.where(sql<string>`lower(email)`, '=', v.toLowerCase()) : q.where('mobile', '=', v);
      if (employeeId) q = q.where('id', '<>', employeeId);
      return !(await q.limit(1).executeTakeFirst());
    },

    /** PATCH /v2/employer-admin/terminate-employees and activate-employees: each id on its own. */
    async setStatusBulk(ctx: AuthContext, employerEmployeeIds: readonly string[], action: 'TERMINATE' | 'ACTIVATE'): Promise<BulkEmployeeResult> {
      const day = today();
      return db.transaction().execute(async (trx) => {
        const wanted = [...new Set(employerEmployeeIds.map((i) => i.trim().toLowerCase()))];
        const rows = await inScope(ctx, trx)
          .select(['id', 'employer_worker_id', 'full_name', 'employment_status'])
          .where(sql<string>`lower(employer_worker_id)`, 'in', wanted)
          .forUpdate()
          .execute();
        const byId = new Map(rows.map((r) => [r.employer_worker_id.toLowerCase(), { ...r }]));
        const changed: { id: string; employerEmployeeId: string }[] = [];
        const data: BulkEmployeeResult['data'] = employerEmployeeIds.map((raw) => {
          const employeeId = raw.trim();
          const w = byId.get(employeeId.toLowerCase());
          if (!w) return { employeeId, status: 'FAILED', reason: EMPLOYEE_SERVER_MSG.unknownEmployeeId };
          const inactive = w.employment_status === 'INACTIVE';
          if (action === 'TERMINATE' && inactive) return { employeeId, status: 'FAILED', reason: EMPLOYEE_SERVER_MSG.alreadyInactive, fullName: w.full_name };
          if (action === 'ACTIVATE' && !inactive) return { employeeId, status: 'FAILED', reason: EMPLOYEE_SERVER_MSG.alreadyActive, fullName: w.full_name };
          // A repeated id in the same call then finds the new status.
          w.employment_status = action === 'TERMINATE' ? 'INACTIVE' : 'ACTIVE';
          changed.push({ id: w.id, employerEmployeeId: w.employer_worker_id });
          return { employeeId, status: 'SUCCESS', fullName: w.full_name };
        });
        if (changed.length) {
          await trx
            .updateTable('workers')
            .set(action === 'TERMINATE' ? { employment_status: 'INACTIVE', terminated_at: day, updated_at: deps.now() } : { employment_status: 'ACTIVE', terminated_at: null, updated_at: deps.now() })
            .where('employer_id', '=', ctx.admin.employer_id)
            .where(
              'id',
              'in',
              changed.map((c) => c.id),
            )
            .execute();
          await recordActivity(trx, {
            employerId: ctx.admin.employer_id,
            vendorId: ctx.vendorId,
            adminId: ctx.admin.id,
            actionType: action === 'TERMINATE' ? ACTION_TYPES.employeesTerminated : ACTION_TYPES.employeesActivated,
            targetType: 'WORKER',
            details: { count: changed.length, employerEmployeeIds: changed.map((c) => c.employerEmployeeId), workerIds: changed.map((c) => c.id) },
          });
        }
        return { data };
      });
    },

    /** PATCH /employer-admin/terminate-employee (profile): one worker by its _id. */
    async terminateOne(ctx: AuthContext, id: string): Promise<EmployeeRecord> {
      const existing = await findInScope(ctx, id.trim());
      if (existing.employment_status === 'INACTIVE') throw badRequest(EMPLOYEE_SERVER_MSG.alreadyInactive);
      const row = await db
        .updateTable('workers')
        .set({ employment_status: 'INACTIVE', terminated_at: today(), updated_at: deps.now() })
        .where('id', '=', existing.id)
        .where('employer_id', '=', ctx.admin.employer_id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordActivity(db, {
        employerId: ctx.admin.employer_id,
        vendorId: ctx.vendorId,
        adminId: ctx.admin.id,
        actionType: ACTION_TYPES.employeeTerminated,
        targetType: 'WORKER',
        targetId: row.id,
        details: { name: row.full_name, employerEmployeeId: row.employer_worker_id },
      });
      return toRecord(row);
    },
  };
}

/**
 * The list's order: the chosen column in the chosen direction, by default names and ids A-Z,
 * joining date, salary and creation newest / highest first. A missing joining date sorts last either
 * way. The id breaks ties, in the column's direction when it is reversed, so that the newest-first
 * list keeps walking the list index (created_at desc, id asc) and its reverse walks it backwards.
 * With search text, `created_at` is ordered through an expression the list index cannot serve:
 * otherwise, for a rare match, PostgreSQL walks the whole ordered index hoping to find 10 matches
 * early (p95 775 ms at 100,000 workers); this way it takes the trigram indexes and sorts only the
 * matches (same rows, same order).
 */
function orderBy(
  q: SelectQueryBuilder<DB, 'workers', WorkerRecord>,
  sortby: EmployeeSearchBody['sortby'],
  searching = false,
  sortOrder?: EmployeeSearchBody['sortOrder'],
) {
  const natural: 'asc' | 'desc' = sortby === 'fullName' || sortby === 'employerEmployeeId' ? 'asc' : 'desc';
  const dir = sortOrder ?? natural;
  const tie: 'asc' | 'desc' = dir === natural ? 'asc' : 'desc';
  switch (sortby) {
    case 'fullName':
      return q.orderBy(sql`lower(full_name)`, dir).orderBy('id', tie);
    case 'employerEmployeeId':
      return q.orderBy(sql`lower(employer_worker_id)`, dir).orderBy('id', tie);
    case 'joinedAt':
      return q.orderBy('joined_at', (ob) => (dir === 'desc' ? ob.desc() : ob.asc()).nullsLast()).orderBy('id', tie);
    case 'currentMonthlySalary':
      return q.orderBy('current_monthly_salary', dir).orderBy('id', tie);
    case 'createdAt':
      return q.orderBy(searching ? sql`created_at + interval '0 second'` : sql.ref('created_at'), dir).orderBy('id', tie);
  }
}
