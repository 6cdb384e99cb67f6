/**
 * employee-report.xlsx (spec 2.5, 7 `PUT /employer-admin/search`): exceljs's streaming writer into
 * the reply, one committed row at a time, rows read from a PostgreSQL cursor in batches, so memory
 * stays flat whatever the number of workers.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql, type SelectQueryBuilder } from 'kysely';
import { employeeExportRow, type EMPLOYEE_COLUMNS } from '@portal/domain';
import type { DB, WorkerRecord } from '../../db/schema.js';
import type { Database } from '../../platform/database.js';
import { toRecord } from './service.js';

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
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Employees');
  sheet.columns = columns.map((c) => ({ key: c.key, width: WIDTHS[c.key] ?? 18 }));
  sheet.addRow(columns.map((c) => c.header)).commit();
  await db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`declare employee_report no scroll cursor for ${query}`.execute(trx);
      for (;;) {
        const { rows } = await sql<WorkerRecord>`fetch forward ${sql.lit(BATCH)} from employee_report`.execute(trx);
        for (const w of rows) sheet.addRow(employeeExportRow(toRecord(w), columns)).commit();
        if (rows.length < BATCH) break;
        if (out.destroyed) throw new Error('the client went away during the download');
        // Backpressure before reading the next batch: first the compressor (exceljs's sheet stream
        // writes into the zip entry without waiting, so without this the uncompressed XML of every
        // row would pile up in memory), then the client.
        const sink = compressorOf(sheet);
        if (sink?.writableNeedDrain) await Promise.race([once(sink, 'drain'), once(out, 'close')]);
        if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      }
    });
  sheet.commit();
  await workbook.commit();
}

/**
 * The writable that a streamed worksheet's XML goes into: the zip entry's compressor, which exceljs
 * attaches as the only "pipe" of the sheet's internal stream once the entry starts. Not public API,
 * hence the guarded look-up: without it the report still works, only without this backpressure.
 */
function compressorOf(sheet: unknown): Writable | undefined {
  const pipes = (sheet as { stream?: { pipes?: unknown[] } }).stream?.pipes;
  const first = Array.isArray(pipes) ? pipes[0] : undefined;
  return first && typeof (first as Writable).write === 'function' && 'writableNeedDrain' in (first as object) ? (first as Writable) : undefined;
}
