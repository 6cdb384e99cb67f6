/**
 * The processing job of an uploaded sheet: read it (streaming), match the header, parse every
 * row, refuse keys repeated within the sheet, apply the valid rows, and write the processed sheet
 * (the original rows plus Status and Reason, offending cells highlighted). Applying the rows,
 * storing the processed sheet and the upload's new status happen in one transaction: a failed
 * step leaves the data as it was, and the upload still says PROCESSING so the job may run again.
 */
import { sql } from 'kysely';
import {
  BUSINESS_TIME_ZONE,
  MAX_SHEET_ROWS,
  PROCESSED_REASON_HEADER,
  PROCESSED_STATUS_HEADER,
  SHEET_MSG,
  STORED_TYPES_OF,
  UPLOAD_MSG,
  cellDate,
  cellText,
  formatDdMmYyyy,
  isoDateInZone,
  matchHeader,
  type CellValue,
  type RowOptions,
  type RowResult,
} from '@portal/domain';
import type { DocumentUploadRecord } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import { openSheet } from '../../platform/uploads/sheet-reader.js';
import { writeXlsx } from '../../platform/uploads/xlsx-writer.js';
import { attendanceSheet } from './attendance-sheet.js';
import { employeeSheet } from './employee-sheet.js';
import { failed, type ProcessScope, type RowOutcome, type SheetKind } from './sheet-kind.js';
import { terminationSheet } from './termination-sheet.js';

export const PROCESS_MSG = {
  noRowApplied: 'No row could be applied: see the Reason column of the processed file.',
  unreadable: UPLOAD_MSG.corrupt,
  failed: 'The file could not be processed. Please check it against the sample file and upload it again.',
} as const;

type AnyKind = SheetKind<any, any>;
const KINDS: Partial<Record<DocumentUploadRecord['doc_type'], AnyKind>> = {
  ADD_EMPLOYEES_BULK_UPLOAD: employeeSheet,
  TERMINATED_EMPLOYEES_UPLOAD: terminationSheet,
  ATTENDANCE_UPLOAD: attendanceSheet,
};

/**
 * Types processed by another feature's code (payroll sheets: features/payroll), registered by that
 * feature when it loads. The processor owns the upload row's final status.
 */
export type UploadProcessor = (deps: Deps, upload: DocumentUploadRecord) => Promise<void>;
const PROCESSORS: Partial<Record<DocumentUploadRecord['doc_type'], UploadProcessor>> = {};
export function registerUploadProcessor(docType: DocumentUploadRecord['doc_type'], processor: UploadProcessor): void {
  PROCESSORS[docType] = processor;
}

interface DataRow {
  rowNumber: number;
  raw: CellValue[];
  result: RowResult<unknown, string>;
}

class SheetRefusal extends Error {}

const isBlankRow = (cells: readonly CellValue[]) => cells.every((c) => cellText(c) === '');

/** Reads the first sheet: the header match and every non-blank data row, parsed. */
async function readRows(kind: AnyKind, content: Buffer, options: RowOptions) {
  let sheet;
  try {
    sheet = await openSheet(content);
  } catch {
    throw new SheetRefusal(PROCESS_MSG.unreadable);
  }
  options.date1904 = sheet.date1904;
  let header: CellValue[] | null = null;
  let index: Partial<Record<string, number>> = {};
  const rows: DataRow[] = [];
  try {
    for await (const r of sheet.rows) {
      if (isBlankRow(r.cells)) continue;
      if (!header) {
        header = r.cells;
        const match = matchHeader(header, kind.columns);
        if (!match.ok) throw new SheetRefusal(match.reason);
        index = match.index;
        continue;
      }
      if (rows.length >= MAX_SHEET_ROWS) throw new SheetRefusal(SHEET_MSG.tooManyRows(MAX_SHEET_ROWS));
      const cells: Record<string, CellValue> = Object.create(null) as Record<string, CellValue>;
      for (const [key, i] of Object.entries(index)) cells[key] = i === undefined ? null : (r.cells[i] ?? null);
      rows.push({ rowNumber: r.rowNumber, raw: r.cells, result: kind.parse(cells, options) });
    }
  } catch (err) {
    if (err instanceof SheetRefusal) throw err;
    throw new SheetRefusal(PROCESS_MSG.unreadable);
  }
  if (!header) throw new SheetRefusal(SHEET_MSG.noHeader(kind.columns.map((c) => c.header).join(', ')));
  if (rows.length === 0) throw new SheetRefusal(SHEET_MSG.noRows);
  return { header, index, rows };
}

