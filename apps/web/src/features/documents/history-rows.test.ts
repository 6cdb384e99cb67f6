import { describe, expect, it } from 'vitest';
import { documentLocation, type RawFileRecord, type UploadAuditRecord } from '@portal/domain';
import { HISTORY_TITLES, anyProcessing, auditHistoryRow, docRefOf, hasHistory, rawFileHistoryRow, statusDetail } from './history-rows';

const EMPLOYER = '11111111-1111-4111-8111-111111111111';
const ADMIN = '22222222-2222-4222-8222-222222222222';
const ORIGINAL = '33333333-3333-4333-8333-333333333333';
const PROCESSED = '44444444-4444-4444-8444-444444444444';

const audit = (patch: Partial<UploadAuditRecord> = {}): UploadAuditRecord => ({
  _id: 'u1',
  docType: 'ADD_EMPLOYEES_BULK_UPLOAD',
  fileName: 'staff.xlsx',
  originalDocumentId: ORIGINAL,
  originalDocumentURL: documentLocation(EMPLOYER, ADMIN, 'NEW_EMPLOYEE_SHEET', ORIGINAL),
  processedDocumentId: PROCESSED,
  processedDocumentURL: documentLocation(EMPLOYER, ADMIN, 'PROCESSED_NEW_EMPLOYEE_SHEET', PROCESSED),
  uploadedDate: '2026-03-05T06:30:00.000Z',
  uploadedBy: 'Priya Sharma',
  status: 'PROCESSED',
  employerAdminId: ADMIN,
  counts: { totalRows: 6, appliedRows: 3, createdRows: 2, updatedRows: 1, unchangedRows: 1, failedRows: 2 },
  failureReason: null,
  processedAt: '2026-03-05T06:30:02.000Z',
  sheetName: 'Staff',
  ...patch,
});

describe('history tables (spec 2.8)', () => {
  it('exist for employee add, termination and raw files, with their titles, and for leave (issue 13)', () => {
    expect(HISTORY_TITLES).toEqual({
      ADD_EMPLOYEES_BULK_UPLOAD: 'Bulk Employee Upload History',
      TERMINATED_EMPLOYEES_UPLOAD: 'Bulk Terminate History',
      RAW_FILE: 'Upload History',
      LEAVE_UPLOAD: 'Leave Upload History',
    });
    expect(hasHistory('ATTENDANCE_UPLOAD')).toBe(false);
    expect(hasHistory('PAYROLL_UPLOAD')).toBe(false);
  });
});

describe('document locations (spec 3: parts 2, 3, 4 are admin, type, id)', () => {
  it('give the download query of the source and processed files', () => {
    const row = auditHistoryRow(audit());
    expect(row.source).toEqual({ employerAdminId: ADMIN, documentType: 'NEW_EMPLOYEE_SHEET', documentId: ORIGINAL });
    expect(row.processed).toEqual({ employerAdminId: ADMIN, documentType: 'PROCESSED_NEW_EMPLOYEE_SHEET', documentId: PROCESSED });
  });

  it('leave no processed file while processing, and refuse a broken location', () => {
    expect(auditHistoryRow(audit({ status: 'PROCESSING', processedDocumentURL: null, processedDocumentId: null })).processed).toBeNull();
    expect(docRefOf('only/two')).toBeNull();
    expect(docRefOf('')).toBeNull();
  });
});

describe('raw file rows', () => {
  const raw: RawFileRecord = {
    _id: 'r1',
    originalFileName: 'policy.pdf',
    fileName: 'f-1.pdf',
    updatedAt: '2026-03-05T06:30:00.000Z',
    employerAdminEmail: 'priya@example.com',
    employerAdminId: ADMIN,
    uploadedBy: 'Priya Sharma',
    status: 'PROCESSED',
    originalDocumentURL: documentLocation(EMPLOYER, ADMIN, 'RAW_FILE', ORIGINAL),
    sizeBytes: 1000,
  };
  it('show the original name (else the stored one) and have no processed file', () => {
    expect(rawFileHistoryRow(raw)).toMatchObject({ fileName: 'policy.pdf', uploadedAt: raw.updatedAt, processed: null, source: { documentType: 'RAW_FILE', documentId: ORIGINAL } });
    expect(rawFileHistoryRow({ ...raw, originalFileName: '' }).fileName).toBe('f-1.pdf');
  });
});

describe('the line under the status', () => {
  it('says what a processed upload did and why a failed one failed', () => {
    expect(statusDetail(auditHistoryRow(audit()))).toBe('2 created, 1 updated, 1 unchanged, 2 failed');
    expect(
      statusDetail({ status: 'PROCESSED', counts: { totalRows: 1, appliedRows: 1, createdRows: 0, updatedRows: 1, unchangedRows: 0, failedRows: 0 }, failureReason: null }),
    ).toBe('0 created, 1 updated, 0 unchanged, 0 failed');
    expect(statusDetail({ status: 'FAILED', counts: null, failureReason: 'Missing columns: Employee ID' })).toBe('Missing columns: Employee ID');
    expect(statusDetail({ status: 'PROCESSING', counts: null, failureReason: null })).toBeNull();
  });

  it('keeps the table refreshing only while a row is processing', () => {
    expect(anyProcessing([{ status: 'PROCESSED' }, { status: 'PROCESSING' }])).toBe(true);
    expect(anyProcessing([{ status: 'PROCESSED' }, { status: 'FAILED' }])).toBe(false);
    expect(anyProcessing(undefined)).toBe(false);
  });
});
