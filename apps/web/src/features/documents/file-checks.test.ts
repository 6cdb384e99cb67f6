import { describe, expect, it } from 'vitest';
import { UPLOAD_MSG } from '@portal/domain';
import { PAYROLL_FAILED_TITLE, STREAMING_NOT_OPTED_IN_TITLE, base64ToBytes, bytesToBase64, checkFile, fileSizeText, payrollRefusalTitle, refusalTitle, acceptOf } from './file-checks';

const MB = 1_048_576;

describe('checks of a chosen file (spec 5.2)', () => {
  it('takes an xlsx sheet up to exactly 5 MB, whatever the case of its extension', () => {
    expect(checkFile('ADD_EMPLOYEES_BULK_UPLOAD', { name: 'staff.xlsx', size: 5 * MB })).toBeNull();
    expect(checkFile('ATTENDANCE_UPLOAD', { name: 'March.Attendance.XLSX', size: 1 })).toBeNull();
  });

  it('refuses another format with the Format Error and the formats of the type', () => {
    expect(checkFile('TERMINATED_EMPLOYEES_UPLOAD', { name: 'leavers.txt', size: 10 })).toEqual({
      title: 'Format Error',
      message: 'The document you uploaded is not in an acceptable format. Please reupload it in xlsx format.',
    });
    expect(checkFile('PAYROLL_UPLOAD', { name: 'payroll.xls', size: 10 })?.title).toBe('Format Error');
    expect(checkFile('ADD_EMPLOYEES_BULK_UPLOAD', { name: 'xlsx', size: 10 })?.title).toBe('Format Error');
    expect(checkFile('RAW_FILE', { name: 'notes.txt', size: 10 })?.message).toBe(
      'The document you uploaded is not in an acceptable format. Please reupload it in pdf, csv, doc, docx, xlsx, xls format.',
    );
  });

  it('refuses a file one byte over the limit with the Size Error (5 MB sheets, 10 MB raw files)', () => {
    expect(checkFile('ADD_EMPLOYEES_BULK_UPLOAD', { name: 'big.xlsx', size: 5 * MB + 1 })).toEqual({
      title: 'Size Error',
      message: 'Selected file size is greater than 5 MB',
    });
    expect(checkFile('RAW_FILE', { name: 'scan.pdf', size: 10 * MB })).toBeNull();
    expect(checkFile('RAW_FILE', { name: 'scan.pdf', size: 10 * MB + 1 })?.message).toBe('Selected file size is greater than 10 MB');
  });

  it('names the format first when both rules are broken', () => {
    expect(checkFile('ATTENDANCE_UPLOAD', { name: 'huge.csv', size: 50 * MB })?.title).toBe('Format Error');
  });

  it('gives the chooser the extensions of the type', () => {
    expect(acceptOf('ATTENDANCE_UPLOAD')).toBe('.xlsx');
    expect(acceptOf('RAW_FILE')).toBe('.pdf,.csv,.doc,.docx,.xlsx,.xls');
  });
});

describe('the notice of a server refusal', () => {
  it("keeps the spec titles for the codes of the server's repeats of the screen checks, else a plain title", () => {
    expect(refusalTitle('UPLOAD_TOO_LARGE')).toBe('Size Error');
    expect(refusalTitle('UPLOAD_FORMAT')).toBe('Format Error');
    expect(refusalTitle('UPLOAD_CORRUPT')).toBe('Upload failed');
  });
});

describe('bytes and base64', () => {
  it('round-trips every byte value, across the chunk size', () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 7) % 256);
    const b64 = bytesToBase64(bytes);
    expect(b64).toBe(Buffer.from(bytes).toString('base64'));
    expect([...base64ToBytes(b64)]).toEqual([...bytes]);
    expect(bytesToBase64(new Uint8Array())).toBe('');
  });

  it('shows sizes as people read them', () => {
    expect(fileSizeText(900)).toBe('900 B');
    expect(fileSizeText(12_800)).toBe('13 KB');
    expect(fileSizeText(5 * MB + 1)).toBe('5.0 MB');
  });
});

describe('the title of a payroll upload refused by the server (issue 20)', () => {
  it('names the streaming account opt-in for what it is, not "Payroll Processing Failed"', () => {
    expect(payrollRefusalTitle('STREAMING_ACCOUNT_NOT_OPTED_IN')).toBe(STREAMING_NOT_OPTED_IN_TITLE);
    expect(payrollRefusalTitle('UPLOAD_FORMAT')).toBe(UPLOAD_MSG.formatErrorTitle);
    expect(payrollRefusalTitle('PAYROLL_STATUS')).toBe(PAYROLL_FAILED_TITLE);
    expect(payrollRefusalTitle(undefined)).toBe(PAYROLL_FAILED_TITLE);
  });
});
