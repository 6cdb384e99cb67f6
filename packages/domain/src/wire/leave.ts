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
  leaves: z.array(LeaveEntry),
  /** how many leaves this upload recorded in all */
  leavesTotal: z.number().int(),
});
export type LeaveSheetRecord = z.infer<typeof LeaveSheetRecord>;
export const LeaveListResult = z.object({ leaves_data: z.array(LeaveSheetRecord), total: z.number().int() });
export type LeaveListResult = z.infer<typeof LeaveListResult>;
