/**
 * Bench sheets (issue 4): a large employee sheet and an attendance sheet for the same employees,
 * written with exceljs's streaming writer (shared strings, as Excel itself saves) to a file.
 * Deterministic: employee n (1-based) has Employee ID `EMP000n` (6 digits), e-mail
 * `bench.n@example.com`, a unique 10-digit mobile starting 6 to 9, a salary between 12,000 and
 * 90,000 rupees, a joining date between 2020-01-01 and the day before the attendance month, and a
 * 12-digit salary account number written as text (as banks' exports do, keeping leading zeros).
 *
 * The headers come from the domain's column lists, so the sheet follows them when they change;
 * the fallback below is only for a tree where those lists are not filled in yet.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import * as domain from '@portal/domain';
import type { AttendanceSheetKey, EmployeeSheetKey, PayrollSheetKey } from '@portal/domain';

/** The upload limit the sheets must stay under (5 MB of 1,048,576 bytes). */
export const SHEET_LIMIT_BYTES = domain.SHEET_UPLOAD_LIMIT_MB * domain.BYTES_PER_MB;

const FALLBACK_EMPLOYEE_HEADERS: Record<EmployeeSheetKey, string> = {
  employerEmployeeId: 'Employee ID',
  fullName: 'Full Name',
  email: 'Email ID',
  mobile: 'Mobile No.',
  currentMonthlySalary: 'Monthly Salary',
  joiningDate: 'Joining Date',
  salaryAccountNumber: 'Salary Account Number',
  maxWithdrawalSalaryPercent: 'Max Withdrawal Salary Percent',
  maxWithdrawalPerDay: 'Max Withdrawal Per Day',
  maxWithdrawalPerTransaction: 'Max Withdrawal Per Transaction',
  designation: 'Designation',
  branchId: 'Branch',
  gradeId: 'Grade',
  departmentId: 'Department',
  branchLocation: 'Branch Location',
  isTransactionAllowed: 'Withdrawal Allowed',
  workerType: 'Worker Type',
};
const FALLBACK_ATTENDANCE_HEADERS: Record<AttendanceSheetKey, string> = { employerEmployeeId: 'Employee ID', date: 'Date', status: 'Status' };

/** The sheet's columns in the domain's order, or the fallback when the domain list is not there at run time. */
function columnsOf<K extends string>(list: readonly domain.SheetColumn<K>[] | undefined, fallback: Record<K, string>): { key: K; header: string; fromDomain: boolean }[] {
  if (Array.isArray(list) && list.length) return list.map((c) => ({ key: c.key, header: c.header, fromDomain: true }));
  return (Object.keys(fallback) as K[]).map((key) => ({ key, header: fallback[key], fromDomain: false }));
}
// `declare const` in a contract file has no value until its body is written: read through the namespace.
const d = domain as Partial<typeof domain>;
export const employeeColumns = () => columnsOf(d.EMPLOYEE_SHEET_COLUMNS, FALLBACK_EMPLOYEE_HEADERS);
export const attendanceColumns = () => columnsOf(d.ATTENDANCE_SHEET_COLUMNS, FALLBACK_ATTENDANCE_HEADERS);

const FIRST = ['Asha', 'Ravi', 'Priya', 'Arjun', 'Meera', 'Vikram', 'Sunita', 'Karan', 'Divya', 'Rahul', 'Anita', 'Suresh', 'Pooja', 'Manoj', 'Kavita', 'Amit', 'Neha', 'Deepak', 'Lakshmi', 'Imran'];
const LAST = ['Sharma', 'Patel', 'Reddy', 'Iyer', 'Singh', 'Khan', 'Das', 'Nair', 'Gupta', 'Joshi', 'Menon', 'Rao', 'Kulkarni', 'Bose', 'Pillai', 'Verma', 'Mehta', 'Chopra', 'Desai', 'Yadav', 'Shetty', 'Ghosh', 'Mishra', 'Jain', "D'Souza"];

export const employeeIdOf = (n: number) => `EMP${String(n).padStart(6, '0')}`;
const DAY_MS = 86_400_000;
const utcDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const isoOf = (date: Date) => date.toISOString().slice(0, 10);

/** The month before `today` (yyyy-mm-dd): its first day, and how many days it has. */
export function previousMonth(today: string): { first: string; days: number } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 2, 1));
  const days = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  return { first: isoOf(first), days };
}

/** Today's business date in Asia/Kolkata. */
export const businessToday = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);

export interface SheetFile {
  path: string;
  bytes: number;
  rows: number;
  columns: string[];
  /** Optional columns left out to stay under the size limit. */
  dropped: string[];
  /** Whether the headers came from the domain's column list (false: the fallback). */
  headersFromDomain: boolean;
}

