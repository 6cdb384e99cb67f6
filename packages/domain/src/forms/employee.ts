/**
 * Spec 5.3: the Add / Edit Employee form, one schema for the drawer, the add and edit calls and the
 * employee sheet (its rows carry the same fields). Money is whole rupees as typed; the server
 * converts to paise.
 */
import * as z from 'zod/mini';
import { BUSINESS_TIME_ZONE, NUMERIC_LIMIT, SALARY_ACCOUNT_MAX_LENGTH, SALARY_ACCOUNT_MIN_LENGTH } from '../constants.js';
import { EMPLOYEE_MSG, isoDateInZone } from '../employees.js';
import { isValidEmail, isValidIsoDate, isValidMobile, isValidName } from '../validation.js';
import { fieldErrors, filled, rule, text } from './schema.js';

/**
 * How far back a joining date may lie. The spec says only "valid"; nobody still on a payroll joined
 * more than 70 years ago (the oldest age 5.1 accepts is 70), so 1899 or a mistyped 1025 is refused.
 */
export const MAX_JOINING_YEARS_BACK = 70;

/** The first joining date accepted on `today` (yyyy-mm-dd): MAX_JOINING_YEARS_BACK years before it (29 Feb -> 28 Feb). */
export function earliestJoiningDate(today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const year = y - MAX_JOINING_YEARS_BACK;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : d;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** How far ahead a joining date may be: an offer signed today for a start within this many months. */
export const MAX_JOINING_MONTHS_AHEAD = 6;
/** The last joining date accepted on `today` (yyyy-mm-dd): MAX_JOINING_MONTHS_AHEAD months on, clamped to the month's end. */
export function latestJoiningDate(today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const months = y * 12 + (m - 1) + MAX_JOINING_MONTHS_AHEAD;
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The form as typed (strings), before conversion. */
export interface EmployeeFormInput {
  fullName: string;
  email: string;
  mobile: string;
  employerEmployeeId: string;
  currentMonthlySalary: string;
  joiningDate: string;
  salaryAccountNumber: string;
  maxWithdrawalSalaryPercent: string;
  maxWithdrawalPerDay: string;
  maxWithdrawalPerTransaction: string;
}

const DIGITS = /^\d+$/;
const NUMBER = /^\d+(\.\d{1,2})?$/;
/** Blank, or passes `test` (trimmed): the optional fields. */
const optional = (test: (v: string) => boolean) => (v: string) => !filled(v) || test(v.trim());

/**
 * Every rule of 5.3 with its message, for a form filled in on `today` (yyyy-mm-dd, Asia/Kolkata):
 * - Monthly Salary: required, then "-1" is "should be a positive number", then digits only
 *   ("1.5" is "number(s) only", as the approval edit refuses decimals), then at least 1.
 * - Joining Date: a real date from earliestJoiningDate(today) to latestJoiningDate(today) (6 months
 *   on, the employee sheet's rule); outside that window it is not a valid Joining Date.
 */
export function employeeFormSchema(today: string) {
  const earliest = earliestJoiningDate(today);
  const latest = latestJoiningDate(today);
  return z
    .object({
      fullName: text(rule((v) => isValidName(v.trim()), EMPLOYEE_MSG.name)),
      email: text(rule(optional(isValidEmail), EMPLOYEE_MSG.email)),
      mobile: text(rule(optional(isValidMobile), EMPLOYEE_MSG.mobile)),
      employerEmployeeId: text(rule(filled, EMPLOYEE_MSG.employeeId)),
      currentMonthlySalary: text(
        rule(filled, EMPLOYEE_MSG.salaryRequired),
        // A negative amount is a number, just not a valid salary: say so rather than "numbers only".
        rule((v) => !/^-\s*\d+(\.\d+)?$/.test(v.trim()), EMPLOYEE_MSG.salaryPositive),
        rule(optional((v) => DIGITS.test(v)), EMPLOYEE_MSG.salaryNumeric),
        rule((v) => !DIGITS.test(v.trim()) || Number(v.trim()) >= 1, EMPLOYEE_MSG.salaryPositive),
      ),
      joiningDate: text(rule((v) => isValidIsoDate(v.trim()) && v.trim() >= earliest && v.trim() <= latest, EMPLOYEE_MSG.joiningDate)),
      salaryAccountNumber: text(
        rule(optional((v) => DIGITS.test(v) && v.length >= SALARY_ACCOUNT_MIN_LENGTH && v.length <= SALARY_ACCOUNT_MAX_LENGTH), EMPLOYEE_MSG.accountNumber),
      ),
      maxWithdrawalSalaryPercent: text(rule(optional((v) => NUMBER.test(v) && Number(v) <= 100), EMPLOYEE_MSG.percent)),
      maxWithdrawalPerDay: text(rule(optional((v) => NUMBER.test(v) && Number(v) <= NUMERIC_LIMIT), EMPLOYEE_MSG.positive)),
      maxWithdrawalPerTransaction: text(rule(optional((v) => NUMBER.test(v) && Number(v) <= NUMERIC_LIMIT), EMPLOYEE_MSG.positive)),
    })
    .check(z.refine((v) => filled(v.email) || filled(v.mobile), { message: EMPLOYEE_MSG.emailOrMobile, path: ['email'] }));
}

/**
 * The whole form as the drawer holds it: 5.3's fields, plus the designation and the Branch / Grade /
 * Department picks, free text here (the server checks the picks against the employer's lists).
 */
export const employeeFormWithPicksSchema = (today: string) =>
  z.safeExtend(employeeFormSchema(today), { designation: z.string(), branchId: z.string(), gradeId: z.string(), departmentId: z.string() });

/** The schema's first message per field ({} when valid): the server's 400 and the sheet's row errors. `today` defaults to the clock's business date. */
export function validateEmployeeForm(
  input: EmployeeFormInput,
  today: string = isoDateInZone(new Date(), BUSINESS_TIME_ZONE),
): Partial<Record<keyof EmployeeFormInput, string>> {
  return fieldErrors<keyof EmployeeFormInput>(employeeFormSchemaOn(today), input);
}

/**
 * The schema for `today`, built once per business day (issue 21): a sheet checks up to 50,000 rows
 * with it, and building the zod schema costs far more than running it. The two last days are kept,
 * so checks around midnight do not rebuild it in turn.
 */
const schemaByDay = new Map<string, ReturnType<typeof employeeFormSchema>>();
export function employeeFormSchemaOn(today: string): ReturnType<typeof employeeFormSchema> {
  let schema = schemaByDay.get(today);
  if (!schema) {
    schema = employeeFormSchema(today);
    if (schemaByDay.size >= 2) schemaByDay.delete(schemaByDay.keys().next().value!);
    schemaByDay.set(today, schema);
  }
  return schema;
}
