/** What the pipeline needs of one sheet type: its columns, its row parser, its key, and how valid rows are applied. */
import type { Kysely } from 'kysely';
import type { CellValue, RowOptions, RowResult, RowStatus, SheetColumn } from '@portal/domain';
import type { DB } from '../../db/schema.js';

export interface ProcessScope {
  employerId: string;
  vendorId: string | null;
  adminId: string;
  uploadId: string;
}

export interface RowOutcome<K extends string> {
  status: RowStatus;
  reason?: string;
  /** Columns to highlight in the processed sheet. */
  columns?: readonly K[];
}
export const applied = { status: 'CREATED' } as const;
export const unchanged = { status: 'UNCHANGED' } as const;
export const failed = <K extends string>(reason: string, columns: readonly K[]): RowOutcome<K> => ({ status: 'FAILED', reason, columns });

export interface ValidRow<R> {
  value: R;
  rowNumber: number;
}

export interface SheetKind<K extends string, R> {
  columns: readonly SheetColumn<K>[];
  /** Columns shown as dd/mm/yyyy in the processed sheet. */
  dateColumns: readonly K[];
  parse(cells: Partial<Record<K, CellValue>>, options: RowOptions): RowResult<R, K>;
  /** Rows with the same key in one sheet are all refused (which one is right cannot be told). */
  key(row: R): string;
  keyLabel: string;
  keyColumns: readonly K[];
  /** Applies the valid rows inside the caller's transaction; one outcome per row, in order. */
  apply(trx: Kysely<DB>, scope: ProcessScope, rows: readonly ValidRow<R>[], options: RowOptions): Promise<{ outcomes: RowOutcome<K>[]; latestDate?: string | null }>;
}

/** Work in slices of this many rows (statement size, and turns for other requests). */
export const CHUNK = 5_000;
export function* chunks<T>(items: readonly T[], size = CHUNK): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
