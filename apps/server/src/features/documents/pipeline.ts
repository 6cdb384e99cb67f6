/**
 * The one sheet pipeline (issue 11): every uploaded sheet, whatever its kind, goes through here.
 *
 * 1. Read the workbook, streaming, and take the first sheet whose header row matches the kind's
 *    columns (an employer's workbook may open with a cover sheet).
 * 2. Parse each non-blank data row with the kind's row rule and stream it, with its outcome so far
 *    and the cells as the processed sheet shows them, into the staging table with COPY: the
 *    database stores rows while the reader parses the next ones, and no row stays in memory.
 * 3. In one transaction (one sheet at a time per employer): refuse keys repeated in the sheet,
 *    let the kind check and apply the rest (set-based SQL, a page of rows at a time), count the
 *    outcomes, write the processed sheet from the staged rows (each row at its row number in the
 *    uploaded file), store it and set the upload's status.
 *
 * A failed step leaves the data as it was: the transaction rolls back and the upload still says
 * PROCESSING, so the job may run again. A refused sheet (unreadable, wrong header, no rows) ends
 * FAILED with the reason and writes nothing.
 */
import type { DataProtector } from '../../platform/data-protection.js';
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
} from '@portal/domain';
import type { DB, DocumentUploadRecord } from '../../db/schema.js';
import type { Kysely } from 'kysely';
import type { Deps } from '../../platform/context.js';
import { openWorkbook, type SheetRow } from '../../platform/uploads/sheet-reader.js';
import { writeXlsx } from '../../platform/uploads/xlsx-writer.js';
import type { ProcessUpload } from './jobs.js';
import type { AnySheetKind, ApplyResult, SheetRun, UploadCounts } from './sheet-kind.js';
import { emitEvent } from '../../platform/events.js';
import { JOB_MSG, abandonUpload } from './sheet-queue.js';
import { moveUpload } from './upload-status.js';
import { StagingWriter, clearStaging, refuseRepeatedKeys, setOutcomes, stagedOutcomes, stagedPages, stagedRanges, statusCounts } from './staging.js';

export const PROCESS_MSG = {
  noRowApplied: 'No row could be applied: see the Reason column of the processed file.',
  unreadable: UPLOAD_MSG.corrupt,
  failed: 'The file could not be processed. Please check it against the sample file and upload it again.',
} as const;

/** The kinds the pipeline processes, by document type; composed by the caller (src/sheets.ts). */
export type SheetKinds = Partial<Record<DocumentUploadRecord['doc_type'], AnySheetKind>>;

/** A sheet refused as a whole: the upload fails with this reason, nothing is written. */
export class SheetRefusal extends Error {}

/**
 * Rows a kind applies at a time (SheetRun's pages and ranges alike). The processed sheet is written
 * a page behind the apply, so the last page is the part of it that does not overlap the work: pages
 * of 2,500 (issue 21; 5,000 left half of a 10,000-row sheet to write after the apply) keep that
 * short, at a few more statements.
 */
const APPLY_PAGE_ROWS = 2_500;
/**
 * The last page's worth of a sheet's rows goes to the apply in this many ranges when the processed
 * sheet is written beside it (stagedRanges): the processed sheet, a range behind, then has a
 * quarter of a page left to write once the apply ends, not a whole page (issue 21).
 */
const LAST_PAGE_IN = 4;

const isBlankRow = (cells: readonly CellValue[]) => cells.every((c) => cellText(c) === '');

/** What the read found: the header and where it was, the sheet's name, its width. */
interface ReadSheet {
  sheetName: string;
  header: CellValue[];
  headerRow: number;
  index: Partial<Record<string, number>>;
  width: number;
  rows: number;
}

/**
 * The first visible sheet whose first non-blank row matches the kind's header, with its rows
 * iterator positioned after the header. No sheet matching: refused with the first sheet's reason,
 * naming the sheet that was read.
 */
