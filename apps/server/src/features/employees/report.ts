/**
 * employee-report.xlsx (spec 2.5, 7 `PUT /employer-admin/search`): the portal's one xlsx writer
 * (platform/uploads/xlsx-writer.ts) streaming into the reply, rows read from a PostgreSQL cursor in
 * batches as the reply takes them, so memory stays flat whatever the number of workers. Text that a
 * spreadsheet could read as a formula is written as text (the domain's export row and the writer).
 */
import type { Writable } from 'node:stream';
import { sql, type SelectQueryBuilder } from 'kysely';
import { employeeExportRow, type EMPLOYEE_COLUMNS } from '@portal/domain';
import type { DB, WorkerRecord } from '../../db/schema.js';
import type { Database } from '../../platform/database.js';
import { streamXlsx, type XlsxRow } from '../../platform/uploads/xlsx-writer.js';
import { toRecord } from './shared.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const EMPLOYEE_REPORT_NAME = 'employee-report.xlsx';
const BATCH = 500;

const WIDTHS: Partial<Record<(typeof EMPLOYEE_COLUMNS)[number]['key'], number>> = { fullName: 30, employerEmployeeId: 16, email: 32, mobile: 14 };

export async function writeEmployeeReport(
  db: Database,
  query: SelectQueryBuilder<DB, 'workers', WorkerRecord>,
  columns: readonly (typeof EMPLOYEE_COLUMNS)[number][],
  out: Writable,
): Promise<void> {
  await db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`declare employee_report no scroll cursor for ${query}`.execute(trx);
      // Pulled by the writer only as fast as the reply takes the sheet.
      async function* rows(): AsyncGenerator<XlsxRow> {
        for (;;) {
          const batch = (await sql<WorkerRecord>`fetch forward ${sql.lit(BATCH)} from employee_report`.execute(trx)).rows;
          for (const w of batch) yield { cells: employeeExportRow(toRecord(w, true), columns) }; // (the export has no account number column)
          if (batch.length < BATCH) return;
        }
      }
      await streamXlsx({ name: 'Employees', header: columns.map((c) => c.header), columnWidths: columns.map((c) => WIDTHS[c.key] ?? 18), rows: rows() }, out);
    });
}
