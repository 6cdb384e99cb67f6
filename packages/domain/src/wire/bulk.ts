/** The zod wire schemas of ../bulk.ts (kept apart so that the browser bundle carries no zod: see ../browser.ts). */
import { z } from 'zod';
import { MAX_SHEET_ROWS } from '../sheets.js';

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
