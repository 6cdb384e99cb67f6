/** The zod wire schemas of ../leave.ts (kept apart so that the browser bundle carries no zod: see ../browser.ts). */
import { z } from 'zod';
import { LEAVE_TYPES } from '../leave.js';
import { UPLOAD_STATUSES } from '../documents.js';
import { RowCounts } from './documents.js';

// ---- wire shapes ----

export const LeaveEntry = z.object({
  _id: z.string(),
  employeeId: z.string(),
  employeeName: z.string(),
  /** yyyymmdd, as the attendance list's dates */
  fromDate: z.string(),
  toDate: z.string(),
  leaveType: z.enum(LEAVE_TYPES),
  paid: z.boolean(),
  days: z.number().int(),
});
export type LeaveEntry = z.infer<typeof LeaveEntry>;

/**
 * What a leave sheet did when it was processed (issue 20; kept on the upload, so a later sheet
 * undoing some of it does not rewrite it): leaves recorded (new, or replacing others), types
 * changed, recorded leaves it replaced, recorded leaves it cancelled.
 */
export const LeaveEffects = z.object({
  recorded: z.number().int(),
  changed: z.number().int(),
  replaced: z.number().int(),
  cancelled: z.number().int(),
});
export type LeaveEffects = z.infer<typeof LeaveEffects>;

/** Spec 3's leave record: one leave sheet upload and the leave it recorded (at most LEAVE_ENTRIES_SHOWN). */
export const LeaveSheetRecord = z.object({
  _id: z.string(),
  fileName: z.string(),
  processedDocumentId: z.string().nullable(),
  processedDocumentURL: z.string().nullable(),
  uploadedDate: z.string(),
  uploadedBy: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  employerAdminId: z.string(),
  counts: RowCounts.nullable(),
  failureReason: z.string().nullable(),
  /** the leave of this upload still recorded now (a later sheet may have cancelled, replaced or re-typed some) */
  leaves: z.array(LeaveEntry),
  /** how many leaves of this upload are still recorded, in all */
  leavesTotal: z.number().int(),
  /** what the sheet did when processed; null while processing, for a refused sheet, or one processed before these were kept */
  effects: LeaveEffects.nullable(),
});
export type LeaveSheetRecord = z.infer<typeof LeaveSheetRecord>;
export const LeaveListResult = z.object({ leaves_data: z.array(LeaveSheetRecord), total: z.number().int() });
export type LeaveListResult = z.infer<typeof LeaveListResult>;
