/**
 * The payout report of an executed payroll (spec 3's FINAL_REPORT; docs/payroll-design.md "Payout
 * report"): served by GET /employer-admin/doc with documentType FINAL_REPORT and documentId the
 * payroll's id, like the payroll's other files, but built at download time from the entries as they
 * are then (a re-run's results appear), never stored. The rows are read from a PostgreSQL cursor in
 * sheet order inside one read-only, repeatable-read transaction (the payroll's status and its rows
 * are one snapshot) and written by the portal's one xlsx writer, whose text cells are formula-safe.
 */
import { sql } from 'kysely';
import {
  PAYROLL_REPORT_COLUMNS,
  
  UPLOAD_MSG,
  addToReportTotals,
  documentLocation,
  emptyReportTotals,
  hasPayoutReport,
  monthLabel,
  monthOfDate,
  payrollReportFileName,
  payrollReportRow,
  payrollReportTotalRows,
  type DocResult,
} from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import type { Database } from '../../platform/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import { uuidOrNotFound } from '../../platform/ids.js';
import { dataScopeOf, vendorIs, type DataScope, type Scope } from '../../platform/scope.js';
import { writeXlsx, type XlsxRow } from '../../platform/uploads/xlsx-writer.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BATCH = 1000;

/** The payout report's document location of a payroll (the uploader's admin id, as its other files), or null before execution. */
export function finalReportLocation(p: { id: string; employer_id: string; admin_id: string; status: string }): string | null {
  return hasPayoutReport(p.status) ? documentLocation(p.employer_id, p.admin_id, 'FINAL_REPORT', p.id) : null;
}

interface ReportEntryRow {
  row_number: number;
  employer_employee_code: string;
  name: string;
  mobile: string | null;
  /** The masked form (account_number_masked): the report masks account numbers, and the sealed number is never opened for it. */
  account_number: string;
  ifsc: string;
  salary: string | number;
  deductions: string | number;
  amount_payable: string | number;
  status: string;
  skip_reason: string | null;
  failure_reason: string | null;
  request_id: string | null;
  utr: string | null;
  paid_at: Date | null;
  updated_at: Date;
  reversed_on: string | null;
  returned: string | number | null;
}

/**
 * GET /employer-admin/doc?documentType=FINAL_REPORT&documentId={payrollId}&employerAdminId=: the
 * payroll of the caller's employer and context (the guard checked READ on PAYROLL, VENDORS_PAYROLL
 * in vendor context) whose location it is, else 404 as any document; 409 before execution.
 */
export async function finalReportDocument(db: Database, scope: DataScope, q: { documentId: string; employerAdminId: string }): Promise<DocResult> {
  uuidOrNotFound(q.documentId, UPLOAD_MSG.notFound);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const p = await trx
        .selectFrom('payrolls')
        .select(['id', 'month', 'status', 'admin_id'])
        .where('id', '=', q.documentId)
        .where('employer_id', '=', scope.employerId)
        .where(vendorIs(scope.vendorId))
        .executeTakeFirst();
      if (!p || p.admin_id !== q.employerAdminId) throw notFound(UPLOAD_MSG.notFound);
      if (!hasPayoutReport(p.status)) throw new AppError('PAYROLL_NOT_EXECUTED');
      const month = monthOfDate(p.month);

      // The entry's current payout (request_id) gives the bank's reason of a failure.
      await sql`
        declare payroll_report no scroll cursor for
        select e.row_number, e.employer_employee_code, e.name, e.mobile, e.account_number_masked as account_number, e.ifsc, e.salary, e.deductions,
          e.amount_payable, e.status, e.skip_reason, po.failure_reason, e.request_id, e.utr, e.paid_at, e.updated_at,
          case when po.status = 'REVERSED' then to_char(po.updated_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') end as reversed_on,
          (select l.amount from ledger_entries l where l.payout_id = po.id and l.kind = 'CREDIT') as returned
        from payroll_entries e
        left join payouts po on po.entry_id = e.id and po.id::text = e.request_id
        where e.payroll_id = ${p.id}::uuid
        order by e.position`.execute(trx);
      const totals = emptyReportTotals();
      async function* rows(): AsyncGenerator<XlsxRow> {
        let last = 1;
        for (;;) {
          const batch = (await sql<ReportEntryRow>`fetch forward ${sql.lit(BATCH)} from payroll_report`.execute(trx)).rows;
          for (const r of batch) {
            const entry = {
              rowNumber: r.row_number,
              employerEmployeeCode: r.employer_employee_code,
              name: r.name,
              mobile: r.mobile,
              accountNumber: r.account_number,
              ifsc: r.ifsc,
              salary: Number(r.salary),
              deductions: Number(r.deductions),
              amountPayable: Number(r.amount_payable),
              status: r.status,
              skipReason: r.skip_reason,
              failureReason: r.failure_reason,
              requestId: r.request_id,
              utr: r.utr,
              paidAt: r.paid_at,
              updatedAt: r.updated_at,
              reversedOn: r.reversed_on,
              returned: Number(r.returned ?? 0),
            };
            addToReportTotals(totals, entry);
            last += 1;
            yield { cells: payrollReportRow(entry) };
          }
          if (batch.length < BATCH) break;
        }
        // A blank row, then the totals.
        last += 1;
        for (const cells of payrollReportTotalRows(totals)) yield { cells, rowNumber: ++last };
      }
      const content = await writeXlsx({
        name: `Payouts ${monthLabel(month)}`,
        header: PAYROLL_REPORT_COLUMNS.map((c) => c.header),
        columnWidths: PAYROLL_REPORT_COLUMNS.map((c) => c.width),
        rows: rows(),
      });
      return { b64File: content.toString('base64'), fileName: payrollReportFileName(month), mimeType: XLSX_TYPE };
    });
}

/** FINAL_REPORT for GET /employer-admin/doc (composed into the documents feature's route in app.ts). */
export const payoutReportDocument =
  (deps: Pick<Deps, 'db'>) =>
  (ctx: Scope, q: { documentId: string; employerAdminId: string }): Promise<DocResult> =>
    finalReportDocument(deps.db, dataScopeOf(ctx), q);
