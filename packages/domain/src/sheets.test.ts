import { describe, expect, it } from 'vitest';
import {
  ATTENDANCE_SHEET_COLUMNS,
  EMPLOYEE_MSG,
  EMPLOYEE_SHEET_COLUMNS,
  LEAVE_SHEET_COLUMNS,
  MAX_SHEET_ROWS,
  PAYROLL_SHEET_COLUMNS,
  SHEET_MSG,
  TERMINATION_SHEET_COLUMNS,
  cellDate,
  cellText,
  formatDdMmYyyy,
  latestJoiningDate,
  matchHeader,
  normalizeHeader,
  parseAttendanceRow,
  parseEmployeeRow,
  parseTerminationRow,
  type CellValue,
  type EmployeeSheetKey,
  type SheetColumn,
} from './index.js';

const TODAY = '2026-11-22';
const options = { today: TODAY };

/** A data row of a column list as the parser takes it: its key -> cell. */
/** The sample file's rows for a column list: the header row, then one row per example. */
function sampleSheetRows<K extends string>(columns: readonly SheetColumn<K>[]): (string | number)[][] {
  const count = Math.max(0, ...columns.map((c) => c.examples.length));
  return [columns.map((c) => c.header), ...Array.from({ length: count }, (_, i) => columns.map((c) => c.examples[i] ?? ''))];
}

function rowOf<K extends string>(columns: readonly SheetColumn<K>[], values: readonly CellValue[]): Partial<Record<K, CellValue>> {
  const cells: Partial<Record<K, CellValue>> = {};
  columns.forEach((c, i) => (cells[c.key] = values[i] ?? null));
  return cells;
}

const validEmployee: Partial<Record<EmployeeSheetKey, CellValue>> = {
  employerEmployeeId: 'EMP001',
  fullName: 'Rahul Sharma',
  email: 'rahul.sharma@example.com',
  mobile: '9876543210',
  currentMonthlySalary: 25000,
  joiningDate: '01/04/2026',
};
const employee = (patch: Partial<Record<EmployeeSheetKey, CellValue>>) => parseEmployeeRow({ ...validEmployee, ...patch }, options);
const employeeErrors = (patch: Partial<Record<EmployeeSheetKey, CellValue>>) => {
  const r = employee(patch);
  return r.ok ? {} : r.errors;
};
const employeeForm = (patch: Partial<Record<EmployeeSheetKey, CellValue>>) => {
  const r = employee(patch);
  if (!r.ok) throw new Error(`row refused: ${JSON.stringify(r.errors)}`);
  return r.value.form;
};