/** Optional columns dropped first when the sheet does not fit (the ones mostly blank anyway). */
const DROP_ORDER: EmployeeSheetKey[] = ['workerType', 'isTransactionAllowed', 'branchLocation', 'departmentId', 'gradeId', 'branchId', 'maxWithdrawalPerTransaction', 'maxWithdrawalPerDay', 'maxWithdrawalSalaryPercent', 'designation', 'salaryAccountNumber'];

/** The value of employee n's cell in a column; undefined leaves the cell blank. */
function employeeCell(key: EmployeeSheetKey, n: number, joinFrom: number, joinSpan: number, changed?: (n: number) => boolean): ExcelJS.CellValue | undefined {
  switch (key) {
    case 'employerEmployeeId':
      return employeeIdOf(n);
    case 'fullName':
      return `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]}`;
    case 'email':
      return `bench.${n}@example.com`;
    case 'mobile':
      // First digit 6-9, the rest n: unique for n below 10^9.
      return (6 + (n % 4)) * 1_000_000_000 + n;
    case 'currentMonthlySalary':
      return 12_000 + ((n * 7_919) % 78_001) + (changed?.(n) ? 500 : 0);
    case 'joiningDate':
      return new Date(joinFrom + ((n * 37) % joinSpan) * DAY_MS);
    case 'salaryAccountNumber':
      return String(100_000_000_000 + n * 17).padStart(12, '0');
    case 'designation':
      return n % 5 === 0 ? ['Associate', 'Supervisor', 'Picker', 'Driver'][n % 4] : undefined;
    case 'maxWithdrawalSalaryPercent':
      return n % 10 === 0 ? 50 : undefined;
    default:
      return undefined;
  }
}

/**
 * Writes `rows` employees to `file`; if the file is over the limit, drops optional columns (in
 * DROP_ORDER) and writes it again until it fits.
 */
export async function writeEmployeeSheet(file: string, rows: number, attendanceMonthFirst: string, changed?: (n: number) => boolean): Promise<SheetFile> {
  const all = employeeColumns();
  const required = new Set<string>((d.EMPLOYEE_SHEET_COLUMNS ?? []).filter((c) => c.required).map((c) => c.key));
  const joinFrom = utcDate('2020-01-01').getTime();
  const joinSpan = Math.round((utcDate(attendanceMonthFirst).getTime() - joinFrom) / DAY_MS); // up to the day before the month
  const dropped: string[] = [];
  for (;;) {
    const columns = all.filter((c) => !dropped.includes(c.header));
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: true });
    const ws = wb.addWorksheet('Employees');
    ws.columns = columns.map((c) => ({ key: c.key, width: 18, style: c.key === 'joiningDate' ? { numFmt: 'dd-mm-yyyy' } : {} }));
    ws.addRow(columns.map((c) => c.header)).commit();
    for (let n = 1; n <= rows; n++) {
      ws.addRow(columns.map((c) => employeeCell(c.key, n, joinFrom, joinSpan, changed) ?? null)).commit();
    }
    ws.commit();
    await wb.commit();
    const bytes = fs.statSync(file).size;
    const next = DROP_ORDER.find((k) => !required.has(k) && columns.some((c) => c.key === k));
    if (bytes <= SHEET_LIMIT_BYTES || !next) {
      return { path: file, bytes, rows, columns: columns.map((c) => c.header), dropped, headersFromDomain: all[0]?.fromDomain ?? false };
    }
    dropped.push(all.find((c) => c.key === next)!.header);
  }
}

/** Day status text as an admin types it: mostly Present, some Absent, Half Day and Leave. */
const statusOf = (n: number, day: number) => {
  const r = (n * 31 + day * 17) % 100;
  return r < 85 ? 'Present' : r < 91 ? 'Absent' : r < 96 ? 'Half Day' : 'Leave';
};

/** Writes `employees` x `days` attendance rows (Employee ID, Date, Status) for employees 1..employees, days from `first`. */
export async function writeAttendanceSheet(file: string, employees: number, days: number, first: string): Promise<SheetFile> {
  const columns = attendanceColumns();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: true });
  const ws = wb.addWorksheet('Attendance');
  ws.columns = columns.map((c) => ({ key: c.key, width: 16, style: c.key === 'date' ? { numFmt: 'dd-mm-yyyy' } : {} }));
  ws.addRow(columns.map((c) => c.header)).commit();
  const start = utcDate(first).getTime();
  for (let n = 1; n <= employees; n++) {
    for (let day = 0; day < days; day++) {
      const value: Record<AttendanceSheetKey, ExcelJS.CellValue> = { employerEmployeeId: employeeIdOf(n), date: new Date(start + day * DAY_MS), status: statusOf(n, day) };
      ws.addRow(columns.map((c) => value[c.key])).commit();
    }
  }
  ws.commit();
  await wb.commit();
  return { path: file, bytes: fs.statSync(file).size, rows: employees * days, columns: columns.map((c) => c.header), dropped: [], headersFromDomain: columns[0]?.fromDomain ?? false };
}

