/**
 * transactions-report.xlsx and advance-salary-report.xlsx (spec 2.12, 2.13, 9): exceljs's streaming
 * writer into the reply, one committed row at a time, rows read from a PostgreSQL cursor in
 * batches, so memory stays flat up to the 20,000-row cap. Text cells that a spreadsheet could
 * read as a formula are written as text (the domain's export rows use spreadsheetSafeText).
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql, type Compilable } from 'kysely';
import type { Database } from '../../platform/database.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BATCH = 1000;

export interface ReportSheet<Row> {
  name: string;
  columns: readonly { header: string; width: number }[];
  query: Compilable<Row>;
  toCells: (row: Row) => (string | number)[];
}

export async function writeReport<Row>(db: Database, sheetSpec: ReportSheet<Row>, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetSpec.name);
  sheet.columns = sheetSpec.columns.map((c, k) => ({ key: `c${k}`, width: c.width }));
  sheet.addRow(sheetSpec.columns.map((c) => c.header)).commit();
  await db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`declare worker_report no scroll cursor for ${sheetSpec.query}`.execute(trx);
      for (;;) {
        const { rows } = await sql<Row>`fetch forward ${sql.lit(BATCH)} from worker_report`.execute(trx);
        for (const r of rows) sheet.addRow(sheetSpec.toCells(r)).commit();
        if (rows.length < BATCH) break;
        if (out.destroyed) throw new Error('the client went away during the download');
        // Let the client catch up before reading the next batch.
        if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      }
    });
  sheet.commit();
  await workbook.commit();
}