describe('column lists', () => {
  it('write the employee sample headers in the agreed order, without the required marks', () => {
    expect(EMPLOYEE_SHEET_COLUMNS.map((c) => c.header)).toEqual([
      'Employee ID',
      'Full Name',
      'Email',
      'Mobile',
      'Monthly Salary',
      'Joining Date',
      'Salary Account Number',
      'Max Withdrawal Salary Percentage',
      'Max Withdrawal Per Day',
      'Max Withdrawal Per Transaction',
      'Designation',
      'Branch',
      'Grade',
      'Department',
      'Branch Location',
      'Withdrawal Allowed',
      'Worker Type',
    ]);
    expect(EMPLOYEE_SHEET_COLUMNS.filter((c) => c.required).map((c) => c.header)).toEqual(['Employee ID', 'Full Name', 'Monthly Salary', 'Joining Date']);
    expect(TERMINATION_SHEET_COLUMNS.map((c) => [c.header, c.required])).toEqual([
      ['Employee ID', true],
      ['Termination Date', true],
    ]);
    expect(ATTENDANCE_SHEET_COLUMNS.map((c) => c.header)).toEqual(['Employee ID', 'Date', 'Status']);
    expect(ATTENDANCE_SHEET_COLUMNS.every((c) => c.required)).toBe(true);
    expect(LEAVE_SHEET_COLUMNS.map((c) => c.header)).toEqual(['Employee ID', 'From Date', 'To Date', 'Leave Type']);
    expect(PAYROLL_SHEET_COLUMNS.map((c) => c.header)).toEqual(['Employee ID', 'Employee Name', 'Mobile', 'Monthly Salary', 'Working Days', 'Paid Days', 'Account Number', 'IFSC']);
  });

  const lists = { EMPLOYEE_SHEET_COLUMNS, TERMINATION_SHEET_COLUMNS, ATTENDANCE_SHEET_COLUMNS, LEAVE_SHEET_COLUMNS, PAYROLL_SHEET_COLUMNS };
  it.each(Object.entries(lists))('%s: 3 examples per column, no header or alias shared by two columns', (_name, columns) => {
    for (const c of columns) expect(c.examples, c.header).toHaveLength(3);
    const owner = new Map<string, string>();
    for (const c of columns as readonly SheetColumn[]) {
      for (const name of [c.header, ...c.aliases]) {
        const n = normalizeHeader(name);
        expect(owner.get(n) ?? c.key, `${name} of ${c.key}`).toBe(c.key);
        owner.set(n, c.key);
      }
    }
  });

  it.each(Object.entries(lists))('%s: example dates are dd/mm/yyyy in 2026, not after 31/10/2026', (_name, columns) => {
    const dates = (columns as readonly SheetColumn[]).filter((c) => /date/i.test(c.header)).flatMap((c) => c.examples);
    for (const d of dates) {
      expect(d).toMatch(/^\d{2}\/\d{2}\/2026$/);
      const iso = cellDate(d);
      expect(iso).not.toBeNull();
      expect(iso! <= '2026-10-31').toBe(true);
    }
  });

  it('gives a sample sheet of the header row and three example rows', () => {
    const rows = sampleSheetRows(TERMINATION_SHEET_COLUMNS);
    expect(rows).toEqual([
      ['Employee ID', 'Termination Date'],
      ['EMP001', '31/10/2026'],
      ['EMP002', '31/10/2026'],
      ['CON003', '31/10/2026'],
    ]);
  });

  it('the sample rows of the employee sheet parse as valid rows', () => {
    const [header, ...rows] = sampleSheetRows(EMPLOYEE_SHEET_COLUMNS);
    expect(matchHeader(header!, EMPLOYEE_SHEET_COLUMNS).ok).toBe(true);
    const forms = rows.map((r) => {
      const result = parseEmployeeRow(rowOf(EMPLOYEE_SHEET_COLUMNS, r), options);
      expect(result, JSON.stringify(r)).toMatchObject({ ok: true });
      return result.ok ? result.value.form : null;
    });
    expect(forms.map((f) => [f?.workerType, f?.isTransactionAllowed, f?.joiningDate])).toEqual([
      ['EMPLOYEE', true, '2026-04-01'],
      ['EMPLOYEE', true, '2026-05-15'],
      ['CONTRACTOR', false, '2026-06-01'],
    ]);
  });

  it('the sample rows of the termination and attendance sheets parse as valid rows', () => {
    for (const r of sampleSheetRows(TERMINATION_SHEET_COLUMNS).slice(1)) {
      expect(parseTerminationRow(rowOf(TERMINATION_SHEET_COLUMNS, r), options)).toMatchObject({ ok: true });
    }
    const statuses = sampleSheetRows(ATTENDANCE_SHEET_COLUMNS)
      .slice(1)
      .map((r) => {
        const result = parseAttendanceRow(rowOf(ATTENDANCE_SHEET_COLUMNS, r), options);
        expect(result).toMatchObject({ ok: true });
        return result.ok ? result.value.status : null;
      });
    expect(statuses).toEqual(['PRESENT', 'HALF_DAY', 'ABSENT']);
  });

  it('the sample rows of the leave and payroll sheets hold valid dates, ids and numbers', () => {
    for (const r of sampleSheetRows(LEAVE_SHEET_COLUMNS).slice(1)) {
      const cells = rowOf(LEAVE_SHEET_COLUMNS, r);
      const from = cellDate(cells.fromDate ?? null);
      const to = cellDate(cells.toDate ?? null);
      expect(from && to && from <= to && to <= TODAY).toBeTruthy();
      expect(cellText(cells.employerEmployeeId ?? null)).toMatch(/^[A-Z]{3}\d{3}$/);
      expect(cellText(cells.leaveType ?? null)).not.toBe('');
    }
    for (const r of sampleSheetRows(PAYROLL_SHEET_COLUMNS).slice(1)) {
      const c = rowOf(PAYROLL_SHEET_COLUMNS, r);
      expect(cellText(c.mobile ?? null)).toMatch(/^[5-9]\d{9}$/);
      expect(cellText(c.accountNumber ?? null)).toMatch(/^\d{9,18}$/);
      expect(cellText(c.ifsc ?? null)).toMatch(/^[A-Z]{4}0[A-Z0-9]{6}$/);
      expect(Number(c.paidDays)).toBeLessThanOrEqual(Number(c.workingDays));
    }
  });
});