/** The leave types the bench's leave sheet uses, as an admin types them. */
const LEAVE_TYPES = ['Casual Leave', 'Sick Leave', 'Earned Leave', 'Unpaid Leave'];

/**
 * Writes one leave for each of employees 1..employees (Employee ID, From Date, To Date, Leave Type;
 * the domain's LEAVE_SHEET_COLUMNS): 1 to 3 days within the `days` days from `first`.
 */
export async function writeLeaveSheet(file: string, employees: number, days: number, first: string): Promise<SheetFile> {
  const columns = (d.LEAVE_SHEET_COLUMNS ?? []) as readonly domain.SheetColumn<string>[];
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: true });
  const ws = wb.addWorksheet('Leave');
  ws.columns = columns.map((c) => ({ key: c.key, width: 16, style: c.key.endsWith('Date') ? { numFmt: 'dd-mm-yyyy' } : {} }));
  ws.addRow(columns.map((c) => c.header)).commit();
  const start = utcDate(first).getTime();
  for (let n = 1; n <= employees; n++) {
    const from = (n * 7) % Math.max(1, days - 3);
    const value: Record<string, ExcelJS.CellValue> = {
      employerEmployeeId: employeeIdOf(n),
      fromDate: new Date(start + from * DAY_MS),
      toDate: new Date(start + (from + (n % 3)) * DAY_MS),
      leaveType: LEAVE_TYPES[n % LEAVE_TYPES.length]!,
    };
    ws.addRow(columns.map((c) => value[c.key] ?? null)).commit();
  }
  ws.commit();
  await wb.commit();
  return { path: file, bytes: fs.statSync(file).size, rows: employees, columns: columns.map((c) => c.header), dropped: [], headersFromDomain: columns.length > 0 };
}

/** A worker as the payroll sheet names them (salary in rupees). */
export interface PayrollSheetWorker {
  employerWorkerId: string;
  fullName: string;
  mobile: string | null;
  salaryRupees: number;
}
const IFSCS = ['HDFC0001234', 'SBIN0070123', 'ICIC0000456', 'UTIB0000789'];
export const PAYROLL_WORKING_DAYS = 26;

/**
 * A payroll sheet (columns PAYROLL_SHEET_COLUMNS), one row per worker in the order given, as an
 * admin's payroll export: 26 working days, paid days mostly 26 (every 7th 24.5, every 50th 0:
 * skipped), a unique 12-digit account number as text and an IFSC. As bench/payroll.bench.ts.
 */
export async function writePayrollSheet(file: string, workers: readonly PayrollSheetWorker[]): Promise<SheetFile> {
  const columns = domain.PAYROLL_SHEET_COLUMNS;
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: true });
  const ws = wb.addWorksheet('Payroll');
  ws.columns = columns.map((c) => ({ key: c.key, width: 18 }));
  ws.addRow(columns.map((c) => c.header)).commit();
  workers.forEach((w, i) => {
    const g = i + 1;
    const value: Record<PayrollSheetKey, ExcelJS.CellValue> = {
      employerEmployeeId: w.employerWorkerId,
      fullName: w.fullName,
      mobile: w.mobile ? Number(w.mobile) : null,
      salary: w.salaryRupees,
      workingDays: PAYROLL_WORKING_DAYS,
      paidDays: g % 50 === 0 ? 0 : g % 7 === 0 ? 24.5 : PAYROLL_WORKING_DAYS,
      accountNumber: String(100_000_000_000 + g * 17).padStart(12, '0'),
      ifsc: IFSCS[g % IFSCS.length]!,
    };
    ws.addRow(columns.map((c) => value[c.key])).commit();
  });
  ws.commit();
  await wb.commit();
  return { path: file, bytes: fs.statSync(file).size, rows: workers.length, columns: columns.map((c) => c.header), dropped: [], headersFromDomain: true };
}

/**
 * Reads every row of an xlsx with exceljs's streaming reader as the server would (shared strings
 * cached, styles and hyperlinks ignored), touching each row's values; returns rows and ms.
 */
export async function streamRead(file: string): Promise<{ rows: number; ms: number }> {
  const t = performance.now();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore', worksheets: 'emit' });
  let rows = 0;
  let cells = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      rows++;
      cells += (row.values as unknown[]).length;
    }
  }
  if (cells < 0) throw new Error('unreachable'); // keeps the values read
  return { rows, ms: performance.now() - t };
}

// `tsx bench/sheets-data.ts read <file>`: one baseline read in a fresh process, printed as JSON.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2] === 'read' && process.argv[3]) {
  console.log(JSON.stringify(await streamRead(process.argv[3])));
}
