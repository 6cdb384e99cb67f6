import { describe, expect, it } from 'vitest';
import { backLinkOf, parsePayrollMonth, parseUploadParams, payrollMonthText, safeReturnTo, withPage } from './upload-params';

describe('returnTo (only a path of this site is followed)', () => {
  it('keeps a same-origin path with its query and hash', () => {
    expect(safeReturnTo('/attendance')).toBe('/attendance');
    expect(safeReturnTo('/vendors/attendance?vendorId=5a6b&page=2')).toBe('/vendors/attendance?vendorId=5a6b&page=2');
    expect(safeReturnTo('/employees#top')).toBe('/employees#top');
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeReturnTo('/a/../payroll')).toBe('/payroll');
    expect(safeReturnTo('/../../etc')).toBe('/etc');
  });

  it('refuses absolute, protocol-relative, backslash and script addresses', () => {
    for (const bad of [
      'https://evil.example/attendance',
      '//evil.example/attendance',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'attendance',
      '',
      '/ attendance',
      '/\tevil',
      '/\nevil',
      null,
      undefined,
    ]) {
      expect(safeReturnTo(bad), String(bad)).toBeNull();
    }
    expect(safeReturnTo(`/${'a'.repeat(2100)}`)).toBeNull();
  });
});

describe('payroll month', () => {
  it('accepts yyyy-mm and mm-yyyy and shows the month by name', () => {
    expect(parsePayrollMonth('2026-11')).toBe('2026-11');
    expect(parsePayrollMonth('11-2026')).toBe('2026-11');
    expect(parsePayrollMonth('2-2027')).toBe('2027-02');
    expect(payrollMonthText('2026-11')).toBe('November 2026');
    expect(payrollMonthText(parsePayrollMonth('02-2027')!)).toBe('February 2027');
  });

  it('ignores anything else', () => {
    for (const bad of ['2026-13', '00-2026', '2026/11', 'November', '2026-11-01', '', null]) expect(parsePayrollMonth(bad), String(bad)).toBeNull();
  });
});

describe('the upload query', () => {
  it('reads the document type, vendor, a safe returnTo, the month and the history page', () => {
    const p = parseUploadParams(new URLSearchParams('document=ATTENDANCE_UPLOAD&vendorId=v1&returnTo=%2Fvendors%2Fattendance%3FvendorId%3Dv1&payrollMonth=11-2026&page=3'));
    expect(p).toEqual({
      document: 'ATTENDANCE_UPLOAD',
      documentText: 'ATTENDANCE_UPLOAD',
      vendorId: 'v1',
      returnTo: '/vendors/attendance?vendorId=v1',
      payrollMonth: '2026-11',
      page: 3,
    });
  });

  it('marks an unknown or missing type and drops an unsafe returnTo', () => {
    const p = parseUploadParams(new URLSearchParams('document=PAYSLIPS&returnTo=https%3A%2F%2Fevil.example'));
    expect(p.document).toBeNull();
    expect(p.documentText).toBe('PAYSLIPS');
    expect(p.returnTo).toBeNull();
    expect(parseUploadParams(new URLSearchParams()).document).toBeNull();
    expect(parseUploadParams(new URLSearchParams('document=attendance_upload')).document).toBeNull();
  });

  it('writes the page, keeping the rest', () => {
    const q = new URLSearchParams('document=RAW_FILE');
    expect(withPage(q, 2).toString()).toBe('document=RAW_FILE&page=2');
    expect(withPage(new URLSearchParams('document=RAW_FILE&page=2'), 1).toString()).toBe('document=RAW_FILE');
  });
});

describe('the Back link', () => {
  it('goes to returnTo when given, else to the screen of the type (in the vendor context too)', () => {
    expect(backLinkOf('ATTENDANCE_UPLOAD', null, '/attendance?page=2')).toEqual({ href: '/attendance?page=2', label: 'Back' });
    expect(backLinkOf('ADD_EMPLOYEES_BULK_UPLOAD', 'v1', null)).toEqual({ href: '/vendors/employees?vendorId=v1', label: 'Back to Employees' });
    expect(backLinkOf('TERMINATED_EMPLOYEES_UPLOAD', null, null)?.href).toBe('/employees');
    expect(backLinkOf('PAYROLL_STREAMING_ACCOUNT', null, null)?.href).toBe('/payroll');
    expect(backLinkOf('RAW_FILE', null, null)).toBeNull();
  });
});
