/**
 * The upload outcome notices (issue 11): the query every screen shares (the shell shows the
 * notices, the upload screen refreshes them after an upload), the dismiss and download calls, and
 * the pure rules of what a notice says and in which colour. Shared, because two features use it.
 */
import {
  parseDocumentLocation,
  type RowCounts,
  type SheetDocumentType,
  type UploadOutcome,
  type UploadOutcomesDismissAllBody,
  type UploadOutcomesSeenBody,
  documentCalls,
  uploadOutcomeCalls,
} from '@portal/domain';
import { call } from '../api/client';
import { saveBlob } from '../api/save-file';

export { uploadOutcomesQuery } from '../api/upload-outcome-list';
/** At most this many notices are on screen at once; the rest wait for one to be closed. */
export const MAX_VISIBLE_OUTCOMES = 3;

export { uploadOutcomeKeys } from '../api/query-keys';

export const dismissUploadOutcome = (id: string) => call(uploadOutcomeCalls.dismiss, { params: { id } });
/** Close all (issue 20): every open notice of an upload made at or before the newest one the stack showed. */
export const dismissAllUploadOutcomes = (uploadedUntil: string) =>
  call(uploadOutcomeCalls.dismissAll, { body: { uploadedUntil } satisfies UploadOutcomesDismissAllBody });
/** Outcomes the admin has seen on the upload's own list (issue 20): they stop following the admin to other screens. */
export const markUploadOutcomesSeen = (ids: readonly string[]) =>
  call(uploadOutcomeCalls.seen, { body: { ids: [...ids] } satisfies UploadOutcomesSeenBody });

/** The newest upload instant among the notices (what Close all closes up to), or null when there are none. */
export function newestUploadedDate(outcomes: readonly Pick<UploadOutcome, 'uploadedDate'>[]): string | null {
  let newest: string | null = null;
  for (const o of outcomes) if (newest === null || Date.parse(o.uploadedDate) > Date.parse(newest)) newest = o.uploadedDate;
  return newest;
}

/**
 * The open notices the admin has now seen on a list of those uploads (upload history, Attendance,
 * Leave): finished on the list and finished in the notice too (so the notice kept on that screen
 * shows its end, not "Processing"). Pure.
 */
export function seenOnList<O extends Pick<UploadOutcome, '_id' | 'status'>>(rows: readonly { id: string; status: string }[] | undefined, outcomes: readonly O[] | undefined): O[] {
  if (!rows?.length || !outcomes?.length) return [];
  const finished = new Set(rows.filter((r) => r.status !== 'PROCESSING').map((r) => r.id));
  return outcomes.filter((o) => o.status !== 'PROCESSING' && finished.has(o._id));
}

/**
 * Notices seen on the screen the admin is on (issue 20): marked seen on the server, so they follow
 * the admin nowhere else, but kept in view on this screen until closed or left. One screen at a
 * time (its pathname); leaving it forgets them.
 */
export interface SeenHere {
  pathname: string;
  outcomes: readonly UploadOutcome[];
}
let seenHere: SeenHere = { pathname: '', outcomes: [] };
const seenHereListeners = new Set<() => void>();
const setSeenHere = (next: SeenHere) => {
  seenHere = next;
  for (const l of seenHereListeners) l();
};
export const seenHereStore = {
  get: (): SeenHere => seenHere,
  subscribe: (listener: () => void) => {
    seenHereListeners.add(listener);
    return () => void seenHereListeners.delete(listener);
  },
  add(pathname: string, outcomes: readonly UploadOutcome[]) {
    const kept = pathname === seenHere.pathname ? seenHere.outcomes.filter((o) => !outcomes.some((n) => n._id === o._id)) : [];
    setSeenHere({ pathname, outcomes: [...kept, ...outcomes] });
  },
  remove(ids: readonly string[]) {
    if (seenHere.outcomes.some((o) => ids.includes(o._id))) setSeenHere({ ...seenHere, outcomes: seenHere.outcomes.filter((o) => !ids.includes(o._id)) });
  },
  /** Leaving the screen (or Close all) forgets what was kept on it. */
  clear() {
    if (seenHere.outcomes.length) setSeenHere({ pathname: '', outcomes: [] });
  },
};

/** The server's open notices with the ones kept on this screen, newest first, each once. Pure. */
export function withSeenHere(open: readonly UploadOutcome[], here: SeenHere, pathname: string): UploadOutcome[] {
  if (here.pathname !== pathname || here.outcomes.length === 0) return [...open];
  const ids = new Set(open.map((o) => o._id));
  return [...open, ...here.outcomes.filter((o) => !ids.has(o._id))].sort((a, b) => Date.parse(b.uploadedDate) - Date.parse(a.uploadedDate));
}