describe('matchHeader', () => {
  const headers = EMPLOYEE_SHEET_COLUMNS.map((c) => c.header);

  it('finds each column by its index in the sample order', () => {
    const m = matchHeader(headers, EMPLOYEE_SHEET_COLUMNS);
    expect(m.ok && m.index.employerEmployeeId).toBe(0);
    expect(m.ok && m.index.workerType).toBe(16);
  });

  it('accepts reordered columns, required marks, odd case and spacing, and ignores unknown columns', () => {
    const m = matchHeader(['Remarks', ' joining date* ', 'MONTHLY SALARY *', null, 'Full Name*', 'Employee ID*', 'Email\u00a0ID', 46000], EMPLOYEE_SHEET_COLUMNS);
    expect(m).toEqual({ ok: true, index: { joiningDate: 1, currentMonthlySalary: 2, fullName: 4, employerEmployeeId: 5, email: 6 } });
  });

  it('takes the download headers and other aliases', () => {
    const m = matchHeader(['Emp Code', 'Name', 'Mobile No.', 'Salary', 'Date of Joining'], EMPLOYEE_SHEET_COLUMNS);
    expect(m).toEqual({ ok: true, index: { employerEmployeeId: 0, fullName: 1, mobile: 2, currentMonthlySalary: 3, joiningDate: 4 } });
  });

  it('names the missing required columns in the sample order', () => {
    expect(matchHeader(['Joining Date', 'Employee ID', 'Email'], EMPLOYEE_SHEET_COLUMNS)).toEqual({
      ok: false,
      reason: "Missing column(s): Full Name, Monthly Salary. Please use the sample file's columns.",
    });
  });

  it('refuses a column given twice, also under an alias', () => {
    expect(matchHeader(['Employee ID', 'Termination Date', 'Employee ID'], TERMINATION_SHEET_COLUMNS)).toEqual({
      ok: false,
      reason: SHEET_MSG.duplicateColumn('Employee ID'),
    });
    expect(matchHeader(['Employee ID', 'Date', 'Status', 'Attendance Date'], ATTENDANCE_SHEET_COLUMNS)).toEqual({ ok: false, reason: SHEET_MSG.duplicateColumn('Date') });
  });

  it('says the first row must hold the column names when it holds data', () => {
    const m = matchHeader(['EMP001', 46000, 'Present'], ATTENDANCE_SHEET_COLUMNS);
    expect(m).toEqual({ ok: false, reason: 'The first row must hold the column names of the sample file: Employee ID, Date, Status' });
    expect(matchHeader([], TERMINATION_SHEET_COLUMNS)).toEqual({ ok: false, reason: SHEET_MSG.noHeader('Employee ID, Termination Date') });
  });
});

describe('messages', () => {
  it('reads clearly for an administrator', () => {
    expect(SHEET_MSG.duplicateInSheet('Employee ID', '3, 7')).toBe('Employee ID appears more than once in this sheet (rows 3, 7)');
    expect(SHEET_MSG.tooManyRows(MAX_SHEET_ROWS)).toBe('The sheet has more than 1,00,000 data rows. Please split it into smaller sheets.');
    expect(SHEET_MSG.required('Employee ID')).toBe('Please enter Employee ID');
    expect(SHEET_MSG.accountAsNumber).toMatch(/15 digits.*format the column as Text/);
    expect(MAX_SHEET_ROWS).toBe(100_000);
  });
});