async function pickSheet(kind: AnySheetKind, content: Buffer) {
  let workbook;
  try {
    workbook = await openWorkbook(content);
  } catch {
    throw new SheetRefusal(PROCESS_MSG.unreadable);
  }
  let first: { name: string; reason: string } | null = null;
  for (const sheet of workbook.sheets) {
    const iterator = sheet.rows()[Symbol.asyncIterator]();
    let header: SheetRow | null = null;
    try {
      for (let r = await iterator.next(); !r.done; r = await iterator.next()) {
        if (!isBlankRow(r.value.cells)) {
          header = r.value;
          break;
        }
      }
    } catch {
      throw new SheetRefusal(PROCESS_MSG.unreadable);
    }
    const reason = header ? null : SHEET_MSG.noHeader(kind.columns.map((c) => c.header).join(', '));
    const match = header ? matchHeader(header.cells, kind.columns) : null;
    if (header && match?.ok) return { date1904: workbook.date1904, name: sheet.name, header, index: match.index, iterator, many: workbook.sheets.length > 1 };
    await iterator.return?.();
    first ??= { name: sheet.name, reason: reason ?? (match && !match.ok ? match.reason : PROCESS_MSG.unreadable) };
  }
  if (!first) throw new SheetRefusal(PROCESS_MSG.unreadable);
  throw new SheetRefusal(workbook.sheets.length > 1 ? SHEET_MSG.noMatchingSheet(first.name, first.reason) : first.reason);
}

/** Reads the sheet into staging: every non-blank data row, parsed, with its cells as the processed sheet shows them. */
async function stage(deps: Deps, kind: AnySheetKind, upload: DocumentUploadRecord, content: Buffer, options: RowOptions): Promise<ReadSheet> {
  const picked = await pickSheet(kind, content);
  options.date1904 = picked.date1904;
  const index = picked.index;
  const dateIndexes = new Set(kind.dateColumns.map((k: string) => index[k]).filter((i): i is number => i !== undefined));
  const display = (v: CellValue, i: number): string | number | null => {
    if (v === null || v === undefined) return null;
    if (dateIndexes.has(i)) {
      const iso = cellDate(v, picked.date1904);
      if (iso) return formatDdMmYyyy(iso);
    }
    if (typeof v === 'number') return v;
    return cellText(v);
  };
  const entries = Object.entries(index) as [string, number][];
  let width = picked.header.cells.length;
  // One blind-index snapshot for the whole sheet (read by the job just before): a background
  // refresh while the rows are staged does not change the versions its rows are hashed under.
  const blindIndex = deps.protector.blindIndex();
  const writer = await StagingWriter.open(deps.pool, upload.id);
  let ok = false;
  try {
    try {
      for (let r = await picked.iterator.next(); !r.done; r = await picked.iterator.next()) {
        const { rowNumber, cells: raw } = r.value;
        if (isBlankRow(raw)) continue;
        if (writer.count >= MAX_SHEET_ROWS) throw new SheetRefusal(SHEET_MSG.tooManyRows(MAX_SHEET_ROWS));
        if (raw.length > width) width = raw.length;
        const cells: Record<string, CellValue> = Object.create(null) as Record<string, CellValue>;
        for (const [key, i] of entries) cells[key] = raw[i] ?? null;
        const result = kind.parse(cells, options);
        const shown = raw.map(display);
        if (result.ok) {
          await writer.write({ rowNumber, cells: shown, value: kind.encode ? kind.encode(result.value, deps.protector, blindIndex) : result.value, key: kind.key(result.value), status: null, reason: null, columns: null });
        } else {
          const errors = Object.entries(result.errors) as [string, string][];
          const key = kind.rawKey?.(cells) || null;
          await writer.write({ rowNumber, cells: shown, value: null, key, status: 'FAILED', reason: errors.map(([, m]) => m).join('; '), columns: errors.map(([k]) => k) });
        }
      }
    } catch (err) {
      if (err instanceof SheetRefusal) throw err;
      deps.log.warn?.(`sheet ${upload.id}: ${(err as Error)?.message}`);
      throw new SheetRefusal(PROCESS_MSG.unreadable);
    }
    ok = true;
  } finally {
    await writer.close(ok);
  }
  if (writer.count === 0) throw new SheetRefusal(SHEET_MSG.noRows);
  return { sheetName: picked.name, header: picked.header.cells, headerRow: picked.header.rowNumber, index, width, rows: writer.count };
}

