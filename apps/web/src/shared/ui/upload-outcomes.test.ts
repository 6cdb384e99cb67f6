import { describe, expect, it } from 'vitest';
import type { RowCounts, UploadOutcome } from '@portal/domain';
import {
  OUTCOME_TONE_COLOR,
  isPayrollPath,
  newestUploadedDate,
  outcomeHeadline,
  outcomeTone,
  payrollHrefOf,
  processedFileNameOf,
  rowCountsText,
  seenOnList,
  visibleOutcomes,
  withSeenHere,
} from './upload-outcomes';

const counts = (created: number, updated: number, unchanged: number, failed: number): RowCounts => ({
  totalRows: created + updated + unchanged + failed,
  appliedRows: created + updated,
  createdRows: created,
  updatedRows: updated,
  unchangedRows: unchanged,
  failedRows: failed,
});

const outcome = (patch: Partial<UploadOutcome> = {}): UploadOutcome => ({
  _id: 'u1',
  docType: 'ADD_EMPLOYEES_BULK_UPLOAD',
  fileName: 'staff.xlsx',
  vendorId: null,
  vendorName: null,
  status: 'PROCESSED',
  counts: counts(12, 3, 40, 2),
  failureReason: null,
  sheetName: 'Staff',
  uploadedDate: '2026-03-05T06:30:00.000Z',
  processedAt: '2026-03-05T06:30:02.000Z',
  employerAdminId: 'a1',
  processedDocumentId: null,
  processedDocumentURL: null,
  payrollMonth: null,
  ...patch,
});

describe('the outcome notice (issue 11)', () => {
  it('counts every row by its outcome', () => {
    expect(rowCountsText(counts(12, 3, 40, 2))).toBe('12 created, 3 updated, 40 unchanged, 2 failed');
    expect(rowCountsText(counts(0, 0, 0, 5))).toBe('0 created, 0 updated, 0 unchanged, 5 failed');
  });

  it('is green when nothing failed, orange when some rows failed, red when the sheet or every row failed', () => {
    expect(outcomeTone(outcome({ counts: counts(2, 1, 0, 0) }))).toBe('success');
    // A re-upload of the same rows applies nothing and fails nothing.
    expect(outcomeTone(outcome({ counts: counts(0, 0, 5, 0) }))).toBe('success');
    expect(outcomeTone(outcome({ counts: counts(12, 3, 40, 2) }))).toBe('warning');
    expect(outcomeTone(outcome({ counts: counts(0, 0, 3, 2) }))).toBe('warning');
    expect(outcomeTone(outcome({ counts: counts(0, 0, 0, 4) }))).toBe('error');
    expect(outcomeTone(outcome({ status: 'FAILED', counts: null, failureReason: 'Missing columns' }))).toBe('error');
    expect(outcomeTone(outcome({ status: 'PROCESSING', counts: null }))).toBe('processing');
    expect(outcomeHeadline(outcome({ counts: counts(0, 0, 0, 4) }))).toBe('No row was applied');
    expect(outcomeHeadline(outcome())).toBe('Processed, some rows failed');
    // The pipeline marks a sheet whose every row failed FAILED, with its counts.
    expect(outcomeTone(outcome({ status: 'FAILED', counts: counts(0, 0, 0, 4) }))).toBe('error');
    expect(outcomeHeadline(outcome({ status: 'FAILED', counts: counts(0, 0, 0, 4) }))).toBe('No row was applied');
    expect(outcomeHeadline(outcome({ status: 'FAILED', counts: null }))).toBe('The sheet could not be processed');
  });

  it('shows one notice per upload, at most three, and leaves payroll sheets to the payroll screens there', () => {
    const list = ['a', 'b', 'a', 'c', 'd', 'e'].map((id) => outcome({ _id: id }));
    expect(visibleOutcomes(list, '/dashboard')).toEqual({ shown: list.filter((_, i) => i !== 2).slice(0, 3), hidden: 2 });
    const payroll = outcome({ _id: 'p', docType: 'PAYROLL_UPLOAD', payrollMonth: '2026-03' });
    expect(visibleOutcomes([payroll], '/payroll').shown).toEqual([]);
    expect(visibleOutcomes([payroll], '/payroll/summary').shown).toEqual([]);
    expect(visibleOutcomes([payroll], '/attendance').shown).toEqual([payroll]);
    expect(isPayrollPath('/payrolls')).toBe(false);
  });

  it("links a payroll sheet to its month's payroll screen, with the vendor", () => {
    expect(payrollHrefOf({ payrollMonth: '2026-03', vendorId: null })).toBe('/payroll?month=2026-03');
    expect(payrollHrefOf({ payrollMonth: '2026-03', vendorId: 'v1' })).toBe('/payroll?month=2026-03&vendorId=v1');
    expect(payrollHrefOf({ payrollMonth: null, vendorId: null })).toBe('/payroll');
  });

  it('saves an attendance sheet as attendance_{documentId}.xlsx (spec 2.7), the others under the server name', () => {
    expect(processedFileNameOf({ docType: 'ATTENDANCE_UPLOAD' }, 'd1')).toBe('attendance_d1.xlsx');
    expect(processedFileNameOf({ docType: 'ADD_EMPLOYEES_BULK_UPLOAD' }, 'd1')).toBeUndefined();
  });
});