describe('cellText', () => {
  it('trims spaces, non-breaking ones included', () => {
    expect(cellText('  EMP001 \t')).toBe('EMP001');
    expect(cellText('\u00a0Rahul Sharma\u00a0')).toBe('Rahul Sharma');
    expect(cellText(null)).toBe('');
  });
  it('writes numbers without exponent or float noise', () => {
    expect(cellText(12500)).toBe('12500');
    expect(cellText(12500.000000001)).toBe('12500');
    expect(cellText(0.1 + 0.2)).toBe('0.3');
    expect(cellText(12500.5)).toBe('12500.5');
    expect(cellText(123456789.1)).toBe('123456789.1');
    expect(cellText(999999999999999)).toBe('999999999999999');
    expect(cellText(1e15)).toBe('1000000000000000');
    expect(cellText(1e21)).toBe('1000000000000000000000');
    expect(cellText(-0.000000000001)).toBe('0');
  });
  it('writes dates as yyyy-mm-dd from their UTC parts and booleans in capitals', () => {
    expect(cellText(new Date(Date.UTC(2026, 0, 15)))).toBe('2026-01-15');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText(false)).toBe('FALSE');
  });
});

describe('cellDate', () => {
  it('reads Excel serials of the 1900 system with its missing 29 February', () => {
    expect(cellDate(1)).toBe('1900-01-01');
    expect(cellDate(59)).toBe('1900-02-28');
    expect(cellDate(60)).toBeNull();
    expect(cellDate(61)).toBe('1900-03-01');
    expect(cellDate(45000)).toBe('2023-03-15');
    expect(cellDate(46037)).toBe('2026-01-15');
    expect(cellDate(46037.75)).toBe('2026-01-15');
    expect(cellDate(2958465)).toBe('9999-12-31');
    expect(cellDate(0)).toBeNull();
    expect(cellDate(0.5)).toBeNull();
    expect(cellDate(-5)).toBeNull();
    expect(cellDate(2958466)).toBeNull();
  });
  it('reads serials of the 1904 system when the workbook uses it', () => {
    expect(cellDate(0, true)).toBe('1904-01-01');
    expect(cellDate(44575, true)).toBe('2026-01-15');
    expect(cellDate(-1, true)).toBeNull();
  });
  it('reads real dates by their UTC day', () => {
    expect(cellDate(new Date(Date.UTC(2026, 1, 28)))).toBe('2026-02-28');
    expect(cellDate(new Date('invalid'))).toBeNull();
  });
  it.each([
    ['15/01/2026', '2026-01-15'],
    ['5/1/2026', '2026-01-05'],
    ['03/04/2026', '2026-04-03'],
    ['15-01-2026', '2026-01-15'],
    ['15.01.2026', '2026-01-15'],
    ['2026-01-15', '2026-01-15'],
    ['15 Jan 2026', '2026-01-15'],
    ['15-Jan-2026', '2026-01-15'],
    ['15-Jan-26', '2026-01-15'],
    ['15 JANUARY 2026', '2026-01-15'],
    ['1 Sept 2026', '2026-09-01'],
    ['29-feb-2028', '2028-02-29'],
    [' 15/01/2026 ', '2026-01-15'],
    ['15/01/2026 00:00:00', '2026-01-15'],
    ['46037', '2026-01-15'],
  ])('reads the text %j as %s', (text, iso) => {
    expect(cellDate(text)).toBe(iso);
  });
  it.each(['31/02/2026', '29/02/2026', '13/13/2026', '00/01/2026', '15/01/0026', '2026-02-30', '15 Foo 2026', 'tomorrow', '', '60', '15/01'])('refuses %j', (text) => {
    expect(cellDate(text)).toBeNull();
  });
  it('refuses booleans and empty cells', () => {
    expect(cellDate(true)).toBeNull();
    expect(cellDate(null)).toBeNull();
  });
});

