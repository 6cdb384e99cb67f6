import { describe, expect, it } from 'vitest';
import { documentLocation } from '@portal/domain';
import { attendanceDateText, attendanceFileName, bulkUploadHref, processedSheetOf, statusDetail } from './format';

describe('attendance cells (spec 2.7, 3)', () => {
  it('shows the latest attendance date (yyyymmdd) as dd/mm/yyyy, NA when missing or not a date', () => {
    expect(attendanceDateText('20260305')).toBe('05/03/2026');
    expect(attendanceDateText('20240229')).toBe('29/02/2024');
    expect(attendanceDateText('20250229')).toBe('NA');
    expect(attendanceDateText('2026-03-05')).toBe('NA');
    expect(attendanceDateText(null)).toBe('NA');
  });

  it('saves the processed sheet as attendance_{documentId}.xlsx, the id taken from its location', () => {
    const id = '44444444-4444-4444-8444-444444444444';
    const ref = processedSheetOf({ processedDocumentURL: documentLocation('e1', 'a1', 'PROCESSED_ATTENDANCE_SHEET', id) });
    expect(ref).toEqual({ employerAdminId: 'a1', documentType: 'PROCESSED_ATTENDANCE_SHEET', documentId: id });
    expect(attendanceFileName(ref!.documentId)).toBe(`attendance_${id}.xlsx`);
    expect(processedSheetOf({ processedDocumentURL: null })).toBeNull();
  });

  it('says why a sheet failed or what it recorded', () => {
    expect(
      statusDetail({ status: 'PROCESSED', counts: { totalRows: 31, appliedRows: 30, createdRows: 28, updatedRows: 2, unchangedRows: 0, failedRows: 1 }, failureReason: null }),
    ).toBe('28 created, 2 updated, 0 unchanged, 1 failed');
    expect(statusDetail({ status: 'FAILED', counts: null, failureReason: 'No rows' })).toBe('No rows');
    expect(statusDetail({ status: 'PROCESSING', counts: null, failureReason: null })).toBeNull();
  });
});

describe('Bulk Upload link and page', () => {
  it('opens the attendance upload with the vendor and this screen to come back to', () => {
    expect(bulkUploadHref(null, '/attendance')).toBe('/documentUpload?document=ATTENDANCE_UPLOAD&returnTo=%2Fattendance');
    const href = bulkUploadHref('v1', '/vendors/attendance?vendorId=v1&page=2');
    const q = new URL(href, 'https://x.invalid').searchParams;
    expect(q.get('document')).toBe('ATTENDANCE_UPLOAD');
    expect(q.get('vendorId')).toBe('v1');
    expect(q.get('returnTo')).toBe('/vendors/attendance?vendorId=v1&page=2');
  });
});