describe('one colour rule for an upload (issue 20)', () => {
  it('the same tone and colour for the notice and for a list row of the same upload', () => {
    // A list row carries only status and counts: it gets the notice's colour from them.
    const row = { status: 'PROCESSED', counts: counts(3, 0, 0, 2) };
    expect(outcomeTone(row)).toBe('warning');
    expect(OUTCOME_TONE_COLOR[outcomeTone(row)]).toBe('orange');
    expect(OUTCOME_TONE_COLOR[outcomeTone(outcome({ counts: counts(3, 0, 0, 2) }))]).toBe('orange');
    expect(OUTCOME_TONE_COLOR[outcomeTone({ status: 'PROCESSED', counts: counts(3, 1, 2, 0) })]).toBe('green');
    expect(OUTCOME_TONE_COLOR[outcomeTone({ status: 'PROCESSED', counts: counts(0, 0, 0, 4) })]).toBe('red');
    expect(OUTCOME_TONE_COLOR[outcomeTone({ status: 'FAILED', counts: null })]).toBe('red');
    // Processing is not orange: orange means only "some rows failed".
    expect(OUTCOME_TONE_COLOR[outcomeTone({ status: 'PROCESSING', counts: null })]).toBe('blue');
  });
});

describe('seen on its own list, and Close all (issue 20)', () => {
  it('marks the finished rows of a list that are open notices, not those still processing nor others', () => {
    const open = [outcome({ _id: 'a' }), outcome({ _id: 'b', status: 'PROCESSING', counts: null }), outcome({ _id: 'c' })];
    const rows = [
      { id: 'a', status: 'PROCESSED' },
      { id: 'b', status: 'PROCESSING' },
      { id: 'x', status: 'FAILED' },
      { id: 'c', status: 'FAILED' },
    ];
    expect(seenOnList(rows, open).map((o) => o._id)).toEqual(['a', 'c']);
    // Finished on the list but not yet in the notice: waits for the notice to show its end.
    expect(seenOnList([{ id: 'b', status: 'PROCESSED' }], open)).toEqual([]);
    expect(seenOnList(undefined, open)).toEqual([]);
    expect(seenOnList(rows, [])).toEqual([]);
  });

  it('a notice seen on this screen stays here, in order, and nowhere else', () => {
    const kept = outcome({ _id: 'k', uploadedDate: '2026-03-05T07:00:00.000Z' });
    const open = [outcome({ _id: 'n', uploadedDate: '2026-03-05T08:00:00.000Z' }), outcome({ _id: 'o', uploadedDate: '2026-03-05T06:00:00.000Z' })];
    const here = { pathname: '/documentUpload', outcomes: [kept] };
    expect(withSeenHere(open, here, '/documentUpload').map((o) => o._id)).toEqual(['n', 'k', 'o']);
    expect(withSeenHere(open, here, '/dashboard').map((o) => o._id)).toEqual(['n', 'o']);
    expect(withSeenHere([kept, ...open], here, '/documentUpload').map((o) => o._id)).toEqual(['n', 'k', 'o']);
  });

  it('Close all goes up to the newest upload of the stack', () => {
    expect(newestUploadedDate([outcome({ uploadedDate: '2026-03-05T06:30:00.000Z' }), outcome({ uploadedDate: '2026-03-06T01:00:00.000Z' }), outcome({ uploadedDate: '2026-03-04T00:00:00.000Z' })])).toBe(
      '2026-03-06T01:00:00.000Z',
    );
    expect(newestUploadedDate([])).toBeNull();
  });
});
