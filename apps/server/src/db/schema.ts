/** Table types for Kysely. Columns mirror db/migrations; timestamps are timestamptz. */
import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | T, string | T>;

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

export interface EmployersTable {
  id: Generated<string>;
  name: string;
  config: Json<EmployerConfigJson>;
  metadata: Json<EmployerMetadataJson>;
  created_at: Generated<Date>;
}
export interface VendorsTable {
  id: Generated<string>;
  employer_id: string;
  name: string;
  logo_url: string | null;
  email: string | null;
  mobile: string | null;
  contract_start_date: string | null;
  created_at: Generated<Date>;
}
export interface RolesTable {
  id: string;
  name: string;
  role_type: 'EMPLOYER' | 'VENDOR';
  description: string;
  resources: Json<Record<string, string[]>>;
}
export type AdminStatus = 'INVITED' | 'ACTIVE' | 'REMOVED';
export interface AdminsTable {
  id: Generated<string>;
  employer_id: string;
  vendor_id: string | null;
  name: string;
  email: string;
  mobile: string;
  branch_location: string;
  role_ids: string[];
  status: Generated<AdminStatus>;
  password_hash: string | null;
  password_changed_at: NullableTimestamp;
  email_verified_at: NullableTimestamp;
  mfa_phone: string | null;
  mfa_enrolled_at: NullableTimestamp;
  failed_logins: Generated<number>;
  locked_until: NullableTimestamp;
  last_active_at: NullableTimestamp;
  invited_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  removed_at: NullableTimestamp;
}
export interface SessionsTable {
  id: Generated<string>;
  admin_id: string;
  token_hash: Buffer;
  mfa_verified: boolean;
  password_verified_at: Timestamp;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}
export interface SignInAttemptsTable {
  id: Generated<string>;
  admin_id: string;
  token_hash: Buffer;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  completed_at: NullableTimestamp;
}
export type OtpPurpose = 'SIGN_IN' | 'ENROL';
export interface OtpCodesTable {
  id: Generated<string>;
  admin_id: string;
  purpose: OtpPurpose;
  bound_to: string;
  phone: string;
  code_hash: Buffer;
  expires_at: Timestamp;
  wrong_tries: Generated<number>;
  consumed_at: NullableTimestamp;
  invalidated_at: NullableTimestamp;
  created_at: Generated<Date>;
}
export type ActionKind = 'INVITE' | 'VERIFY_EMAIL' | 'RESET_PASSWORD';
export interface ActionCodesTable {
  id: Generated<string>;
  admin_id: string;
  kind: ActionKind;
  code_hash: Buffer;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}
export type AuthLimitKind = 'WRONG_CODE' | 'SIGN_IN_FAILURE' | 'RESET_MAIL' | 'ANONYMOUS_MAIL';
/** Per-account identity limits (migration 0016, features/auth/limits.ts). */
export interface AuthLimitsTable {
  kind: AuthLimitKind;
  subject: string;
  count: Generated<number>;
  window_started_at: NullableTimestamp;
  last_at: Timestamp;
  locked_until: NullableTimestamp;
}
export interface ActivitiesTable {
  id: Generated<string>;
  employer_id: string;
  vendor_id: string | null;
  admin_id: string;
  action_type: string;
  target_type: string | null;
  target_id: string | null;
  details: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
}
export interface OutboxMessagesTable {
  id: Generated<string>;
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Generated<Date>;
}
export interface DataKeysTable {
  id: number;
  master_key_id: string;
  wrapped: Buffer;
  created_at: Generated<Date>;
}

export interface DataSealingRunsTable {
  name: string;
  done_at: Generated<Date>;
}

export interface AppSecretsTable {
  name: string;
  value: Buffer;
}

