/**
 * The payroll sheet, a kind of the one sheet pipeline (features/documents/pipeline.ts; design doc
 * "Processing a payroll sheet", decision 0014). The pipeline reads the sheet into staging; here the
 * rows are checked and, only when every row is valid, written as the payroll's entries with their
 * salary, deductions (naming what they repay), flags and status, a page of rows at a time. Any
 * invalid row (its own rules, an Employee ID repeated or unknown) fails the whole payroll
 * (PAYROLL_PROCESSING_FAILED): nothing is written, and the processed sheet marks every row FAILED
 * with its reasons or VALID. Otherwise PROCESSED with the totals; the processed sheet (FINALIZED or
 * SKIPPED with the reason) follows a moment after the commit.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import {
  DISBURSAL_STATUSES,
  NET_CHANGE_FLAG_PERCENT,
  PAYROLL_FLAGS,
  PAYROLL_MSG,
  PAYROLL_ROW_MSG,
  PAYROLL_SHEET_COLUMNS,
  SKIP_REASONS,
  monthOfDate,
  parsePayrollRow,
  addMonths,
  businessDayStart,
  cellText,
  firstDayOf,
  lastDayOf,
  type PayrollFlag,
  type PayrollSheetKey,
  type PayrollSheetRow,
} from '@portal/domain';
import type { DB, PayrollRecord } from '../../db/schema.js';
import { workerOfRow, type SheetKind, type UploadCounts } from '../documents/index.js';
import { vendorIs } from '../../platform/scope.js';
import { indexVersionSql } from '../../platform/protected-columns.js';
import type { Deps } from '../../platform/context.js';
import { mobilesDiffer, namesDiffer, wordsOf } from './identity.js';
import { movePayroll } from './lifecycle.js';

export const PAYROLL_PROCESS_MSG = {
  failed: 'The payroll sheet could not be processed. Please check it against the sample file and upload it again.',
} as const;
/** The processed sheet's Status values. */
export const PAYROLL_ROW_STATUS = { failed: 'FAILED', valid: 'VALID', finalized: 'FINALIZED', skipped: 'SKIPPED' } as const;

