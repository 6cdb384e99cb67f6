/**
 * The column types the database cannot say (text columns holding a closed set of values, JSON
 * columns holding a known shape), named by the overrides of scripts/db-schema.ts, which writes
 * schema.ts. Hand-written; imports nothing of schema.ts.
 */
import type { ColumnType } from 'kysely';

/** A JSON column read as T, written as T or as its JSON text. */
export type JsonOf<T> = ColumnType<T, string | T, string | T>;

export interface EmployerConfigJson {
  isEmployeeApprovalEnabled: boolean;
  fileUploadLinkEnabled: boolean;
  /** Analytics dashboards (spec 2.14; features/analytics): https links only, set with the CLI's `dashboards` command. */
  externalDashboards?: { description: string; embeddedLink: string }[];
  /** Payroll (issue 5): read through the domain's payrollConfigOf, which fills what is missing with the defaults. */
  payrollWindowStartDay?: number;
  payrollWindowEndDay?: number | null;
  payrollExecutionStartDay?: number;
  hasEmployerOptedForStreamingAccount?: boolean;
  /** Dashboard (decision 0016): the attendance cycle's first day, 1..28; missing is the calendar month. */
  attendanceCycleStartDay?: number;
  /** To Do (issue 13, decision 0025): ask for a leave upload each attendance cycle; off unless true. */
  leaveUploadTodo?: boolean;
}

export interface EmployerMetadataJson {
  departmentIds: string[];
  gradeIds: string[];
  branchIds: string[];
}

export type AdminStatus = 'INVITED' | 'ACTIVE' | 'REMOVED';

export type OtpPurpose = 'SIGN_IN' | 'ENROL';

export type ActionKind = 'INVITE' | 'VERIFY_EMAIL' | 'RESET_PASSWORD';

export type AuthLimitKind = 'WRONG_CODE' | 'SIGN_IN_FAILURE' | 'RESET_MAIL' | 'ANONYMOUS_MAIL';

export type EmploymentStatusDb = 'ACTIVE' | 'IN_PROBATION' | 'INACTIVE';

export type PayrollStatusDb =
  | 'UPLOADED'
  | 'PROCESSING'
  | 'PROCESSED'
  | 'PAYROLL_FROZEN'
  | 'PAYROLL_PROCESSING_FAILED'
  | 'DISBURSAL_INITIATED'
  | 'DISBURSAL_IN_PROGRESS'
  | 'DISBURSAL_FAILED'
  | 'DISBURSAL_COMPLETED'
  | 'EXPIRED'
  | 'CANCELLED';

export type PayrollEntryStatusDb = 'FINALIZED' | 'SKIPPED' | 'INITIATED' | 'PENDING' | 'FAILED' | 'TRANSFERRED' | 'CANCELLED';

export type PayoutStatusDb = 'INITIATED' | 'PENDING' | 'TRANSFERRED' | 'FAILED' | 'REVERSED' | 'CANCELLED';