const defaultCounts = (byStatus: ReadonlyMap<string, number>): UploadCounts => {
  const n = (s: string) => byStatus.get(s) ?? 0;
  return { total: [...byStatus.values()].reduce((a, b) => a + b, 0), created: n('CREATED'), updated: n('UPDATED'), unchanged: n('UNCHANGED'), failed: n('FAILED') };
};

/**
 * How far the apply has gone: every row at or before `upTo` has its final outcome. The kind asks
 * for its next page or range only once it set the outcomes of the last one (SheetRun.pages, .ranges), and the rows
 * before a page that are not in it ended already (failed their own rules, repeated keys, or set by
 * the kind before its pages); the whole sheet is settled once the apply returns.
 */
class Settled {
  private upTo = 0;
  private stopped = false;
  private waiters: (() => void)[] = [];

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
  set(rowNumber: number) {
    if (rowNumber > this.upTo) {
      this.upTo = rowNumber;
      this.wake();
    }
  }
  /** The apply failed: whoever waits stops. */
  stop() {
    this.stopped = true;
    this.wake();
  }
  /** Resolves to the last settled row number once it is past `after`. */
  async after(after: number): Promise<number> {
    for (;;) {
      if (this.stopped) throw new Error('the apply stopped');
      if (this.upTo > after) return this.upTo;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }
  /** The pages (or ranges) of the run, each settled up to `last` of it when the kind asks for the next (or stops asking). */
  async *watch<P>(pages: AsyncIterable<P> | Iterable<P>, last: (page: P) => number | undefined): AsyncGenerator<P> {
    for await (const page of pages) {
      yield page;
      const upTo = last(page);
      if (upTo !== undefined) this.set(upTo);
    }
  }
}

/**
 * The processed sheet, from the staged rows: the original columns, then Status and Reason; each row
 * at its number in the uploaded file. With `settled`, written while the apply runs, each page of
 * rows as soon as the apply has passed it (the XML and its compression overlap the apply's SQL).
 */
async function processedSheet(q: Kysely<DB>, kind: AnySheetKind, read: ReadSheet, uploadId: string, settled?: Settled): Promise<Buffer> {
  const { width, index } = read;
  async function* rows() {
    for await (const r of stagedOutcomes(q, uploadId, APPLY_PAGE_ROWS, settled && ((after) => settled.after(after)), settled ? LAST_PAGE_IN : 1)) {
      const shown = r.cells as (string | number | null)[];
      const cells: (string | number | null)[] = Array.from({ length: width }, (_, i) => shown[i] ?? null);
      cells.push(r.status ?? '', r.reason ?? '');
      const highlight = new Set((r.columns ?? []).map((k) => index[k]).filter((i): i is number => i !== undefined));
      yield { rowNumber: r.row_number, cells, highlight };
    }
  }
  return writeXlsx({
    name: kind.processedSheetName ?? 'Processed',
    header: [...Array.from({ length: width }, (_, i) => cellText(read.header[i] ?? null)), PROCESSED_STATUS_HEADER, PROCESSED_REASON_HEADER],
    headerRow: read.headerRow,
    rows: rows(),
  });
}

async function storeProcessed(trx: Kysely<DB>, protector: DataProtector, upload: DocumentUploadRecord, sheet: Buffer): Promise<string> {
  const stored = await trx
    .insertInto('stored_files')
    .values({
      employer_id: upload.employer_id,
      vendor_id: upload.vendor_id,
      admin_id: upload.admin_id,
      document_type: STORED_TYPES_OF[upload.doc_type].processed!,
      file_name: `processed-${upload.file_name.replace(/\.[^.]*$/, '')}.xlsx`,
      mime_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      size_bytes: sheet.length,
      content: protector.sealBytes(sheet),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return stored.id;
}

/** What an upload's event says (issue 26): whole state, so receivers may take events in any order. */
function uploadEventData(upload: DocumentUploadRecord, status: 'PROCESSED' | 'FAILED', reason: string | null, counts: UploadCounts | null): Record<string, unknown> {
  return {
    uploadId: upload.id,
    docType: upload.doc_type,
    fileName: upload.file_name,
    vendorId: upload.vendor_id,
    status,
    failureReason: reason,
    rows: counts ? { total: counts.total, created: counts.created, updated: counts.updated, unchanged: counts.unchanged, failed: counts.failed } : null,
  };
}

/** The job's work for one upload, with the kinds it knows (handed in, never registered by an import). */
export function createSheetPipeline(kinds: SheetKinds): ProcessUpload {
  const processUpload = async function processUpload(deps: Deps, uploadId: string): Promise<void> {
    const { db } = deps;
    let upload = await db.selectFrom('document_uploads').selectAll().where('id', '=', uploadId).executeTakeFirst();
    if (!upload || upload.status !== 'PROCESSING') return; // done already (a repeated job)
    const kind = kinds[upload.doc_type];
    const refuse = async (reason: string) => {
      await db.transaction().execute(async (trx) => {
        if (!(await moveUpload(trx, uploadId, 'PROCESSING', 'FAILED', { failure_reason: reason, processed_at: deps.now() }))) return;
        if (kind?.settle) await kind.settle(trx, deps, upload!, { status: 'FAILED', reason, processedFileId: null });
        await emitEvent(deps, trx, upload!.employer_id, 'upload.failed', uploadEventData(upload!, 'FAILED', reason, null));
      });
      await clearStaging(db, uploadId);
    };
    if (!kind) return refuse(UPLOAD_MSG.notInRelease);
    if (kind.begin) {
      const go = await kind.begin(deps, upload);
      if (go !== true) {
        // Nothing of the kind's to process: failed here, quietly (no settle, no event), as the kind says.
        if (go) await moveUpload(db, uploadId, 'PROCESSING', 'FAILED', { failure_reason: go.fail, processed_at: deps.now() });
        return;
      }
    }
    upload = (await db.selectFrom('document_uploads').selectAll().where('id', '=', uploadId).executeTakeFirst()) ?? upload;
    const current = upload;
    const scope = { employerId: current.employer_id, vendorId: current.vendor_id, adminId: current.admin_id, uploadId };
    const options: RowOptions = { today: isoDateInZone(deps.now(), BUSINESS_TIME_ZONE) };
    let read: ReadSheet;
    let later = false;
    let afterCommit: ApplyResult['afterCommit'];
    const started = performance.now();
    const phases: string[] = [];
    const lap = (name: string) => phases.push(`${name} ${Math.round(performance.now() - started)} ms`);
    try {
      const file = await db.selectFrom('stored_files').select('content').where('id', '=', current.original_file_id).executeTakeFirstOrThrow();
      // The blind-index versions as they are now (a rotation may have started since the last sheet): the rows are hashed as they are staged.
      await deps.protector.refreshIndex();
      read = await stage(deps, kind, current, await deps.protector.openBytesFresh(file.content), options);
      lap('staged');

      await db.transaction().execute(async (trx) => {
        // One sheet at a time per employer: the checks against stored rows stay true until commit.
        await sql`select pg_advisory_xact_lock(hashtextextended(${`sheets:${current.employer_id}`}, 0))`.execute(trx);
        const still = await trx.selectFrom('document_uploads').select('status').where('id', '=', uploadId).forUpdate().executeTakeFirst();
        if (still?.status !== 'PROCESSING') return; // finished by another run meanwhile
        await refuseRepeatedKeys(trx, uploadId, (rows) => SHEET_MSG.duplicateInSheet(kind.keyLabel, rows), kind.keyColumns);
        lap('repeated keys');
        // The processed sheet is written while the rows are applied (not for a kind that writes it
        // after its commit: payroll, whose result must not wait for it).
        const settled = kind.processedSheetAfterCommit ? null : new Settled();
        const early = settled ? processedSheet(trx, kind, read, uploadId, settled) : null;
        early?.catch(() => {}); // awaited below; a failed apply stops it first
        const run: SheetRun<unknown> = {
          trx,
          deps,
          scope,
          upload: current,
          options,
          pages: () => {
            const pages = stagedPages(trx, uploadId, APPLY_PAGE_ROWS, kind.decode ? (j) => kind.decode!(j) : undefined);
            return settled ? settled.watch(pages, (page) => page.at(-1)?.rowNumber) : pages;
          },
          ranges: async function* () {
            const ranges = await stagedRanges(trx, uploadId, APPLY_PAGE_ROWS, settled ? LAST_PAGE_IN : 1);
            yield* settled ? settled.watch(ranges, (range) => range.upTo) : ranges;
          },
          setOutcomes: (outcomes) => setOutcomes(trx, uploadId, outcomes),
        };
        let result;
        try {
          result = await kind.apply(run);
        } catch (err) {
          settled?.stop();
          await early?.catch(() => {}); // its queries share the transaction: ended before it rolls back
          throw err;
        }
        settled?.set(Infinity);
        afterCommit = result.afterCommit;
        lap('applied');
        const written = early ? await early : null;
        // Any row the kind left without an outcome is a fault of the kind, not of the sheet.
        const byStatus = await statusCounts(trx, uploadId);
        if (byStatus.has('')) throw new Error(`sheet ${uploadId}: ${byStatus.get('')} row(s) left without an outcome`);
        const counts = (result.counts ?? defaultCounts)(byStatus);
        const ok = counts.created + counts.updated + counts.unchanged > 0;
        const status = result.status ?? (ok ? 'PROCESSED' : 'FAILED');
        const reason = status === 'PROCESSED' ? null : (result.failureReason ?? PROCESS_MSG.noRowApplied);
        later = Boolean(kind.processedSheetAfterCommit) && status === 'PROCESSED';
        const processedFileId = later ? null : await storeProcessed(trx, deps.protector, current, written ?? (await processedSheet(trx, kind, read, uploadId)));
        lap('processed sheet');
        // (still PROCESSING: checked above under the row's lock)
        await moveUpload(trx, uploadId, 'PROCESSING', status, {
            failure_reason: reason,
            total_rows: counts.total,
            applied_rows: counts.created + counts.updated,
            created_rows: counts.created,
            updated_rows: counts.updated,
            unchanged_rows: counts.unchanged,
            failed_rows: counts.failed,
            sheet_name: read.sheetName,
            processed_file_id: processedFileId,
            latest_attendance_date: result.latestDate ?? null,
            processed_at: deps.now(),
          });
        if (kind.settle) await kind.settle(trx, deps, current, { status, reason, processedFileId });
        await emitEvent(deps, trx, current.employer_id, status === 'PROCESSED' ? 'upload.processed' : 'upload.failed', uploadEventData(current, status, reason, counts));
      });
    } catch (err) {
      if (err instanceof SheetRefusal) return refuse(err.message);
      deps.log.error(err);
      await clearStaging(db, uploadId).catch(() => {});
      return refuse(PROCESS_MSG.failed);
    }
    lap('committed');
    deps.log.info(`sheet ${uploadId} (${current.doc_type}, ${read!.rows} rows): ${phases.join(', ')}`);
    if (afterCommit) await afterCommit(deps).catch((err: unknown) => deps.log.error(err));
    if (later) {
      // The status is committed; the processed sheet follows (the history shows it when stored).
      try {
        const sheet = await processedSheet(db, kind, read, uploadId);
        await db.transaction().execute(async (trx) => {
          const id = await storeProcessed(trx, deps.protector, current, sheet);
          await trx.updateTable('document_uploads').set({ processed_file_id: id }).where('id', '=', uploadId).execute();
          if (kind.settle) await kind.settle(trx, deps, current, { status: 'PROCESSED', reason: null, processedFileId: id });
        });
      } catch (err) {
        deps.log.error(err);
      }
    }
    await clearStaging(db, uploadId);
  };
  const abandon = async (trx: Kysely<DB>, deps: Deps, uploadId: string): Promise<boolean> => {
    const upload = await abandonUpload(trx, uploadId, deps.now());
    if (!upload) return false;
    await kinds[upload.doc_type]?.settle?.(trx, deps, upload, { status: 'FAILED', reason: JOB_MSG.abandoned, processedFileId: null });
    await emitEvent(deps, trx, upload.employer_id, 'upload.failed', uploadEventData(upload, 'FAILED', JOB_MSG.abandoned, null));
    return true;
  };
  return Object.assign(processUpload, { abandon });
}