export type EmploymentStatusDb = 'ACTIVE' | 'IN_PROBATION' | 'INACTIVE';
export interface WorkersTable {
  id: Generated<string>;
  employer_id: string;
  vendor_id: string | null;
  worker_type: Generated<'EMPLOYEE' | 'CONTRACTOR'>;
  employer_worker_id: string;
  full_name: string;
  email: string | null;
  mobile: string | null;
  address: string | null;
  joined_at: string | null;
  terminated_at: string | null;
  employment_status: Generated<EmploymentStatusDb>;
  upi_id: string | null;
  /** Sealed text (decision 0037), as every sealed field: `pe1.<data key>.<...>`. */
  pan: string | null;
  /** The PAN masked but for its last 4 (maskLast4), what the screens show. */
  pan_masked: string | null;
  designation: string | null;
  current_monthly_salary: number;
  max_withdrawal_salary_percent: number | null;
  max_withdrawal_per_transaction: number | null;
  max_withdrawal_per_day: number | null;
  /** Sealed. */
  salary_account_number: string | null;
  salary_account_number_masked: string | null;
  /** HMAC-SHA256 under the blind-index key (the employee sheet compares it in SQL). */
  salary_account_number_hash: Buffer | null;
  department_id: string | null;
  grade_id: string | null;
  branch_id: string | null;
  branch_location: string | null;
  is_transaction_allowed: Generated<boolean>;
  user_id: string | null;
  approval_status: 'PENDING' | 'APPROVED' | 'REJECTED' | null;
  approval_requested_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface WorkerProfilesTable {
  worker_id: string;
  gender: string | null;
  date_of_birth: string | null;
  address: Json<Record<string, unknown>> | null;
  verification: Json<Record<string, 'VERIFIED' | 'PENDING' | 'INCORRECT'>>;
  updated_at: Generated<Date>;
}
export interface WorkerBankAccountsTable {
  id: Generated<string>;
  worker_id: string;
  /** Sealed. */
  account_number: string;
  account_number_masked: string;
  ifsc: string;
  is_primary: Generated<boolean>;
  created_at: Generated<Date>;
}
export interface WorkerDocumentsTable {
  id: Generated<string>;
  worker_id: string;
  kind: string;
  mime_type: string;
  content: Buffer;
  status: Generated<'VERIFIED' | 'PENDING' | 'INCORRECT'>;
  created_at: Generated<Date>;
}
export interface WorkerAgreementsTable {
  id: Generated<string>;
  worker_id: string;
  agreement_type: string;
  signed_at: Timestamp;
  content: Buffer | null;
  created_at: Generated<Date>;
}
export interface AttendanceDaysTable {
  worker_id: string;
  day: string;
  status: 'PRESENT' | 'ABSENT' | 'HALF_DAY' | 'LEAVE' | 'HOLIDAY';
  source_document_id: string | null;
}
/** Migration 0015 (issue 13): leave recorded by leave sheets. */
export interface LeavesTable {
  id: Generated<string>;
  employer_id: string;
  vendor_id: string | null;
  worker_id: string;
  from_date: string;
  to_date: string;
  leave_type: 'CASUAL_LEAVE' | 'SICK_LEAVE' | 'EARNED_LEAVE' | 'UNPAID_LEAVE';
  upload_id: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface TransactionsTable {
  id: Generated<string>;
  employer_id: string;
  vendor_id: string | null;
  worker_id: string;
  amount: number;
  status: string;
  repaid_amount: Generated<number>;
  latest_repayment_date: string | null;
  worker_snapshot: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Migration 0014 (decision 0024): held for the employer's approval; null when it never was. */
  employer_approval: Generated<'PENDING' | 'APPROVED' | 'REJECTED' | null>;
  employer_decided_at: Generated<Date | null>;
  employer_decided_by: Generated<string | null>;
  /** Why the advance ended (rejected, or no longer within the limits). */
  status_reason: Generated<string | null>;
}
export interface TransactionEventsTable {
  id: Generated<number>;
  transaction_id: string;
  status: string;
  created_at: Generated<Date>;
}
export interface RepaymentsTable {
  id: Generated<string>;
  transaction_id: string;
  amount: number;
  paid_on: string;
  source: 'DIRECT' | 'SALARY_DEDUCTION';
  created_at: Generated<Date>;
}
export interface SalaryTopupApplicationsTable {
  id: Generated<string>;
  employer_id: string;
  vendor_id: string | null;
  worker_id: string;
  amount: number;
  tenure_months: number;
  emi_amount: number;
  emi_start_date: string | null;
  approval_date: string | null;
  disbursal_date: string | null;
  status: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface TopupEmisTable {
  id: Generated<string>;
  application_id: string;
  due_date: string;
  amount: number;
  status: Generated<'DUE' | 'DEDUCTED' | 'PAID'>;
}

/** Migration 0006: workers per context (vendor_key is the zero uuid for no vendor), kept by triggers. */
export interface WorkerContextCountsTable {
  employer_id: string;
  vendor_key: string;
  n: number;
}

export interface StoredFilesTable {
  id: Generated<string>;
  employer_id: string;
  vendor_id: string | null;
  admin_id: string;
  document_type: string;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  content: Buffer;
  created_at: Generated<Date>;
}
export interface DocumentUploadsTable {
  id: Generated<string>;
  employer_id: string;
  vendor_id: string | null;
  admin_id: string;
  doc_type: 'ADD_EMPLOYEES_BULK_UPLOAD' | 'ATTENDANCE_UPLOAD' | 'TERMINATED_EMPLOYEES_UPLOAD' | 'PAYROLL_UPLOAD' | 'PAYROLL_STREAMING_ACCOUNT' | 'RAW_FILE' | 'LEAVE_UPLOAD';
  status: 'PROCESSING' | 'PROCESSED' | 'FAILED';
  file_name: string;
  original_file_id: string;
  processed_file_id: string | null;
  total_rows: number | null;
  applied_rows: number | null;
  unchanged_rows: number | null;
  failed_rows: number | null;
  /** migration 0012: applied_rows = created_rows + updated_rows */
  created_rows: number | null;
  updated_rows: number | null;
  /** the worksheet that was read (the first whose header row matched) */
  sheet_name: string | null;
  /** when the uploader dismissed the outcome notice */
  outcome_seen_at: NullableTimestamp;
  failure_reason: string | null;
  latest_attendance_date: string | null;
  /** migration 0021: a leave sheet's effects when processed (leave recorded, type changed, recorded leave replaced, cancelled) */
  leave_recorded: number | null;
  leave_changed: number | null;
  leave_replaced: number | null;
  leave_cancelled: number | null;
  created_at: Generated<Date>;
  processed_at: NullableTimestamp;
}
export type DocumentUploadRecord = Selectable<DocumentUploadsTable>;

/** Migration 0012: the outcomes a sheet kind sets while applying (unlogged). */
export interface SheetOutcomesTable {
  upload_id: string;
  row_number: number;
  status: string;
  reason: string | null;
  columns: string[] | null;
}
/** Migration 0012: the staging rows of a sheet being processed (unlogged). */
export interface SheetRowsTable {
  upload_id: string;
  row_number: number;
  cells: Json<unknown[]>;
  value: Json<unknown> | null;
  key: string | null;
  status: string | null;
  reason: string | null;
  columns: string[] | null;
}

/** Migration 0008: payrolls, their entries and what each entry's deductions repay (docs/payroll-design.md). */
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
export interface PayrollsTable {
  id: Generated<string>;
  employer_id: string;
  vendor_id: string | null;
  /** first day of the payroll month, yyyy-mm-dd */
  month: string;
  kind: 'PAYROLL_UPLOAD' | 'PAYROLL_STREAMING_ACCOUNT';
  status: PayrollStatusDb;
  upload_id: string;
  original_file_id: string;
  processed_file_id: string | null;
  admin_id: string;
  working_days: number | null;
  total_entries: Generated<number>;
  finalized_entries: Generated<number>;
  skipped_entries: Generated<number>;
  total_salary: Generated<number>;
  total_deductions: Generated<number>;
  total_payable: Generated<number>;
  flag_counts: ColumnType<Record<string, number>, string | undefined, string>;
  failure_reason: string | null;
  frozen_at: NullableTimestamp;
  frozen_by: string | null;
  cancelled_at: NullableTimestamp;
  cancelled_by: string | null;
  executed_at: NullableTimestamp;
  executed_by: string | null;
  expired_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type PayrollRecord = Selectable<PayrollsTable>;
export interface PayrollEntriesTable {
  id: Generated<string>;
  payroll_id: string;
  employer_id: string;
  vendor_id: string | null;
  worker_id: string;
  row_number: number;
  /** 1, 2, ... in sheet order */
  position: number;
  name: string;
  employer_employee_code: string;
  mobile: string | null;
  monthly_salary: number;
  working_days: number;
  /** numeric(5,2), parsed as a number (24.5) */
  paid_days: number;
  salary: number;
  deductions: Generated<number>;
  amount_payable: number;
  /** Sealed. */
  account_number: string;
  account_number_masked: string;
  /** HMAC-SHA256 under the blind-index key (SHARED_BANK_ACCOUNT groups by it). Null only on a row an older version wrote, until it is sealed at start. */
  account_number_hash: Buffer | null;
  ifsc: string;
  status: PayrollEntryStatusDb;
  skip_reason: string | null;
  flags: Generated<string[]>;
  request_id: string | null;
  utr: string | null;
  paid_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** generated: lower(name) || chr(1) || lower(employer_employee_code) */
  search_text: ColumnType<string, never, never>;
}
export type PayrollEntryRecord = Selectable<PayrollEntriesTable>;
/** Kept by triggers on payroll_entries: entries and their net amounts (negatives as 0) per payroll and status. */
export interface PayrollEntryCountsTable {
  payroll_id: string;
  status: PayrollEntryStatusDb;
  n: number;
  amount: number;
}
export interface PayrollDeductionsTable {
  id: Generated<string>;
  entry_id: string;
  payroll_id: string;
  position: number;
  transaction_id: string | null;
  topup_emi_id: string | null;
  item_date: string;
  amount: number;
}

// ---- migration 0009 (payouts feature): the employer's account ledger, payouts and bank events ----
export interface EmployerAccountsTable {
  employer_id: string;
  /** the streaming account id of the payroll calls (random, unique; migration 0013) */
  id: Generated<string>;
  virtual_account: string;
  created_at: Generated<Date>;
}
export interface LedgerEntriesTable {
  id: Generated<string>;
  employer_id: string;
  kind: 'CREDIT' | 'DEBIT';
  amount: number;
  reason: string;
  payroll_id: string | null;
  bank_reference: string | null;
  /** The payout whose amount a return CREDIT gives back (migration 0018). */
  payout_id: string | null;
  /** A DEBIT's run of its payroll: 1 = execute, 2.. = re-runs (migration 0018). */
  run: number | null;
  created_at: Generated<Date>;
}
export type PayoutStatusDb = 'INITIATED' | 'PENDING' | 'TRANSFERRED' | 'FAILED' | 'REVERSED' | 'CANCELLED';
export interface PayoutsTable {
  id: Generated<string>;
  payroll_id: string;
  entry_id: string;
  attempt: number;
  idempotency_key: string;
  amount: number;
  /** Sealed (copied from the entry; the sender opens it just before the bank call). */
  account_number: string;
  ifsc: string;
  status: Generated<PayoutStatusDb>;
  bank_payout_id: string | null;
  utr: string | null;
  failure_reason: string | null;
  sent_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface PayoutEventsTable {
  bank_payout_id: string;
  status: string;
  event_id: string;
  payout_id: string | null;
  received_at: Generated<Date>;
}
// ---- end of migration 0009 types ----

export interface DB {
  payrolls: PayrollsTable;
  payroll_entries: PayrollEntriesTable;
  payroll_deductions: PayrollDeductionsTable;
  payroll_entry_counts: PayrollEntryCountsTable;
  employer_accounts: EmployerAccountsTable;
  ledger_entries: LedgerEntriesTable;
  payouts: PayoutsTable;
  payout_events: PayoutEventsTable;
  stored_files: StoredFilesTable;
  document_uploads: DocumentUploadsTable;
  sheet_rows: SheetRowsTable;
  sheet_outcomes: SheetOutcomesTable;
  workers: WorkersTable;
  worker_context_counts: WorkerContextCountsTable;
  worker_profiles: WorkerProfilesTable;
  worker_bank_accounts: WorkerBankAccountsTable;
  worker_documents: WorkerDocumentsTable;
  worker_agreements: WorkerAgreementsTable;
  attendance_days: AttendanceDaysTable;
  leaves: LeavesTable;
  transactions: TransactionsTable;
  transaction_events: TransactionEventsTable;
  repayments: RepaymentsTable;
  salary_topup_applications: SalaryTopupApplicationsTable;
  topup_emis: TopupEmisTable;
  employers: EmployersTable;
  vendors: VendorsTable;
  roles: RolesTable;
  admins: AdminsTable;
  sessions: SessionsTable;
  sign_in_attempts: SignInAttemptsTable;
  otp_codes: OtpCodesTable;
  action_codes: ActionCodesTable;
  auth_limits: AuthLimitsTable;
  activities: ActivitiesTable;
  outbox_messages: OutboxMessagesTable;
  app_secrets: AppSecretsTable;
  data_keys: DataKeysTable;
  data_index_key: DataKeysTable;
  data_sealing_runs: DataSealingRunsTable;
}
export type AdminRecord = Selectable<AdminsTable>;
export type WorkerRecord = Selectable<WorkersTable>;