/** The processed sheet: original columns (dates as dd/mm/yyyy), then Status and Reason. */
async function processedSheet(kind: AnyKind, header: CellValue[], index: Partial<Record<string, number>>, rows: DataRow[], outcomes: RowOutcome<string>[], date1904: boolean) {
  const width = rows.reduce((w, r) => Math.max(w, r.raw.length), header.length);
  const dateIndexes = new Set(kind.dateColumns.map((k) => index[k]).filter((i): i is number => i !== undefined));
  const display = (v: CellValue, i: number): string | number | null => {
    if (v === null || v === undefined) return null;
    if (dateIndexes.has(i)) {
      const iso = cellDate(v, date1904);
      if (iso) return formatDdMmYyyy(iso);
    }
    if (typeof v === 'number') return v;
    return cellText(v);
  };
  return writeXlsx({
    name: 'Processed',
    header: [...Array.from({ length: width }, (_, i) => cellText(header[i] ?? null)), PROCESSED_STATUS_HEADER, PROCESSED_REASON_HEADER],
    rows: rows.map((r, n) => {
      const o = outcomes[n]!;
      const cells: (string | number | null)[] = Array.from({ length: width }, (_, i) => display(r.raw[i] ?? null, i));
      cells.push(o.status, o.reason ?? '');
      const highlight = new Set((o.columns ?? []).map((k) => index[k]).filter((i): i is number => i !== undefined));
      return { cells, highlight };
    }),
  });
}

export async function processUpload(deps: Deps, uploadId: string): Promise<void> {
  const { db } = deps;
  const upload = await db.selectFrom('document_uploads').selectAll().where('id', '=', uploadId).executeTakeFirst();
  if (!upload || upload.status !== 'PROCESSING') return; // done already (a repeated job)
  const finish = async (reason: string) => {
    await db
      .updateTable('document_uploads')
      .set({ status: 'FAILED', failure_reason: reason, processed_at: deps.now() })
      .where('id', '=', uploadId)
      .where('status', '=', 'PROCESSING')
      .execute();
  };
  const processor = PROCESSORS[upload.doc_type];
  if (processor) return processor(deps, upload);
  const kind = KINDS[upload.doc_type];
  if (!kind) return finish(UPLOAD_MSG.notInRelease);
  const scope: ProcessScope = { employerId: upload.employer_id, vendorId: upload.vendor_id, adminId: upload.admin_id, uploadId };
  const options: RowOptions = { today: isoDateInZone(deps.now(), BUSINESS_TIME_ZONE) };
  try {
    const file = await db.selectFrom('stored_files').select('content').where('id', '=', upload.original_file_id).executeTakeFirstOrThrow();
    const { header, index, rows } = await readRows(kind, file.content, options);

    // Parse failures, then keys repeated within the sheet: every occurrence is refused.
    const outcomes: (RowOutcome<string> | null)[] = rows.map((r) =>
      r.result.ok ? null : failed(Object.values(r.result.errors)[0] as string, Object.keys(r.result.errors)),
    );
    const byKey = new Map<string, number[]>();
    rows.forEach((r, n) => {
      if (!r.result.ok) return;
      const key = kind.key(r.result.value);
      const list = byKey.get(key);
      if (list) list.push(n);
      else byKey.set(key, [n]);
    });
    for (const list of byKey.values()) {
      if (list.length < 2) continue;
      const where = list.map((n) => rows[n]!.rowNumber).join(', ');
      for (const n of list) outcomes[n] = failed(SHEET_MSG.duplicateInSheet(kind.keyLabel, where), kind.keyColumns);
    }
    const valid = rows.flatMap((r, n) => (outcomes[n] === null && r.result.ok ? [{ n, value: r.result.value, rowNumber: r.rowNumber }] : []));

    await db.transaction().execute(async (trx) => {
      // One sheet at a time per employer: the checks against stored rows stay true until commit.
      await sql`select pg_advisory_xact_lock(hashtextextended(${`sheets:${upload.employer_id}`}, 0))`.execute(trx);
      const result = await kind.apply(trx, scope, valid, options);
      valid.forEach((v, i) => (outcomes[v.n] = result.outcomes[i]!));
      const final = outcomes as RowOutcome<string>[];
      const count = (s: string) => final.filter((o) => o.status === s).length;
      const counts = { total_rows: rows.length, applied_rows: count('SUCCESS'), unchanged_rows: count('UNCHANGED'), failed_rows: count('FAILED') };
      const sheet = await processedSheet(kind, header, index, rows, final, options.date1904 ?? false);
      const processedType = STORED_TYPES_OF[upload.doc_type].processed!;
      const stored = await trx
        .insertInto('stored_files')
        .values({
          employer_id: upload.employer_id,
          vendor_id: upload.vendor_id,
          admin_id: upload.admin_id,
          document_type: processedType,
          file_name: `processed-${upload.file_name.replace(/\.[^.]*$/, '')}.xlsx`,
          mime_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          size_bytes: sheet.length,
          content: sheet,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ok = counts.applied_rows + counts.unchanged_rows > 0;
      await trx
        .updateTable('document_uploads')
        .set({
          ...counts,
          status: ok ? 'PROCESSED' : 'FAILED',
          failure_reason: ok ? null : PROCESS_MSG.noRowApplied,
          processed_file_id: stored.id,
          latest_attendance_date: result.latestDate ?? null,
          processed_at: deps.now(),
        })
        .where('id', '=', uploadId)
        .execute();
    });
  } catch (err) {
    if (err instanceof SheetRefusal) return finish(err.message);
    deps.log.error(err);
    return finish(PROCESS_MSG.failed);
  }
}
