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
import { sql, type Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import {
  DISBURSAL_STATUSES,
  PAYROLL_FLAGS,
  PAYROLL_MSG,
  PAYROLL_ROW_MSG,
  PAYROLL_SHEET_COLUMNS,
  monthOfDate,
  netSalary,
  orderDeductions,
  parsePayrollRow,
  paidDaysExceedLeave,
  payrollFlags,
  unpaidLeaveDaysIn,
  salaryForPaidDays,
  skipReasonOf,
  sumAmounts,
  addMonths,
  businessDayStart,
  cellText,
  firstDayOf,
  lastDayOf,
  type DeductionItem,
  type PayrollFlag,
  type RecordedLeave,
  type PayrollSheetKey,
  type PayrollSheetRow,
} from '@portal/domain';
import type { DB, PayrollRecord } from '../../db/schema.js';
import type { Outcome, SheetKind, UploadCounts } from '../documents/index.js';
import { vendorIs } from '../../platform/scope.js';
import { unnest } from '../../platform/sql.js';
import type { BlindIndex } from '../../platform/data-protection.js';
import type { Deps } from '../../platform/context.js';
import { applyIdentityFlags } from './identity.js';
import { movePayroll } from './lifecycle.js';

export const PAYROLL_PROCESS_MSG = {
  failed: 'The payroll sheet could not be processed. Please check it against the sample file and upload it again.',
} as const;
/** The processed sheet's Status values. */
export const PAYROLL_ROW_STATUS = { failed: 'FAILED', valid: 'VALID', finalized: 'FINALIZED', skipped: 'SKIPPED' } as const;

/**
 * What each worker of the context repays from month M's salary: advances TRANSFERRED on or before
 * M's last day (their pending amount) and top-up EMIs DUE on or before it. One query per kind.
 */
async function deductionsOf(trx: Kysely<DB>, payroll: PayrollRecord) {
  const month = monthOfDate(payroll.month);
  const last = lastDayOf(month);
  const before = businessDayStart(firstDayOf(addMonths(month, 1)));
  const scope = (alias: string) => vendorIs(payroll.vendor_id, `${alias}.vendor_id`);
  const { rows: advances } = await sql<{ worker_id: string; id: string; amount: number; item_date: string }>`
    select t.worker_id, t.id, t.amount - t.repaid_amount as amount, (t.created_at at time zone 'Asia/Kolkata')::date as item_date
    from transactions t
    where t.employer_id = ${payroll.employer_id}::uuid and ${scope('t')} and t.status = 'TRANSFERRED' and t.amount > t.repaid_amount and t.created_at < ${before}
  `.execute(trx);
  const { rows: emis } = await sql<{ worker_id: string; id: string; amount: number; item_date: string }>`
    select a.worker_id, e.id, e.amount, e.due_date as item_date
    from topup_emis e join salary_topup_applications a on a.id = e.application_id
    where a.employer_id = ${payroll.employer_id}::uuid and ${scope('a')} and e.status = 'DUE' and e.due_date <= ${last}::date
  `.execute(trx);
  const byWorker = new Map<string, DeductionItem[]>();
  const add = (workerId: string, item: DeductionItem) => {
    const list = byWorker.get(workerId);
    if (list) list.push(item);
    else byWorker.set(workerId, [item]);
  };
  for (const a of advances) add(a.worker_id, { kind: 'ADVANCE', id: a.id, amount: Number(a.amount), date: a.item_date });
  for (const e of emis) add(e.worker_id, { kind: 'TOPUP_EMI', id: e.id, amount: Number(e.amount), date: e.item_date });
  for (const [k, list] of byWorker) byWorker.set(k, orderDeductions(list));
  return byWorker;
}

/** The workers' entries in the context's last executed payroll of an earlier month (for the flags). */
async function previousEntries(trx: Kysely<DB>, payroll: PayrollRecord) {
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
  // The account number as its keyed hash: sealed values are compared by their hashes (see sameAccount).
  const byWorker = new Map<string, PreviousEntry>();
  if (!last) return byWorker;
  const rows = await trx.selectFrom('payroll_entries').select(['id', 'worker_id', 'amount_payable', 'account_number_hash']).where('payroll_id', '=', last.id).execute();
  for (const r of rows) byWorker.set(r.worker_id, { id: r.id, net: r.amount_payable, hash: r.account_number_hash });
  return byWorker;
}

interface PreviousEntry {
  id: string;
  net: number;
  hash: Buffer | null;
}

/**
 * Whether the worker's previous entry was paid to `plain` (NEW_BANK_ACCOUNT when not): its stored
 * hash matched under the blind-index version it names, the current one or, while a rotation runs,
 * the older one (no await: one comparison a row). A hash under a version this sheet's snapshot does
 * not hold (a rotation started or finished while the process held older versions) is decided by
 * opening the entry's number, once for that row: the flag never depends on which key a row happens
 * to be hashed under.
 */
function sameAccount(index: BlindIndex, plain: string, previous: PreviousEntry): boolean | null {
  return previous.hash ? index.matches(plain, previous.hash) : false;
}
async function openedSameAccount(trx: Kysely<DB>, deps: Pick<Deps, 'protector'>, plain: string, previous: PreviousEntry): Promise<boolean> {
  const entry = await trx.selectFrom('payroll_entries').select('account_number').where('id', '=', previous.id).executeTakeFirstOrThrow();
  return (await deps.protector.openTextFresh(entry.account_number)) === plain;
}

const ENTRY_COLUMNS = [
  ['id', 'uuid'],
  ['worker_id', 'uuid'],
  ['row_number', 'int4'],
  ['position', 'int4'],
  ['name', 'text'],
  ['employer_employee_code', 'text'],
  ['mobile', 'text'],
  ['monthly_salary', 'int8'],
  ['working_days', 'int4'],
  ['paid_days', 'numeric'],
  ['salary', 'int8'],
  ['deductions', 'int8'],
  ['amount_payable', 'int8'],
  ['account_number', 'text'],
  ['account_number_masked', 'text'],
  ['account_number_hash', 'bytea'],
  ['ifsc', 'text'],
  ['status', 'text'],
  ['skip_reason', 'text'],
  ['flags', 'text'],
] as const;
type EntryColumn = (typeof ENTRY_COLUMNS)[number][0];
type EntryValues = Record<EntryColumn, string | number | Buffer | null>;



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

    // Employee IDs that are no worker of the payroll's context (added to a failed row's reasons),
    // looked up a page of keys at a time: index lookups whatever the planner believes of the tables.
    for (let after = 0; ; ) {
      const { rows: keyed } = await sql<{ row_number: number; key: string; status: string | null; columns: string[] | null }>`
        select row_number, key, status, columns from sheet_rows
        where upload_id = ${uploadId}::uuid and row_number > ${after} and key is not null
        order by row_number limit 5000
      `.execute(trx);
      if (keyed.length === 0) break;
      after = keyed[keyed.length - 1]!.row_number;
      const { rows: known } = await sql<{ code: string }>`
        select lower(w.employer_worker_id) as code from workers w
        where w.employer_id = ${payroll.employer_id}::uuid and ${inContext} and lower(w.employer_worker_id) = any(${[...new Set(keyed.map((k) => k.key))]}::text[])
      `.execute(trx);
      const codes = new Set(known.map((k) => k.code));
      const unknown = keyed.filter((k) => !codes.has(k.key) && !(k.status === 'FAILED' && (k.columns ?? []).includes('employerEmployeeId')));
      if (unknown.length) {
        await sql`
          update sheet_rows s
          set status = 'FAILED',
            reason = case when s.status = 'FAILED' then s.reason || '; ' || ${PAYROLL_ROW_MSG.unknownEmployeeId} else ${PAYROLL_ROW_MSG.unknownEmployeeId} end,
            columns = array(select distinct unnest(coalesce(s.columns, '{}') || array['employerEmployeeId']::text[]))
          where s.upload_id = ${uploadId}::uuid and s.row_number = any(${unknown.map((k) => k.row_number)}::int4[])
        `.execute(trx);
      }
      if (keyed.length < 5000) break;
    }
    const { rows: bad } = await sql<{ n: number }>`select count(*)::int as n from sheet_rows where upload_id = ${uploadId}::uuid and status = 'FAILED'`.execute(trx);
    const failedRows = Number(bad[0]?.n ?? 0);
    if (failedRows > 0) {
      // All or nothing: the payroll fails, and the rows without a problem say so.
      await sql`update sheet_rows set status = 'VALID' where upload_id = ${uploadId}::uuid and status is null`.execute(trx);
      return { status: 'FAILED', failureReason: PAYROLL_MSG.rowsFailed(failedRows), counts: payrollCounts };
    }

    const deductions = await deductionsOf(trx, payroll);
    const previous = await previousEntries(trx, payroll);
    // One blind-index version for the whole sheet: SHARED_BANK_ACCOUNT groups its entries by hash.
    const index = deps.protector.blindIndex();
    const flagCounts = Object.fromEntries(PAYROLL_FLAGS.map((f) => [f, 0])) as Record<PayrollFlag, number>;
    const monthDays = { from: firstDayOf(monthOfDate(payroll.month)), to: lastDayOf(monthOfDate(payroll.month)) };
    let position = 0;
    let rows = 0;
    let finalized = 0;
    let totalSalary = 0;
    let totalDeductions = 0;
    let totalPayable = 0;
    for await (const page of run.pages()) {
      const { rows: found } = await sql<{ code: string; id: string; employer_worker_id: string; employment_status: string; terminated_at: string | null }>`
        select lower(w.employer_worker_id) as code, w.id, w.employer_worker_id, w.employment_status, w.terminated_at
        from workers w
        where w.employer_id = ${payroll.employer_id}::uuid and ${inContext}
          and lower(w.employer_worker_id) = any(${page.map((r) => r.key ?? '')}::text[])
      `.execute(trx);
      const workers = new Map(found.map((w) => [w.code, w]));
      // Unpaid leave of the page's workers in the payroll month (decision 0025: the leave flag).
      const unpaid = new Map<string, RecordedLeave[]>();
      if (found.length) {
        const leaves = await trx
          .selectFrom('leaves')
          .select(['worker_id', 'from_date as fromDate', 'to_date as toDate', 'leave_type as leaveType'])
          .where('worker_id', 'in', found.map((w) => w.id))
          .where('leave_type', '=', 'UNPAID_LEAVE')
          .where('from_date', '<=', monthDays.to)
          .where('to_date', '>=', monthDays.from)
          .execute();
        for (const l of leaves) unpaid.set(l.worker_id, [...(unpaid.get(l.worker_id) ?? []), l]);
      }
      const entries: EntryValues[] = [];
      const deductionRows: { entry_id: string; position: number; transaction_id: string | null; topup_emi_id: string | null; item_date: string; amount: number }[] = [];
      const outcomes: Outcome[] = [];
      for (const r of page) {
        const v = r.value;
        const w = workers.get(r.key ?? '');
        if (!w) throw new Error(`payroll ${payroll.id}: row ${r.rowNumber}'s worker vanished while it was processed`);
        position += 1;
        rows += 1;
        // UUIDv7 (RFC 9562, monotonic within the process): time-ordered ids make 50,000 primary-key
        // inserts land at the end of the index instead of all over it.
        const id = uuidv7();
        const items = deductions.get(w.id) ?? [];
        const salary = salaryForPaidDays(v.monthlySalary, v.paidHundredths, v.workingDays);
        const deducted = sumAmounts(items);
        const net = netSalary(salary, deducted);
        const inactiveBeforeMonth = w.employment_status === 'INACTIVE' && (w.terminated_at === null || w.terminated_at < payroll.month);
        const skip = skipReasonOf({ inactiveBeforeMonth, paidHundredths: v.paidHundredths, net });
        // Sealed here, where the row is in hand (decision 0037); its keyed hash stands for it in every comparison.
        const account = deps.protector.protectText(v.accountNumber, index);
        const before = previous.get(w.id);
        const same = before ? (sameAccount(index, v.accountNumber, before) ?? (await openedSameAccount(trx, deps, v.accountNumber, before))) : false;
        // SHARED_BANK_ACCOUNT needs the whole sheet: it is added at the end.
        const flags = payrollFlags({ net, previous: before ? { net: before.net, sameAccount: same } : null, accountShared: false });
        if (paidDaysExceedLeave(v, unpaidLeaveDaysIn(unpaid.get(w.id) ?? [], monthDays))) flags.push('PAID_DAYS_OVER_UNPAID_LEAVE');
        for (const f of flags) flagCounts[f] += 1;
        if (!skip) {
          finalized += 1;
          totalSalary += salary;
          totalDeductions += deducted;
          totalPayable += net;
        }
        entries.push({
          id,
          worker_id: w.id,
          row_number: r.rowNumber,
          position,
          name: v.fullName,
          employer_employee_code: w.employer_worker_id,
          mobile: v.mobile || null,
          monthly_salary: v.monthlySalary,
          working_days: v.workingDays,
          paid_days: (v.paidHundredths / 100).toFixed(2),
          salary,
          deductions: deducted,
          amount_payable: net,
          account_number: account.sealed,
          account_number_masked: account.masked,
          account_number_hash: account.hash,
          ifsc: v.ifsc,
          status: skip ? 'SKIPPED' : 'FINALIZED',
          skip_reason: skip,
          flags: flags.join(','),
        });
        items.forEach((d, k) =>
          deductionRows.push({
            entry_id: id,
            position: k + 1,
            transaction_id: d.kind === 'ADVANCE' ? d.id : null,
            topup_emi_id: d.kind === 'TOPUP_EMI' ? d.id : null,
            item_date: d.date,
            amount: d.amount,
          }),
        );
        outcomes.push(skip ? { rowNumber: r.rowNumber, status: PAYROLL_ROW_STATUS.skipped, reason: skip } : { rowNumber: r.rowNumber, status: PAYROLL_ROW_STATUS.finalized });
      }
      await sql`
        insert into payroll_entries (payroll_id, employer_id, vendor_id, ${sql.join(ENTRY_COLUMNS.map(([c]) => sql.ref(c)))})
        select ${payroll.id}::uuid, ${payroll.employer_id}::uuid, ${payroll.vendor_id}::uuid,
          ${sql.join(ENTRY_COLUMNS.map(([c]) => (c === 'flags' ? sql`string_to_array(u.flags, ',')` : sql`u.${sql.ref(c)}`)))}
        from ${unnest(ENTRY_COLUMNS.map(([c, type]) => ({ values: entries.map((e) => e[c]), type })))} as u(${sql.join(ENTRY_COLUMNS.map(([c]) => sql.ref(c)))})
      `.execute(trx);
      if (deductionRows.length) {
        await sql`
          insert into payroll_deductions (payroll_id, entry_id, position, transaction_id, topup_emi_id, item_date, amount)
          select ${payroll.id}::uuid, u.*
          from ${unnest([
            { values: deductionRows.map((d) => d.entry_id), type: 'uuid' },
            { values: deductionRows.map((d) => d.position), type: 'int4' },
            { values: deductionRows.map((d) => d.transaction_id), type: 'uuid' },
            { values: deductionRows.map((d) => d.topup_emi_id), type: 'uuid' },
            { values: deductionRows.map((d) => d.item_date), type: 'date' },
            { values: deductionRows.map((d) => d.amount), type: 'int8' },
          ])} as u
        `.execute(trx);
      }
      await run.setOutcomes(outcomes);
    }

    // SHARED_BANK_ACCOUNT: an account number on more than one row of the sheet (equal numbers, equal keyed hashes).
    const { rows: shared } = await sql<{ account: Buffer; uses: number }>`
      select account_number_hash as account, count(*)::int as uses from payroll_entries
      where payroll_id = ${payroll.id}::uuid group by account_number_hash having count(*) > 1
    `.execute(trx);
    if (shared.length) {
      await sql`update payroll_entries set flags = array_append(flags, 'SHARED_BANK_ACCOUNT') where payroll_id = ${payroll.id}::uuid and account_number_hash = any(${shared.map((s) => s.account)}::bytea[])`.execute(trx);
      flagCounts.SHARED_BANK_ACCOUNT = shared.reduce((a, s) => a + Number(s.uses), 0);
    }
    // The entries were just written: without fresh statistics the statement below would be planned
    // for an empty table (nested loops over every entry: a minute for 10,000 rows instead of 0.1 s).
    await sql`analyze payroll_entries`.execute(trx);
    Object.assign(flagCounts, await applyIdentityFlags(trx, payroll)); // NAME_DIFFERS, MOBILE_DIFFERS (features/payroll/identity.ts)
    // The most frequent Working Days (the smallest of equals).
    const { rows: mode } = await sql<{ days: number }>`
      select working_days as days from payroll_entries where payroll_id = ${payroll.id}::uuid
      group by working_days order by count(*) desc, working_days asc limit 1
    `.execute(trx);
    const moved = await movePayroll(trx, payroll.id, 'PROCESSING', 'PROCESSED', {
      working_days: mode[0]?.days ?? null,
      total_entries: rows,
      finalized_entries: finalized,
      skipped_entries: rows - finalized,
      total_salary: totalSalary,
      total_deductions: totalDeductions,
      total_payable: totalPayable,
      flag_counts: JSON.stringify(flagCounts),
      failure_reason: null,
      updated_at: deps.now(),
    });
    // Moved meanwhile (it cannot be): then nothing of this run may stay.
    if (moved === 0) throw new Error(`payroll ${payroll.id} left PROCESSING while it was processed`);
    return { status: 'PROCESSED', counts: payrollCounts };
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
