/**
 * What the sheet pipeline needs of one kind of sheet (employees, terminations, attendance,
 * payroll): its columns, its row rule, its key, and how the checked rows are applied. The
 * pipeline (pipeline.ts) does the rest the same way for every kind: reading, staging, repeated
 * keys, counts, the processed sheet, the upload's status.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { CellValue, RowOptions, RowResult, SheetColumn } from '@portal/domain';
import type { DB, DocumentUploadRecord } from '../../db/schema.js';
import type { Deps } from '../../platform/context.js';
import type { BlindIndex, DataProtector } from '../../platform/data-protection.js';
import type { Outcome, StagedPage, StagedRange } from './staging.js';

/**
 * The worker a staged row names by its Employee ID (`code`, lower-cased), in the upload's context (the
 * employer's own workers, or the vendor's): for `left join lateral ${workerOfRow(...)} w on true`.
 * A subquery of its own, run a row at a time with the row's key, looked up on the unique index
 * (employer, lower(Employee ID)) whatever the planner believes of the tables: joined directly, with
 * the staged rows estimated at one and stale statistics of `workers`, the join was planned as a scan
 * of a partial index of the employer's workers for every row (3.9 s for a page of 2,500 payroll rows,
 * decision 0035). `limit 1` (the key is unique) keeps it from being flattened into a join, and
 * `is not distinct from` the context's vendor matches no partial index. The one lookup of the
 * attendance, leave and payroll sheets.
 */
export const workerOfRow = (scope: { employerId: string; vendorId: string | null }, code: RawBuilder<unknown>) => sql`(
  select w.* from workers w
  where w.employer_id = ${scope.employerId}::uuid and lower(w.employer_worker_id) = ${code} and w.vendor_id is not distinct from ${scope.vendorId}::uuid
  limit 1
)`;

export interface ProcessScope {
  employerId: string;
  vendorId: string | null;
  adminId: string;
  uploadId: string;
}

/** A kind's hold on the staged rows while it applies them (inside the pipeline's transaction). */
export interface SheetRun<R> {
  trx: Kysely<DB>;
  deps: Deps;
  scope: ProcessScope;
  upload: DocumentUploadRecord;
  options: RowOptions;
  /**
   * The rows without an outcome yet, in row order, a page at a time (for a kind that applies its
   * rows in Node); set each page's outcomes before asking for the next.
   */
  pages(): AsyncIterable<StagedPage<R>[]>;
  /**
   * The staged rows as row-number ranges of a page each, in row order (for a kind that applies a
   * range at a time in SQL and looks up its rows itself; a range with no open row may be skipped);
   * set every outcome of a range before asking for the next. Pages and ranges are the same size,
   * and either way the processed sheet is written a page behind the apply.
   */
  ranges(): AsyncIterable<StagedRange>;
  setOutcomes(outcomes: readonly Outcome[]): Promise<void>;
}

/** The counts of an upload, by what happened to its rows. */
export interface UploadCounts {
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

export interface ApplyResult {
  /** The upload's status; by default PROCESSED when any row was applied or already so, else FAILED. */
  status?: 'PROCESSED' | 'FAILED';
  failureReason?: string | null;
  latestDate?: string | null;
  /** What the row statuses count as, when the kind has statuses of its own (payroll). */
  counts?: (byStatus: ReadonlyMap<string, number>) => UploadCounts;
  /**
   * Upkeep once the upload's status is committed, outside its transaction (the employee sheet's
   * ANALYZE of workers): the result does not wait for it, and it holds no lock until the commit.
   * A failure is logged, never the upload's.
   */
  afterCommit?: (deps: Deps) => Promise<void>;
}

export interface SheetKind<K extends string, R> {
  columns: readonly SheetColumn<K>[];
  /** Columns shown as dd/mm/yyyy in the processed sheet. */
  dateColumns: readonly K[];
  parse(cells: Partial<Record<K, CellValue>>, options: RowOptions): RowResult<R, K>;
  /**
   * The parsed value as JSON for the staging table, and back (by default the value itself). A kind
   * whose rows carry a sealed field seals it here, where the row is parsed (decision 0037). `index`:
   * the blind-index versions the job read before it staged, one snapshot for the whole sheet (the
   * payroll hashes every row under it; decision 0037 "Blind-index rotation").
   */
  encode?(value: R, protector: DataProtector, index: BlindIndex): unknown;
  decode?(json: unknown): R;
  /** Rows with the same key in one sheet are all refused (which one is right cannot be told). */
  key(row: R): string;
  /**
   * The key of a row that failed its own rules, from its cells, when the kind can tell it (payroll:
   * the Employee ID): such a row still counts among the repeated keys, and its reasons add up.
   */
  rawKey?(cells: Partial<Record<K, CellValue>>): string | null;
  keyLabel: string;
  keyColumns: readonly K[];
  /** Sheet name of the processed file. */
  processedSheetName?: string;
  /**
   * Before anything is read: false when this upload is not to be processed (done already); `fail`
   * when there is nothing of the kind's to process (the pipeline fails the upload with that reason:
   * the upload's status is documents' own, upload-status.ts). A kind with a state of its own
   * (payroll) moves it here.
   */
  begin?(deps: Deps, upload: DocumentUploadRecord): Promise<boolean | { fail: string }>;
  /** Checks and applies the rows still without an outcome, setting every one's outcome. */
  apply(run: SheetRun<R>): Promise<ApplyResult>;
  /**
   * The upload's end, inside the same transaction as its status (payroll moves the payroll). A
   * refused sheet (unreadable, wrong header) ends here too, with `processedFileId` null.
   */
  settle?(trx: Kysely<DB>, deps: Deps, upload: DocumentUploadRecord, end: { status: 'PROCESSED' | 'FAILED'; reason: string | null; processedFileId: string | null }): Promise<void>;
  /** Write the processed sheet after the status is committed (the result is ready sooner; the file follows a moment later). */
  processedSheetAfterCommit?: boolean;
}

/** Any kind, as the pipeline holds them (its methods take their own row type: method parameters are bivariant). */
export type AnySheetKind = SheetKind<string, unknown>;

export const created = (rowNumber: number): Outcome => ({ rowNumber, status: 'CREATED' });
export const updated = (rowNumber: number, reason: string): Outcome => ({ rowNumber, status: 'UPDATED', reason });
export const unchanged = (rowNumber: number): Outcome => ({ rowNumber, status: 'UNCHANGED' });
export const failed = (rowNumber: number, reason: string, columns: readonly string[]): Outcome => ({ rowNumber, status: 'FAILED', reason, columns });
