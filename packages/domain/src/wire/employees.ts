/** The zod wire schemas of ../employees.ts (kept apart so that the browser bundle carries no zod: see ../browser.ts). */
import { z } from 'zod';
import { WORKER_TYPES, EMPLOYMENT_STATUSES, EMPLOYEE_FILTER_FIELDS, EMPLOYEE_SEARCH_FIELDS, BULK_EMPLOYEE_ACTION_MAX, EMPLOYEE_COLUMN_KEYS, EMPLOYEE_COLUMNS } from '../employees.js';
import { EMPLOYEE_LIST_DEFAULT_PAGE_SIZE } from '../constants.js';

// ---- wire shapes ----

export const EmployeeRecord = z.object({
  _id: z.string(),
  workerType: z.enum(WORKER_TYPES),
  fullName: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  employerEmployeeId: z.string(),
  joinedAt: z.string().nullable(),
  terminatedAt: z.string().nullable(),
  employmentStatus: z.enum(EMPLOYMENT_STATUSES),
  /** paise */
  currentMonthlySalary: z.number().int(),
  isTransactionAllowed: z.boolean(),
  userId: z.string().nullable(),
  salaryAccountNumber: z.string().nullable(),
  maxWithdrawalSalaryPercent: z.number().nullable(),
  /** paise */
  maxWithdrawalPerDay: z.number().int().nullable(),
  /** paise */
  maxWithdrawalPerTransaction: z.number().int().nullable(),
  designation: z.string().nullable(),
  departmentId: z.string().nullable(),
  gradeId: z.string().nullable(),
  branchId: z.string().nullable(),
  branchLocation: z.string().nullable(),
  vendorId: z.string().nullable(),
});
export type EmployeeRecord = z.infer<typeof EmployeeRecord>;

export const EmployeeFilter = z.object({
  conjunction: z.enum(['WHERE', 'AND', 'OR']),
  field: z.enum(EMPLOYEE_FILTER_FIELDS),
  operator: z.enum(['IS', 'IS_NOT']),
  value: z.string().max(100),
});
export const EmployeeSearchBody = z.object({
  filters: z.array(EmployeeFilter).max(20).default([]),
  limit: z.number().int().min(1).max(100).default(EMPLOYEE_LIST_DEFAULT_PAGE_SIZE),
  pageNumber: z.number().int().min(1).default(1),
  searchText: z.string().max(100).default(''),
  sortby: z.enum(['fullName', 'employerEmployeeId', 'joinedAt', 'currentMonthlySalary', 'createdAt']).default('createdAt'),
  /** Absent: the column's own order (names and ids A-Z, dates and salary newest / highest first). */
  sortOrder: z.enum(['asc', 'desc']).optional(),
  searchOn: z.enum(EMPLOYEE_SEARCH_FIELDS).optional(),
});
export type EmployeeSearchBody = z.infer<typeof EmployeeSearchBody>;
export const EmployeeSearchResult = z.object({ employees: z.array(EmployeeRecord), total: z.number().int() });

// ---- search helpers ----

export type EmployeeFilter = z.infer<typeof EmployeeFilter>;

// ---- the form on the wire ----

/**
 * Add (POST) and edit (PATCH) body: the form's fields as typed (strings; money in rupees as typed,
 * converted to paise by the server), plus the metadata picks. Blank optional fields may be sent as
 * '' or left out. `vendorId` travels in the query, as everywhere else.
 */
const formText = (max: number) => z.string().max(max);
const FORM_FIELDS = {
  fullName: formText(100),
  email: formText(254),
  mobile: formText(20),
  employerEmployeeId: formText(50),
  currentMonthlySalary: formText(20),
  joiningDate: formText(20),
  salaryAccountNumber: formText(30),
  maxWithdrawalSalaryPercent: formText(20),
  maxWithdrawalPerDay: formText(20),
  maxWithdrawalPerTransaction: formText(20),
  designation: formText(100),
  branchId: formText(100),
  gradeId: formText(100),
  departmentId: formText(100),
  branchLocation: formText(100),
  isTransactionAllowed: z.boolean(),
  workerType: z.enum(WORKER_TYPES),
};
export const EmployeeFormBody = z.object({
  ...FORM_FIELDS,
  email: FORM_FIELDS.email.default(''),
  mobile: FORM_FIELDS.mobile.default(''),
  salaryAccountNumber: FORM_FIELDS.salaryAccountNumber.default(''),
  maxWithdrawalSalaryPercent: FORM_FIELDS.maxWithdrawalSalaryPercent.default(''),
  maxWithdrawalPerDay: FORM_FIELDS.maxWithdrawalPerDay.default(''),
  maxWithdrawalPerTransaction: FORM_FIELDS.maxWithdrawalPerTransaction.default(''),
  designation: FORM_FIELDS.designation.default(''),
  branchId: FORM_FIELDS.branchId.default(''),
  gradeId: FORM_FIELDS.gradeId.default(''),
  departmentId: FORM_FIELDS.departmentId.default(''),
  branchLocation: FORM_FIELDS.branchLocation.default(''),
  isTransactionAllowed: FORM_FIELDS.isTransactionAllowed.default(true),
  workerType: FORM_FIELDS.workerType.default('EMPLOYEE'),
});
export type EmployeeFormBody = z.infer<typeof EmployeeFormBody>;
/**
 * Edit: `id` is the worker's _id (missing -> "Can't able to update, Employee Id missing"). Every
 * other field is optional; a field left out keeps its stored value (the list masks the salary
 * account number, so an unchanged one is simply not sent).
 */
export const EmployeeUpdateBody = z.object(FORM_FIELDS).partial().extend({ id: z.string().max(100).optional() });
export type EmployeeUpdateBody = z.infer<typeof EmployeeUpdateBody>;
/** 400 answer of add and edit: `description` is the first problem, `errors` has one message per field. */
export const EmployeeFormErrorBody = z.object({
  message: z.object({ description: z.string(), code: z.string().optional() }),
  errors: z.record(z.string(), z.string()),
});
export type EmployeeFormErrorBody = z.infer<typeof EmployeeFormErrorBody>;

export const EmployeeFieldCheckBody = z.object({
  field: z.enum(['email', 'mobile']),
  value: z.string().max(254),
  /** The worker being edited (its _id), which may keep its own value. */
  employeeId: z.string().uuid().optional(),
});
export const EmployeeFieldCheckResult = z.object({ available: z.boolean() });
export const BulkEmployeeIdsBody = z.object({
  employerEmployeeIds: z.array(z.string().trim().min(1).max(100)).min(1).max(BULK_EMPLOYEE_ACTION_MAX),
});
export const BulkEmployeeItem = z.object({
  employeeId: z.string(),
  status: z.enum(['SUCCESS', 'FAILED']),
  reason: z.string().optional(),
  fullName: z.string().optional(),
});
export const BulkEmployeeResult = z.object({ data: z.array(BulkEmployeeItem) });
export type BulkEmployeeResult = z.infer<typeof BulkEmployeeResult>;
/** Profile Terminate: the worker's _id. */
export const TerminateEmployeeBody = z.object({ employeeId: z.string().max(100) });

/** PUT /employer-admin/search: the list's filters and search, plus the visible columns. */
export const EmployeeExportBody = EmployeeSearchBody.omit({ limit: true, pageNumber: true }).extend({
  columns: z.array(z.enum(EMPLOYEE_COLUMN_KEYS)).max(EMPLOYEE_COLUMNS.length * 2).default([]),
});
export type EmployeeExportBody = z.infer<typeof EmployeeExportBody>;
