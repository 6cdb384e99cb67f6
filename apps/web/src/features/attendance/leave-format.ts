/** Cell texts and links of the Leave screen (issue 13). Pure. */
import { LEAVE_TYPE_LABELS, type LeaveEffects, type LeaveEntry, type LeaveSheetRecord } from '@portal/domain';
import { attendanceDateText } from './format';

/** The processed leave sheet is saved as leave_{documentId}.xlsx (as attendance_{documentId}). */
export const leaveFileName = (documentId: string): string => `leave_${documentId}.xlsx`;

/** "05/10/2026 – 07/10/2026" or "12/10/2026" for one day. */
export function leaveDatesText(e: Pick<LeaveEntry, 'fromDate' | 'toDate'>): string {
  const from = attendanceDateText(e.fromDate);
  return e.fromDate === e.toDate ? from : `${from} – ${attendanceDateText(e.toDate)}`;
}

/** "Casual Leave, 3 days (paid)" */
export function leaveKindText(e: Pick<LeaveEntry, 'leaveType' | 'days' | 'paid'>): string {
  return `${LEAVE_TYPE_LABELS[e.leaveType]}, ${e.days} ${e.days === 1 ? 'day' : 'days'} (${e.paid ? 'paid' : 'unpaid'})`;
}

/** Bulk Upload's target: the upload screen for leave, with the vendor in vendor context and this screen to come back to. */
export function leaveUploadHref(vendorId: string | null, returnTo: string): string {
  const q = new URLSearchParams({ document: 'LEAVE_UPLOAD' });
  if (vendorId) q.set('vendorId', vendorId);
  q.set('returnTo', returnTo);
  return `/documentUpload?${q.toString()}`;
}

/** The Leave screen in the same context (from Attendance), and back. */
export const leaveHref = (vendorId: string | null): string => (vendorId ? `/leave?vendorId=${encodeURIComponent(vendorId)}` : '/leave');
export const attendanceHref = (vendorId: string | null): string => (vendorId ? `/vendors/attendance?vendorId=${encodeURIComponent(vendorId)}` : '/attendance');

/**
 * What a leave sheet did when it was processed (issue 20): "2 recorded, 1 replaced, 1 cancelled",
 * zeros left out; "Nothing recorded" when it changed nothing. Kept on the upload, so it stays true
 * after later sheets.
 */
export function leaveEffectsText(e: LeaveEffects): string {
  const parts: string[] = [];
  if (e.recorded) parts.push(`${e.recorded} recorded`);
  if (e.changed) parts.push(`${e.changed} ${e.changed === 1 ? 'type' : 'types'} changed`);
  if (e.replaced) parts.push(`${e.replaced} replaced`);
  if (e.cancelled) parts.push(`${e.cancelled} cancelled`);
  return parts.length ? parts.join(', ') : 'Nothing recorded';
}

/** How many of the leaves an upload recorded or re-typed a later sheet has since cancelled, replaced or re-typed. */
export function leaveUndoneLater(r: Pick<LeaveSheetRecord, 'effects' | 'leavesTotal'>): number {
  if (!r.effects) return 0;
  return Math.max(0, r.effects.recorded + r.effects.changed - r.leavesTotal);
}
