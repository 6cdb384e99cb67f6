/** The zod wire schemas of ../bulk.ts (kept apart so that the browser bundle carries no zod: see ../browser.ts). */
import { z } from 'zod';
import { MAX_SHEET_ROWS } from '../sheets.js';
import { PAYROLL_KINDS } from '../payroll.js';

export const BulkBody = z.object({
  rows: z.array(z.record(z.string(), z.unknown())).min(1).max(MAX_SHEET_ROWS),
});
export type BulkBody = z.infer<typeof BulkBody>;

export const BulkRowOutcome = z.object({ row: z.number().int(), status: z.string(), reason: z.string().nullable() });
export const BulkStatus = z.object({
  uploadId: z.string(),
  docType: z.string(),
  status: z.enum(['PROCESSING', 'PROCESSED', 'FAILED']),
  statusUrl: z.string(),
  failureReason: z.string().nullable(),
  counts: z.object({ total: z.number().int(), created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), failed: z.number().int() }).nullable(),
  /** Each row's outcome, numbered as in the request (1 = the first row); empty until processed. */
  rows: z.array(BulkRowOutcome),
});
export type BulkStatus = z.infer<typeof BulkStatus>;

/** POST /employer-admin/bulk/payroll: the payroll sheet's rows and what the sheet upload (upload-payroll-doc) takes beside its file. */
export const BulkPayrollBody = BulkBody.extend({
  /** yyyy-mm; must be the current payroll month when given (as on upload-payroll-doc) */
  payrollMonth: z.string().regex(/^\d{4}-\d{2}$/).optional(),
  /** a regular payroll, or a streaming-account one (only once the employer has opted in) */
  docType: z.enum(PAYROLL_KINDS).default('PAYROLL_UPLOAD'),
});
export type BulkPayrollBody = z.infer<typeof BulkPayrollBody>;
/** The bulk answer, with the payroll the upload made (its id for payroll-details, update-payroll-status, hrAction). */
export const BulkPayrollStatus = BulkStatus.extend({ payrollId: z.string() });
export type BulkPayrollStatus = z.infer<typeof BulkPayrollStatus>;

/** The bulk status route's path parameter (its contract's params, decision 0051). */
export const BulkIdParam = z.object({ id: z.string().max(100) });
