/**
 * transactions-report.xlsx and advance-salary-report.xlsx (spec 2.12, 2.13, 9): the portal's one
 * xlsx writer (platform/uploads/xlsx-writer.ts) streaming into the reply, rows read from a
 * PostgreSQL cursor in batches as the reply takes them, so memory stays flat up to the 20,000-row
 * cap. Text cells that a spreadsheet could read as a formula are written as text (the domain's
 * export rows use spreadsheetSafeText, and so does the writer).
 */
import type { Writable } from 'node:stream';
import { sql, type Compilable } from 'kysely';
import type { Database } from '../../platform/database.js';
import { streamXlsx, type XlsxRow } from '../../platform/uploads/xlsx-writer.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BATCH = 1000;

export interface ReportSheet<Row> {
  name: string;
  columns: readonly { header: string; width: number }[];
  query: Compilable<Row>;
  toCells: (row: Row) => (string | number)[];
}

export async function writeReport<Row>(db: Database, sheetSpec: ReportSheet<Row>, out: Writable): Promise<void> {
  await db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`declare worker_report no scroll cursor for ${sheetSpec.query}`.execute(trx);
      // Pulled by the writer only as fast as the reply takes the sheet.
      async function* rows(): AsyncGenerator<XlsxRow> {
        for (;;) {
          const batch = (await sql<Row>`fetch forward ${sql.lit(BATCH)} from worker_report`.execute(trx)).rows;
          for (const r of batch) yield { cells: sheetSpec.toCells(r) };
          if (batch.length < BATCH) return;
        }
      }
      await streamXlsx(
        { name: sheetSpec.name, header: sheetSpec.columns.map((c) => c.header), columnWidths: sheetSpec.columns.map((c) => c.width), rows: rows() },
        out,
      );
    });
}
