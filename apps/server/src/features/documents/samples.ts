/** Sample format files (2.8): real xlsx files, built from the same column lists the processing reads. */
import {
  ATTENDANCE_SHEET_COLUMNS,
  EMPLOYEE_SHEET_COLUMNS,
  LEAVE_SHEET_COLUMNS,
  PAYROLL_SHEET_COLUMNS,
  SAMPLE_FILE_NAMES,
  TERMINATION_SHEET_COLUMNS,
  type SampleKind,
  type SheetColumn,
} from '@portal/domain';
import { writeXlsx } from '../../platform/uploads/xlsx-writer.js';

const SAMPLE_COLUMNS: Record<SampleKind, readonly SheetColumn[]> = {
  ADD_EMPLOYEES_BULK_UPLOAD: EMPLOYEE_SHEET_COLUMNS,
  TERMINATED_EMPLOYEES_UPLOAD: TERMINATION_SHEET_COLUMNS,
  ATTENDANCE_UPLOAD: ATTENDANCE_SHEET_COLUMNS,
  LEAVE_UPLOAD: LEAVE_SHEET_COLUMNS,
  PAYROLL_UPLOAD: PAYROLL_SHEET_COLUMNS,
  PAYROLL_STREAMING_ACCOUNT: PAYROLL_SHEET_COLUMNS,
};

const cache = new Map<SampleKind, Promise<Buffer>>();

/** The sample of a file name, or null. Required columns are marked with '*' (the header match ignores it). */
export function sampleFile(fileName: string): Promise<Buffer> | null {
  const kind = (Object.keys(SAMPLE_FILE_NAMES) as SampleKind[]).find((k) => SAMPLE_FILE_NAMES[k] === fileName);
  if (!kind) return null;
  let file = cache.get(kind);
  if (!file) {
    const columns = SAMPLE_COLUMNS[kind];
    const rows = Math.max(...columns.map((c) => c.examples.length));
    file = writeXlsx({
      name: 'Sample',
      header: columns.map((c) => (c.required ? `${c.header}*` : c.header)),
      rows: Array.from({ length: rows }, (_, i) => ({ cells: columns.map((c) => c.examples[i] ?? null) })),
      columnWidths: columns.map((c) => Math.max(14, c.header.length + 4)),
    });
    cache.set(kind, file);
  }
  return file;
}