/** The sheet type as the notice's title names it (the upload screen's headings). */
export const OUTCOME_TYPE_LABELS: Record<SheetDocumentType, string> = {
  ADD_EMPLOYEES_BULK_UPLOAD: 'Bulk Employee Upload',
  TERMINATED_EMPLOYEES_UPLOAD: 'Bulk Termination',
  ATTENDANCE_UPLOAD: 'Attendance Upload',
  PAYROLL_UPLOAD: 'Payroll Upload',
  PAYROLL_STREAMING_ACCOUNT: 'Payroll Upload (Streaming Account)',
  LEAVE_UPLOAD: 'Leave Upload',
};

export const isPayrollOutcome = (o: Pick<UploadOutcome, 'docType'>): boolean => o.docType === 'PAYROLL_UPLOAD' || o.docType === 'PAYROLL_STREAMING_ACCOUNT';

/** "12 created, 3 updated, 40 unchanged, 2 failed": every sheet's rows by outcome (history tables and notices). */
export const rowCountsText = (c: RowCounts): string => `${c.createdRows} created, ${c.updatedRows} updated, ${c.unchangedRows} unchanged, ${c.failedRows} failed`;

export type OutcomeTone = 'processing' | 'success' | 'warning' | 'error';

/**
 * The one colour rule of an upload's outcome (issue 20): the notice and every upload list's status
 * badge (upload history, Attendance, Leave) take their colour from outcomeTone through this map.
 * Processing is blue, so that orange means only "some rows failed".
 */
export const OUTCOME_TONE_COLOR: Record<OutcomeTone, string> = { processing: 'blue', success: 'green', warning: 'orange', error: 'red' };

/**
 * Green: nothing failed. Orange: some rows failed, others went through (or were already so).
 * Red: the sheet was refused as a whole (FAILED), or every row failed.
 */
export function outcomeTone(o: { status: string; counts: RowCounts | null }): OutcomeTone {
  if (o.status === 'PROCESSING') return 'processing';
  if (o.status === 'FAILED') return 'error';
  const c = o.counts;
  if (!c || c.failedRows === 0) return 'success';
  return c.createdRows + c.updatedRows + c.unchangedRows > 0 ? 'warning' : 'error';
}

/** The short status line of a notice. */
export function outcomeHeadline(o: Pick<UploadOutcome, 'status' | 'counts' | 'docType'>): string {
  const tone = outcomeTone(o);
  if (tone === 'processing') return 'Processing the sheet…';
  // FAILED with counts: the rows were read and every one failed; without: the sheet itself was refused.
  if (o.status === 'FAILED' && !o.counts) return 'The sheet could not be processed';
  if (tone === 'error') return 'No row was applied';
  if (tone === 'warning') return 'Processed, some rows failed';
  return 'Processed';
}

/** The payroll screen of an upload's month (and vendor): where a payroll sheet's outcome is reported (spec 8). */
export function payrollHrefOf(o: Pick<UploadOutcome, 'vendorId' | 'payrollMonth'>): string {
  const q = new URLSearchParams();
  if (o.payrollMonth) q.set('month', o.payrollMonth);
  if (o.vendorId) q.set('vendorId', o.vendorId);
  const qs = q.toString();
  return `/payroll${qs ? `?${qs}` : ''}`;
}
/** The payroll screens (/payroll and below) report payroll sheets themselves: the notice stays out of their way. */
export const isPayrollPath = (pathname: string): boolean => pathname === '/payroll' || pathname.startsWith('/payroll/');

/** Spec 2.7: attendance processed sheets are saved as attendance_{documentId}.xlsx; the others under the server's name. */
export const processedFileNameOf = (o: Pick<UploadOutcome, 'docType'>, documentId: string): string | undefined =>
  o.docType === 'ATTENDANCE_UPLOAD' ? `attendance_${documentId}.xlsx` : undefined;

function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(b64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}

/** Fetches an outcome's processed sheet through GET /employer-admin/doc (with its vendor) and saves it. */
export async function downloadProcessedSheet(o: UploadOutcome): Promise<void> {
  const ref = o.processedDocumentURL ? parseDocumentLocation(o.processedDocumentURL) : null;
  if (!ref) return;
  const doc = await call(documentCalls.doc, { query: { ...ref, ...(o.vendorId ? { vendorId: o.vendorId } : {}) } });
  saveBlob(new Blob([base64ToBytes(doc.b64File)], { type: doc.mimeType }), processedFileNameOf(o, ref.documentId) ?? doc.fileName);
}

/** The notices to show: newest first, one per upload, payroll ones left to the payroll screens while there, at most MAX_VISIBLE_OUTCOMES. */
export function visibleOutcomes(outcomes: readonly UploadOutcome[], pathname: string): { shown: UploadOutcome[]; hidden: number } {
  const seen = new Set<string>();
  const eligible = outcomes.filter((o) => {
    if (seen.has(o._id)) return false;
    seen.add(o._id);
    return !(isPayrollOutcome(o) && isPayrollPath(pathname));
  });
  return { shown: eligible.slice(0, MAX_VISIBLE_OUTCOMES), hidden: Math.max(0, eligible.length - MAX_VISIBLE_OUTCOMES) };
}
