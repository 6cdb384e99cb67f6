/**
 * Payroll sheets for roles that cannot upload them (issue 22 item 3, decision 0039): GET
 * /api/employer-admin/doc with PAYROLL or PROCESSED_PAYROLL gives the stored sheet as it is to an
 * admin with WRITE on payroll in the context asked for (who uploads, and could re-upload, it), and
 * to everyone else with READ (Viewer, HR Manager, Vendor Viewer...) a copy whose account numbers
 * are masked as the screens mask them (`********9012`, maskLast4).
 *
 * The copy is the sheet the pipeline reads (the first whose first non-blank row matches the payroll
 * columns; processed sheets have only that one) rewritten by the portal's xlsx writer: every row,
 * with the cells of each column whose header names an account number masked. Other tabs are left
 * out (they may hold anything), and so is the original's formatting.
 */
import {
  
  PAYROLL_SHEET_COLUMNS,
  cellText,
  hasAccess,
  maskLast4,
  matchHeader,
  normalizeHeader,
  resourceFor,
  type CellValue,
} from '@portal/domain';
import type { DocResult } from '@portal/domain';
import { AppError } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/guard.js';
import { openWorkbook, type SheetRow } from '../../platform/uploads/sheet-reader.js';
import { writeXlsx, type XlsxRow } from '../../platform/uploads/xlsx-writer.js';

/** Whether the caller gets the sheet with full account numbers: WRITE on payroll in the context asked for. */
export const seesFullAccountNumbers = (ctx: AuthContext): boolean => hasAccess(ctx.resources, resourceFor('PAYROLL', ctx.vendorId !== null), 'WRITE');

const ACCOUNT = PAYROLL_SHEET_COLUMNS.find((c) => c.key === 'accountNumber')!;
const ACCOUNT_HEADERS = new Set([ACCOUNT.header, ...ACCOUNT.aliases].map(normalizeHeader));
/** A header that names an account number: the payroll column's names, or any "...account number/no" header. */
const isAccountHeader = (text: string): boolean => {
  const h = normalizeHeader(text);
  return ACCOUNT_HEADERS.has(h) || /account(number|no)/.test(h) || /^(ac|acc|a\/c)(number|no)$/.test(h);
};

const isBlankRow = (cells: readonly CellValue[]) => cells.every((c) => cellText(c) === '');
const cellOut = (v: CellValue): string | number | null => (typeof v === 'number' ? v : v === null || v === undefined ? null : cellText(v));

/**
 * The sheet's bytes with account numbers masked, as an xlsx of its one payroll sheet. The rows are
 * read and written as one stream (the writer takes them as they come), so a 50,000-row sheet is not
 * held in memory as rows: the server runs with a 128 MB heap (decision 0035).
 */
export async function maskAccountNumbers(content: Buffer): Promise<Buffer> {
  const workbook = await openWorkbook(content);
  for (const sheet of workbook.sheets) {
    const rows = sheet.rows()[Symbol.asyncIterator]();
    let header: SheetRow | null = null;
    for (let next = await rows.next(); !next.done; next = await rows.next()) {
      if (!isBlankRow(next.value.cells)) {
        header = next.value;
        break;
      }
    }
    if (!header || !matchHeader(header.cells, PAYROLL_SHEET_COLUMNS).ok) continue;
    const masked = new Set(header.cells.flatMap((c, i) => (isAccountHeader(cellText(c)) ? [i] : [])));
    const out = async function* (): AsyncGenerator<XlsxRow> {
      for (let next = await rows.next(); !next.done; next = await rows.next()) {
        const row = next.value;
        yield { rowNumber: row.rowNumber, cells: row.cells.map((c, i) => (masked.has(i) && cellText(c) !== '' ? maskLast4(cellText(c)) : cellOut(c))) };
      }
    };
    return writeXlsx({ name: sheet.name, header: header.cells.map((c) => cellText(c)), headerRow: header.rowNumber, rows: out() });
  }
  // No payroll sheet in it (it could not have been processed): nothing is given rather than an unmasked file.
  throw new AppError('DOCUMENT_NOT_MASKABLE');
}

/**
 * GET /employer-admin/doc's step for PAYROLL and PROCESSED_PAYROLL: the stored file as it is for a
 * caller with WRITE on payroll, masked for everyone else.
 */
export function payrollSheetDocument() {
  return async (ctx: AuthContext, _q: unknown, stored: () => Promise<DocResult>): Promise<DocResult> => {
    const file = await stored();
    if (seesFullAccountNumbers(ctx)) return file;
    const masked = await maskAccountNumbers(Buffer.from(file.b64File, 'base64'));
    return { ...file, b64File: masked.toString('base64') };
  };
}