describe('parseEmployeeRow', () => {
  it('builds the form from typed cells, trimming and converting them', () => {
    const r = parseEmployeeRow(
      {
        employerEmployeeId: ' emp001 ',
        fullName: 'Rahul Sharma ',
        email: '',
        mobile: '+91 98765-43210',
        currentMonthlySalary: '1,25,000',
        joiningDate: 46037,
        salaryAccountNumber: 50100123456789,
        maxWithdrawalSalaryPercent: '50%',
        maxWithdrawalPerDay: '5,000',
        maxWithdrawalPerTransaction: 10000,
        designation: ' Engineer ',
        branchLocation: 'Pune',
        isTransactionAllowed: 'not allowed',
        workerType: 'CONTRACTOR',
      },
      options,
    );
    expect(r).toEqual({
      ok: true,
      value: {
        form: {
          employerEmployeeId: 'emp001',
          fullName: 'Rahul Sharma',
          email: '',
          mobile: '9876543210',
          currentMonthlySalary: '125000',
          joiningDate: '2026-01-15',
          salaryAccountNumber: '50100123456789',
          maxWithdrawalSalaryPercent: '50',
          maxWithdrawalPerDay: '5000',
          maxWithdrawalPerTransaction: '10000',
          designation: 'Engineer',
          branchId: '',
          gradeId: '',
          departmentId: '',
          branchLocation: 'Pune',
          isTransactionAllowed: false,
          workerType: 'CONTRACTOR',
        },
        given: new Set([
          'employerEmployeeId',
          'fullName',
          'mobile',
          'currentMonthlySalary',
          'joiningDate',
          'salaryAccountNumber',
          'maxWithdrawalSalaryPercent',
          'maxWithdrawalPerDay',
          'maxWithdrawalPerTransaction',
          'designation',
          'branchLocation',
          'isTransactionAllowed',
          'workerType',
        ]),
      },
    });
  });

  it('defaults a blank Withdrawal Allowed to allowed and a blank Worker Type to employee, without marking them given', () => {
    const r = employee({ isTransactionAllowed: '  ', workerType: null });
    expect(r.ok && [r.value.form.isTransactionAllowed, r.value.form.workerType]).toEqual([true, 'EMPLOYEE']);
    expect(r.ok && [...r.value.given].sort()).toEqual(['currentMonthlySalary', 'email', 'employerEmployeeId', 'fullName', 'joiningDate', 'mobile']);
  });

  it.each([
    ['Yes', true],
    ['y', true],
    ['TRUE', true],
    [true, true],
    ['Allowed', true],
    ['No', false],
    ['N', false],
    [false, false],
    ['Not Allowed', false],
  ] as const)('reads Withdrawal Allowed %j as %s', (cell, value) => {
    expect(employeeForm({ isTransactionAllowed: cell }).isTransactionAllowed).toBe(value);
  });

  it('refuses other Withdrawal Allowed and Worker Type values', () => {
    expect(employeeErrors({ isTransactionAllowed: 'maybe', workerType: 'Intern' })).toEqual({ isTransactionAllowed: 'Please enter Yes or No', workerType: 'Please enter Employee or Contractor' });
    expect(employeeForm({ workerType: ' employee ' }).workerType).toBe('EMPLOYEE');
  });

  it.each([
    ['9876543210', '9876543210'],
    [9876543210, '9876543210'],
    ['98765 43210', '9876543210'],
    ['98765-43210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['919876543210', '9876543210'],
    [919876543210, '9876543210'],
    ['09876543210', '9876543210'],
  ] as const)('reads the mobile %j as %s', (cell, mobile) => {
    expect(employeeForm({ mobile: cell }).mobile).toBe(mobile);
  });

  it.each(['98765', '+1 415 555 1234', '1234567890', 'nine'])('refuses the mobile %j with 5.3 message', (cell) => {
    expect(employeeErrors({ mobile: cell })).toEqual({ mobile: EMPLOYEE_MSG.mobile });
  });

  it('reads money with Indian or western thousands commas, as text or numbers', () => {
    expect(employeeForm({ currentMonthlySalary: '12,500' }).currentMonthlySalary).toBe('12500');
    expect(employeeForm({ currentMonthlySalary: '1,25,000' }).currentMonthlySalary).toBe('125000');
    expect(employeeForm({ currentMonthlySalary: '125,000' }).currentMonthlySalary).toBe('125000');
    expect(employeeForm({ currentMonthlySalary: '₹ 18,000' }).currentMonthlySalary).toBe('18000');
    // Whole rupees only, as on the form (5.3): paise are refused, typed or as a number.
    expect(employeeErrors({ currentMonthlySalary: '1,25,000.50' })).toEqual({ currentMonthlySalary: EMPLOYEE_MSG.salaryNumeric });
    expect(employeeErrors({ currentMonthlySalary: 25000.5 })).toEqual({ currentMonthlySalary: EMPLOYEE_MSG.salaryNumeric });
    expect(employeeForm({ currentMonthlySalary: ' 25000 ' }).currentMonthlySalary).toBe('25000');
    expect(employeeErrors({ currentMonthlySalary: '12,50,0' })).toEqual({ currentMonthlySalary: EMPLOYEE_MSG.salaryNumeric });
  });

  it('reads joining dates in every form, and allows future ones', () => {
    expect(employeeForm({ joiningDate: '15-Jan-26' }).joiningDate).toBe('2026-01-15');
    expect(employeeForm({ joiningDate: new Date(Date.UTC(2026, 0, 15)) }).joiningDate).toBe('2026-01-15');
    expect(employeeForm({ joiningDate: '46037' }).joiningDate).toBe('2026-01-15');
    expect(employeeForm({ joiningDate: '01/01/2027' }).joiningDate).toBe('2027-01-01');
    expect(parseEmployeeRow({ ...validEmployee, joiningDate: 44575 }, { today: TODAY, date1904: true })).toMatchObject({ ok: true, value: { form: { joiningDate: '2026-01-15' } } });
  });

  it('keeps a text account number with its leading zeros and accepts a 15-digit number', () => {
    expect(employeeForm({ salaryAccountNumber: '000123456789' }).salaryAccountNumber).toBe('000123456789');
    expect(employeeForm({ salaryAccountNumber: 123456789012345 }).salaryAccountNumber).toBe('123456789012345');
    expect(employeeForm({ salaryAccountNumber: '1234567890123456' }).salaryAccountNumber).toBe('1234567890123456');
  });

  it('refuses an account number of 16 digits or more stored as a number, asking for a Text column', () => {
    expect(employeeErrors({ salaryAccountNumber: 1234567890123456 })).toEqual({ salaryAccountNumber: SHEET_MSG.accountAsNumber });
    expect(employeeErrors({ salaryAccountNumber: '1.23456789012346E+15' })).toEqual({ salaryAccountNumber: SHEET_MSG.accountAsNumber });
  });

  describe('gives each 5.3 message verbatim, on the column of the sheet', () => {
    it.each<[string, Partial<Record<EmployeeSheetKey, CellValue>>, Partial<Record<EmployeeSheetKey, string>>]>([
      ['name', { fullName: 'R' }, { fullName: 'Please enter a valid Name' }],
      ['blank name', { fullName: '   ' }, { fullName: 'Please enter a valid Name' }],
      ['email', { email: 'rahul@' }, { email: 'Please enter a valid Email Id' }],
      ['mobile', { mobile: '12345' }, { mobile: 'Please enter a valid Mobile' }],
      // Not refused by the row alone: an existing employee keeps a stored e-mail or mobile (checked in processing).
      ['email or mobile', { email: '', mobile: null }, {}],
      ['employee id', { employerEmployeeId: ' ' }, { employerEmployeeId: 'Please enter Employee Id' }],
      ['salary required', { currentMonthlySalary: null }, { currentMonthlySalary: 'Please enter Monthly Salary' }],
      ['salary numeric', { currentMonthlySalary: '25k' }, { currentMonthlySalary: 'Monthly Salary should be number(s) only' }],
      ['salary positive', { currentMonthlySalary: 0 }, { currentMonthlySalary: 'Monthly Salary should be a positive number' }],
      ['joining date blank', { joiningDate: '' }, { joiningDate: 'Please enter a valid Joining Date' }],
      ['joining date invalid', { joiningDate: '31/02/2026' }, { joiningDate: 'Please enter a valid Joining Date as dd/mm/yyyy (day first): "31/02/2026" is not a date in that format' }],
      ['joining date year 0026', { joiningDate: '15/01/0026' }, { joiningDate: 'Please enter a valid Joining Date as dd/mm/yyyy (day first): "15/01/0026" is not a date in that format' }],
      ['joining date month first', { joiningDate: '11/25/2026' }, { joiningDate: 'Please enter a valid Joining Date as dd/mm/yyyy (day first): "11/25/2026" is not a date in that format' }],
      ['joining date years ahead', { joiningDate: '01/01/2030' }, { joiningDate: SHEET_MSG.joiningTooLate(formatDdMmYyyy(latestJoiningDate(options.today))) }],
      ['negative salary', { currentMonthlySalary: -5000 }, { currentMonthlySalary: 'Monthly Salary should be a positive number' }],
      ['account length', { salaryAccountNumber: '12345678' }, { salaryAccountNumber: 'Salary Account Number length should be between 9 & 18 characters' }],
      ['account letters', { salaryAccountNumber: 'ABCD12345678' }, { salaryAccountNumber: 'Salary Account Number length should be between 9 & 18 characters' }],
      ['percent', { maxWithdrawalSalaryPercent: 101 }, { maxWithdrawalSalaryPercent: 'Please enter a number between 0 to 100' }],
      ['per day', { maxWithdrawalPerDay: '-5' }, { maxWithdrawalPerDay: 'Please enter a positive number' }],
      ['per transaction', { maxWithdrawalPerTransaction: 'ten' }, { maxWithdrawalPerTransaction: 'Please enter a positive number' }],
    ])('%s', (_name, patch, errors) => {
      expect(employeeErrors(patch)).toEqual(errors);
    });
  });
});

describe('latestJoiningDate', () => {
  it('is six months on, clamped to the end of a shorter month', () => {
    expect(latestJoiningDate('2026-11-23')).toBe('2027-05-23');
    expect(latestJoiningDate('2026-08-31')).toBe('2027-02-28');
    expect(latestJoiningDate('2027-08-31')).toBe('2028-02-29');
  });
});

describe('parseTerminationRow', () => {
  it('reads the id and date', () => {
    expect(parseTerminationRow({ employerEmployeeId: ' EMP001 ', terminationDate: '22/11/2026' }, options)).toEqual({
      ok: true,
      value: { employerEmployeeId: 'EMP001', terminationDate: '2026-11-22' },
    });
    expect(parseTerminationRow({ employerEmployeeId: 1001, terminationDate: 46037 }, options)).toEqual({
      ok: true,
      value: { employerEmployeeId: '1001', terminationDate: '2026-01-15' },
    });
  });
  it('refuses a date after today', () => {
    expect(parseTerminationRow({ employerEmployeeId: 'EMP001', terminationDate: '23/11/2026' }, options)).toEqual({
      ok: false,
      errors: { terminationDate: 'Date cannot be later than today' },
    });
  });
  it('refuses a missing id and a missing or invalid date', () => {
    expect(parseTerminationRow({ employerEmployeeId: '', terminationDate: null }, options)).toEqual({
      ok: false,
      errors: { employerEmployeeId: EMPLOYEE_MSG.employeeId, terminationDate: 'Please enter a valid Termination Date' },
    });
    expect(parseTerminationRow({ employerEmployeeId: 'EMP001', terminationDate: '30/02/2026' }, options)).toEqual({
      ok: false,
      errors: { terminationDate: SHEET_MSG.dateFormat('Termination Date', '30/02/2026') },
    });
  });
});

describe('parseAttendanceRow', () => {
  it.each([
    ['Present', 'PRESENT'],
    ['p', 'PRESENT'],
    ['ABSENT', 'ABSENT'],
    ['A', 'ABSENT'],
    ['Half Day', 'HALF_DAY'],
    ['half-day', 'HALF_DAY'],
    ['HD', 'HALF_DAY'],
    ['Leave', 'LEAVE'],
    ['l', 'LEAVE'],
    ['Holiday', 'HOLIDAY'],
    [' H ', 'HOLIDAY'],
  ])('reads the status %j as %s', (status, value) => {
    expect(parseAttendanceRow({ employerEmployeeId: 'EMP001', date: '01/10/2026', status }, options)).toEqual({
      ok: true,
      value: { employerEmployeeId: 'EMP001', date: '2026-10-01', status: value },
    });
  });
  it('refuses an unknown status, an invalid or future date and a missing id', () => {
    expect(parseAttendanceRow({ employerEmployeeId: null, date: '32/10/2026', status: 'WFH' }, options)).toEqual({
      ok: false,
      errors: {
        employerEmployeeId: EMPLOYEE_MSG.employeeId,
        date: 'Please enter a valid Date as dd/mm/yyyy (day first): "32/10/2026" is not a date in that format',
        status: 'Status must be one of Present, Absent, Half Day, Leave, Holiday',
      },
    });
    expect(parseAttendanceRow({ employerEmployeeId: 'EMP001', date: new Date(Date.UTC(2026, 10, 23)), status: 'P' }, options)).toEqual({
      ok: false,
      errors: { date: SHEET_MSG.futureDate },
    });
  });
});