/** The context's last executed payroll of an earlier month (its entries give the flags that compare with it), if any. */
async function previousPayrollId(trx: Kysely<DB>, payroll: PayrollRecord): Promise<string | null> {
  const last = await trx
    .selectFrom('payrolls')
    .select('id')
    .where('employer_id', '=', payroll.employer_id)
    .where(vendorIs(payroll.vendor_id))
    .where('status', 'in', DISBURSAL_STATUSES)
    .where('month', '<', payroll.month)
    .orderBy('month', 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.id ?? null;
}

/**
 * The staged row: the sheet's values, the account number sealed (s), masked (m) and keyed-hashed
 * (hex) when the row is staged (decision 0037), so the apply writes the entries in SQL and the
 * staging table never holds the number in clear in the value. The hashes are under the blind-index
 * snapshot the job took before it staged, one for the whole sheet: `h` under its current version
 * (what the entry stores, so SHARED_BANK_ACCOUNT groups the sheet under one version) and, while a
 * rotation runs, `o` under each older version it holds, by version (what NEW_BANK_ACCOUNT compares
 * a previous entry's hash with, under the version that hash names).
 */
interface Encoded extends Omit<PayrollSheetRow, 'accountNumber'> {
  account: { s: string; m: string; h: string; o?: Record<number, string> };
}

/**
 * The order of an entry's stored flags: the page statement's (the row's own flags, then who it
 * names), with SHARED_BANK_ACCOUNT, known only once every page is written, before the identity
 * flags. A flag added after the page statement goes to its place in it.
 */
const STORED_FLAG_ORDER: readonly PayrollFlag[] = [
  'NON_POSITIVE_NET',
  'NET_CHANGED_OVER_30_PERCENT',
  'NEW_BANK_ACCOUNT',
  'PAID_DAYS_OVER_UNPAID_LEAVE',
  'SHARED_BANK_ACCOUNT',
  'NAME_DIFFERS',
  'MOBILE_DIFFERS',
];
const inStoredOrder = (flags: RawBuilder<unknown>) => sql`array(select f from unnest(${flags}) f order by array_position(${[...STORED_FLAG_ORDER]}::text[], f))`;

/**
 * NEW_BANK_ACCOUNT for the entries whose previous entry's hash is under a blind-index version the
 * sheet's snapshot did not hold (a rotation started after the rows were staged and re-hashed it, or
 * its finish retired the version before): SQL could not compare them, so both numbers are opened
 * here and compared (the flag never depends on which key a row happens to be hashed under). Rare:
 * only around a rotation. The flag goes where the page statement would have put it (STORED_FLAG_ORDER).
 * Returns how many entries it flagged.
 */
async function openedNewBankAccounts(trx: Kysely<DB>, deps: Pick<Deps, 'protector'>, previous: string, entryIds: readonly string[]): Promise<number> {
  const { rows } = await sql<{ id: string; sealed: string; previous: string }>`
    select e.id, e.account_number as sealed, p.account_number as previous
    from payroll_entries e join payroll_entries p on p.payroll_id = ${previous}::uuid and p.worker_id = e.worker_id
    where e.id = any(${entryIds}::uuid[])
  `.execute(trx);
  const differ: string[] = [];
  for (const r of rows) if ((await deps.protector.openTextFresh(r.sealed)) !== (await deps.protector.openTextFresh(r.previous))) differ.push(r.id);
  if (differ.length) {
    await sql`
      update payroll_entries set flags = ${inStoredOrder(sql`array_append(flags, 'NEW_BANK_ACCOUNT')`)}
      where id = any(${differ}::uuid[])
    `.execute(trx);
  }
  return differ.length;
}

/** A payroll upload's counts: entries written (finalized or skipped) as created; on failure, the failed rows. */
const payrollCounts = (byStatus: ReadonlyMap<string, number>): UploadCounts => {
  const n = (s: string) => byStatus.get(s) ?? 0;
  return {
    total: [...byStatus.values()].reduce((a, b) => a + b, 0),
    created: n(PAYROLL_ROW_STATUS.finalized) + n(PAYROLL_ROW_STATUS.skipped),
    updated: 0,
    unchanged: 0,
    failed: n(PAYROLL_ROW_STATUS.failed),
  };
};

async function payrollOf(trx: Kysely<DB>, uploadId: string): Promise<PayrollRecord | undefined> {
  return trx.selectFrom('payrolls').selectAll().where('upload_id', '=', uploadId).executeTakeFirst();
}

export const payrollSheet: SheetKind<PayrollSheetKey, PayrollSheetRow> = {
  columns: PAYROLL_SHEET_COLUMNS,
  dateColumns: [],
  parse: (cells) => parsePayrollRow(cells),
  key: (row) => row.employerEmployeeId.trim().toLowerCase(),
  rawKey: (cells) => cellText(cells.employerEmployeeId ?? null).toLowerCase() || null,
  keyLabel: 'Employee ID',
  keyColumns: ['employerEmployeeId'],
  processedSheetName: 'Payroll',
  processedSheetAfterCommit: true,
  encode: ({ accountNumber, ...rest }, protector, index): Encoded => {
    const account = protector.protectText(accountNumber, index);
    const staged: Encoded['account'] = { s: account.sealed, m: account.masked, h: account.hash.toString('hex') };
    for (const version of index.versions.slice(1)) (staged.o ??= {})[version] = index.hash(accountNumber, version).toString('hex');
    return { ...rest, account: staged };
  },

  async begin(deps, upload) {
    const { db } = deps;
    let payroll = await payrollOf(db, upload.id);
    // An upload without its payroll: the pipeline fails the upload (documents' status, not ours).
    if (!payroll) return { fail: PAYROLL_PROCESS_MSG.failed };
    if (payroll.status === 'UPLOADED') {
      if (await movePayroll(db, payroll.id, 'UPLOADED', 'PROCESSING', { updated_at: deps.now() })) payroll = { ...payroll, status: 'PROCESSING' };
      else payroll = (await payrollOf(db, upload.id)) ?? payroll;
    }
    return payroll.status === 'PROCESSING'; // else done already (a repeated job)
  },

  async apply(run) {
    const { trx, scope, deps } = run;
    const payroll = await payrollOf(trx, scope.uploadId);
    if (!payroll || payroll.status !== 'PROCESSING') throw new Error(`payroll of upload ${scope.uploadId} is not PROCESSING`);
    const uploadId = scope.uploadId;
    const inContext = vendorIs(payroll.vendor_id, 'w.vendor_id');

    // Employee IDs that are no worker of the payroll's context: the reason added to a failed row's,
    // in one statement (a lookup a row on the unique index (employer, lower(Employee ID))). Read in
    // pages of keys into Node, each page "the next 5,000 after" scanned every row left to the
    // sheet's end on a plan made before the sheet was staged: quadratic (0.4 s of a 50,000-row sheet, issue 21).
    await sql`
      update sheet_rows s
      set status = 'FAILED',
        reason = case when s.status = 'FAILED' then s.reason || '; ' || ${PAYROLL_ROW_MSG.unknownEmployeeId} else ${PAYROLL_ROW_MSG.unknownEmployeeId} end,
        columns = array(select distinct unnest(coalesce(s.columns, '{}') || array['employerEmployeeId']::text[]))
      where s.upload_id = ${uploadId}::uuid and s.key is not null
        and not (s.status is not distinct from 'FAILED' and 'employerEmployeeId' = any(coalesce(s.columns, '{}')))
        and not exists (
          select 1 from workers w
          where w.employer_id = ${payroll.employer_id}::uuid and ${inContext} and lower(w.employer_worker_id) = s.key
        )
    `.execute(trx);
    const { rows: bad } = await sql<{ n: number }>`select count(*)::int as n from sheet_rows where upload_id = ${uploadId}::uuid and status = 'FAILED'`.execute(trx);
    const failedRows = Number(bad[0]?.n ?? 0);
    if (failedRows > 0) {
      // All or nothing: the payroll fails, and the rows without a problem say so.
      await sql`update sheet_rows set status = 'VALID' where upload_id = ${uploadId}::uuid and status is null`.execute(trx);
      return { status: 'FAILED', failureReason: PAYROLL_MSG.rowsFailed(failedRows), counts: payrollCounts };
    }

    const previous = await previousPayrollId(trx, payroll);
    const month = monthOfDate(payroll.month);
    const [first, last] = [firstDayOf(month), lastDayOf(month)];
    // What each worker repays from month M's salary: advances TRANSFERRED before M's end (their pending amount) and top-up EMIs DUE on or before M's last day.
    const advancesBefore = businessDayStart(firstDayOf(addMonths(month, 1)));
    const flag = (f: PayrollFlag) => sql`${f}::text`;
    const flagCounts = Object.fromEntries(PAYROLL_FLAGS.map((f) => [f, 0])) as Record<PayrollFlag, number>;
    const totals = { rows: 0, finalized: 0, salary: 0, deductions: 0, payable: 0 };
    // Set-based (issue 21), a page of rows at a time: each row's worker (of the payroll's context),
    // what it repays, its unpaid leave in the month and its entry in the last executed payroll looked
    // up, the salary, net, skip reason and flags computed as the domain computes them
    // (salaryForPaidDays, netSalary, skipReasonOf, payrollFlags, paidDaysExceedLeave), the entries,
    // their deductions and the rows' outcomes written, in one statement. Only the entries' ids come
    // from Node: UUIDv7 (time-ordered, so 50,000 primary-key inserts land at the end of the index).
    // The pages are the pipeline's ranges (one scan of the staged rows, SheetRun.ranges): looking for
    // "the next 2,500 rows without an outcome" scanned every row left to the sheet's end, a page at a
    // time (1.0-1.3 s of a 50,000-row sheet, issue 21). Every row is open here (a failed one failed
    // the payroll above).
    for await (const { after, upTo, open } of run.ranges()) {
      if (open === 0) continue;
      const ids = Array.from({ length: open }, () => uuidv7());
      const { rows: done } = await sql<{ rows: number; missing: number; finalized: number; salary: string; deductions: string; payable: string; undecided: string[] } & Record<PayrollFlag, number>>`
        with k as materialized (
          select s.row_number, row_number() over (order by s.row_number)::int as n, s.key as code, s.value as v
          from sheet_rows s
          where s.upload_id = ${uploadId}::uuid and s.row_number > ${after} and s.row_number <= ${upTo} and s.status is null
            and not exists (select 1 from sheet_outcomes o where o.upload_id = s.upload_id and o.row_number = s.row_number)
        ),
        r as materialized (
          select k.row_number, k.n, (${ids}::uuid[])[k.n] as id, w.id as worker_id, w.employer_worker_id, w.employment_status, w.terminated_at, w.full_name as record_name, w.mobile as record_mobile,
            k.v->>'fullName' as name, nullif(k.v->>'mobile', '') as mobile, (k.v->>'monthlySalary')::int8 as monthly_salary,
            (k.v->>'workingDays')::int4 as working_days, (k.v->>'paidHundredths')::int8 as paid_h,
            k.v#>>'{account,s}' as sealed, k.v#>>'{account,m}' as masked, decode(k.v#>>'{account,h}', 'hex') as hash, k.v#>'{account,o}' as older, k.v->>'ifsc' as ifsc
          from k
          left join lateral ${workerOfRow({ employerId: payroll.employer_id, vendorId: payroll.vendor_id }, sql`k.code`)} w on true
        ),
        items as (
          select t.worker_id, 'ADVANCE' as kind, t.id, t.amount - t.repaid_amount as amount, (t.created_at at time zone 'Asia/Kolkata')::date as item_date
          from transactions t
          where t.worker_id in (select r.worker_id from r) and t.employer_id = ${payroll.employer_id}::uuid and ${vendorIs(payroll.vendor_id, 't.vendor_id')}
            and t.status = 'TRANSFERRED' and t.amount > t.repaid_amount and t.created_at < ${advancesBefore}
          union all
          select a.worker_id, 'TOPUP_EMI', e.id, e.amount, e.due_date
          from topup_emis e join salary_topup_applications a on a.id = e.application_id
          where a.worker_id in (select r.worker_id from r) and a.employer_id = ${payroll.employer_id}::uuid and ${vendorIs(payroll.vendor_id, 'a.vendor_id')}
            and e.status = 'DUE' and e.due_date <= ${last}::date
        ),
        -- oldest first: date, then advances before EMIs, then id (orderDeductions)
        d as materialized (
          select i.*, row_number() over (partition by i.worker_id order by i.item_date, case i.kind when 'ADVANCE' then 0 else 1 end, i.id)::int as position
          from items i
        ),
        c as materialized (
          select r.*, x.deducted, x.salary, x.salary - x.deducted as net, p.amount_payable as previous_net, coalesce(u.days, 0) as unpaid_days,
            -- Paid to the previous entry's account: its hash compared with this row's under the version it names
            -- (the staged current one, or an older one the snapshot held); null when the snapshot did not hold
            -- that version (decided below by opening both numbers), false without a previous entry or hash.
            case
              when p.account_number_hash is null then false
              when ${indexVersionSql(sql`p.account_number_hash`)} = ${indexVersionSql(sql`r.hash`)} then p.account_number_hash = r.hash
              else p.account_number_hash = decode(r.older->>(${indexVersionSql(sql`p.account_number_hash`)})::text, 'hex')
            end as same_account,
            case
              when r.employment_status = 'INACTIVE' and (r.terminated_at is null or r.terminated_at < ${payroll.month}::date) then ${SKIP_REASONS.inactive}
              when r.paid_h = 0 then ${SKIP_REASONS.noPaidDays}
              when x.salary - x.deducted <= 0 then ${SKIP_REASONS.nonPositiveNet}
            end as skip
          from r
          left join (select d.worker_id, sum(d.amount)::int8 as total from d group by d.worker_id) dt on dt.worker_id = r.worker_id
          cross join lateral (
            select coalesce(dt.total, 0) as deducted,
              -- monthly * paid / working, rounded half up to the paisa: floor((2 * num + den) / (2 * den))
              (2 * r.monthly_salary * r.paid_h + r.working_days * 100::int8) / (2 * r.working_days * 100::int8) as salary
          ) x
          left join payroll_entries p on p.payroll_id = ${previous}::uuid and p.worker_id = r.worker_id
          left join lateral (
            select sum(least(l.to_date, ${last}::date) - greatest(l.from_date, ${first}::date) + 1)::int as days
            from leaves l
            where l.worker_id = r.worker_id and l.leave_type = 'UNPAID_LEAVE' and l.from_date <= ${last}::date and l.to_date >= ${first}::date
          ) u on true
        ),
        f as materialized (
          select c.*, array_remove(array[
              case when c.net <= 0 then ${flag('NON_POSITIVE_NET')} end,
              case when c.previous_net > 0 and abs(c.net - c.previous_net) * 100 > ${NET_CHANGE_FLAG_PERCENT}::int8 * c.previous_net then ${flag('NET_CHANGED_OVER_30_PERCENT')} end,
              case when not c.same_account then ${flag('NEW_BANK_ACCOUNT')} end,
              case when c.unpaid_days > 0 and c.paid_h > greatest(0, c.working_days - c.unpaid_days) * 100 then ${flag('PAID_DAYS_OVER_UNPAID_LEAVE')} end,
              -- who the row names against who its Employee ID is (features/payroll/identity.ts owns the rules)
              case when ${namesDiffer(sql`sn.a`, sql`rn.a`)} then ${flag('NAME_DIFFERS')} end,
              case when ${mobilesDiffer(sql`c.mobile`, sql`c.record_mobile`)} then ${flag('MOBILE_DIFFERS')} end
            ], null) as flags
          from c
          cross join lateral (select ${wordsOf(sql`c.name`)} as a) sn
          cross join lateral (select ${wordsOf(sql`c.record_name`)} as a) rn
          where c.worker_id is not null
        ),
        entries as (
          insert into payroll_entries (payroll_id, employer_id, vendor_id, id, worker_id, row_number, position, name, employer_employee_code, mobile, monthly_salary, working_days, paid_days,
            salary, deductions, amount_payable, account_number, account_number_masked, account_number_hash, ifsc, status, skip_reason, flags)
          select ${payroll.id}::uuid, ${payroll.employer_id}::uuid, ${payroll.vendor_id}::uuid, f.id, f.worker_id, f.row_number, ${totals.rows}::int + f.n, f.name, f.employer_worker_id, f.mobile,
            f.monthly_salary, f.working_days, round(f.paid_h::numeric / 100, 2), f.salary, f.deducted, f.net, f.sealed, f.masked, f.hash, f.ifsc,
            case when f.skip is null then 'FINALIZED' else 'SKIPPED' end, f.skip, f.flags
          from f
        ),
        deductions as (
          insert into payroll_deductions (payroll_id, entry_id, position, transaction_id, topup_emi_id, item_date, amount)
          select ${payroll.id}::uuid, f.id, d.position, case when d.kind = 'ADVANCE' then d.id end, case when d.kind = 'TOPUP_EMI' then d.id end, d.item_date, d.amount
          from d join f on f.worker_id = d.worker_id
        ),
        outcomes as (
          insert into sheet_outcomes (upload_id, row_number, status, reason, columns)
          select ${uploadId}::uuid, f.row_number, case when f.skip is null then 'FINALIZED' else 'SKIPPED' end, f.skip, null from f
        )
        select (select count(*) from k)::int as rows, (select count(*) from r where r.worker_id is null)::int as missing,
          count(*) filter (where f.skip is null)::int as finalized,
          coalesce(sum(f.salary) filter (where f.skip is null), 0)::text as salary,
          coalesce(sum(f.deducted) filter (where f.skip is null), 0)::text as deductions,
          coalesce(sum(f.net) filter (where f.skip is null), 0)::text as payable,
          ${sql.join(PAYROLL_FLAGS.map((p) => sql`count(*) filter (where ${flag(p)} = any(f.flags))::int as ${sql.ref(p)}`))},
          coalesce(array_agg(f.id) filter (where f.same_account is null), '{}') as undecided
        from f
      `.execute(trx);
      const page = done[0]!;
      // A worker the check above found is gone: nothing of this run may stay.
      if (page.missing > 0) throw new Error(`payroll ${payroll.id}: ${page.missing} row(s)' worker vanished while it was processed`);
      totals.rows += page.rows;
      totals.finalized += page.finalized;
      totals.salary += Number(page.salary);
      totals.deductions += Number(page.deductions);
      totals.payable += Number(page.payable);
      for (const f of PAYROLL_FLAGS) flagCounts[f] += page[f];
      if (previous && page.undecided.length) flagCounts.NEW_BANK_ACCOUNT += await openedNewBankAccounts(trx, deps, previous, page.undecided);
    }

    // SHARED_BANK_ACCOUNT: an account number on more than one row of the sheet (equal numbers, equal keyed hashes).
    const { rows: shared } = await sql<{ account: Buffer; uses: number }>`
      select account_number_hash as account, count(*)::int as uses from payroll_entries
      where payroll_id = ${payroll.id}::uuid group by account_number_hash having count(*) > 1
    `.execute(trx);
    if (shared.length) {
      await sql`update payroll_entries set flags = ${inStoredOrder(sql`array_append(flags, 'SHARED_BANK_ACCOUNT')`)} where payroll_id = ${payroll.id}::uuid and account_number_hash = any(${shared.map((s) => s.account)}::bytea[])`.execute(trx);
      flagCounts.SHARED_BANK_ACCOUNT = shared.reduce((a, s) => a + Number(s.uses), 0);
    }
    // The most frequent Working Days (the smallest of equals).
    const { rows: mode } = await sql<{ days: number }>`
      select working_days as days from payroll_entries where payroll_id = ${payroll.id}::uuid
      group by working_days order by count(*) desc, working_days asc limit 1
    `.execute(trx);
    const moved = await movePayroll(trx, payroll.id, 'PROCESSING', 'PROCESSED', {
      working_days: mode[0]?.days ?? null,
      total_entries: totals.rows,
      finalized_entries: totals.finalized,
      skipped_entries: totals.rows - totals.finalized,
      total_salary: totals.salary,
      total_deductions: totals.deductions,
      total_payable: totals.payable,
      flag_counts: JSON.stringify(flagCounts),
      failure_reason: null,
      updated_at: deps.now(),
    });
    // Moved meanwhile (it cannot be): then nothing of this run may stay.
    if (moved === 0) throw new Error(`payroll ${payroll.id} left PROCESSING while it was processed`);
    // Many entries at once: the planner's picture of payroll_entries is out of date until autovacuum
    // comes round, and the payroll's screens would be planned for a much smaller table. Once
    // committed, as the employee sheet analyzes workers (PROCESSED does not wait for it).
    return { status: 'PROCESSED', counts: payrollCounts, afterCommit: async (d) => void (await sql`analyze payroll_entries`.execute(d.db)) };
  },

  async settle(trx, deps, upload, end) {
    if (end.status === 'FAILED') {
      await movePayroll(trx, { uploadId: upload.id }, ['UPLOADED', 'PROCESSING'], 'PAYROLL_PROCESSING_FAILED', {
        failure_reason: end.reason,
        processed_file_id: end.processedFileId,
        updated_at: deps.now(),
      });
    } else if (end.processedFileId) {
      await trx.updateTable('payrolls').set({ processed_file_id: end.processedFileId }).where('upload_id', '=', upload.id).execute();
    }
  },
};
