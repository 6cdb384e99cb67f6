/**
 * The one registry of query keys (issue 14). Every cached call's key comes from a factory here, so
 * a feature that must refresh another's data (the employee profile's edit refreshing the employee
 * list, an upload refreshing the upload outcomes) names that feature's key through the registry,
 * never by a string. Features re-export their own factories from their api.ts. Each feature's keys
 * start with its own root, so invalidating `xKeys.all` refreshes everything of that feature only.
 *
 * Lint (eslint.config.js) forbids an array literal as a `queryKey` anywhere else in the web app.
 */
import { monthKey, type DocumentType, type MonthYearValue, type ProfileDocumentType, type StatsKind, type WorkerType } from '@portal/domain';

/** The signed-in admin's own data: profile, employer, vendors (shared/auth/profile.ts). */
export const sessionKeys = {
  all: ['session'] as const,
  profile: () => [...sessionKeys.all, 'profile'] as const,
  employerInfo: () => [...sessionKeys.all, 'employer-info'] as const,
  employerConfig: () => [...sessionKeys.all, 'employer-config'] as const,
  employerMetadata: () => [...sessionKeys.all, 'employer-metadata'] as const,
  mfa: () => [...sessionKeys.all, 'mfa'] as const,
  vendors: () => [...sessionKeys.all, 'vendors'] as const,
};

/** The signed-out e-mail links (verify e-mail, reset password). */
export const authKeys = {
  all: ['auth'] as const,
  emailVerify: (oobCode: string) => [...authKeys.all, 'email-verify', oobCode] as const,
  passwordResetVerify: (oobCode: string) => [...authKeys.all, 'password-reset-verify', oobCode] as const,
};

/** The finished uploads not yet acknowledged (shell notices, documents). */
export const uploadOutcomeKeys = {
  all: ['upload-outcomes'] as const,
};

export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: (kind: StatsKind, vendorId: string | null) => [...dashboardKeys.all, 'stats', { kind, vendorId }] as const,
  vendorStats: (vendorId: string) => [...dashboardKeys.all, 'vendor-stats', { vendorId }] as const,
  todo: (vendorId: string | null) => [...dashboardKeys.all, 'to-do', { vendorId }] as const,
  activity: (vendorId: string | null, recent: boolean) => [...dashboardKeys.all, 'activity', { vendorId, recent }] as const,
};

export const analyticsKeys = {
  all: ['analytics'] as const,
  dashboards: () => [...analyticsKeys.all, 'dashboards'] as const,
};

export const employeesKeys = {
  all: ['employees'] as const,
  lists: () => [...employeesKeys.all, 'list'] as const,
  /** `params`: the list's page, size, search, filters and sort (employees/api.ts EmployeeListParams). */
  list: <P extends object>(vendorId: string | null, params: P) => [...employeesKeys.lists(), { vendorId, ...params }] as const,
};

export const employeeProfileKeys = {
  all: ['employee-profile'] as const,
  worker: (vendorId: string | null, employeeId: string) => [...employeeProfileKeys.all, { vendorId, employeeId }] as const,
  profile: (vendorId: string | null, employeeId: string) => [...employeeProfileKeys.worker(vendorId, employeeId), 'profile'] as const,
  document: (vendorId: string | null, employeeId: string, docType: ProfileDocumentType) => [...employeeProfileKeys.worker(vendorId, employeeId), 'document', docType] as const,
  transactions: (vendorId: string | null, employeeId: string) => [...employeeProfileKeys.worker(vendorId, employeeId), 'transactions'] as const,
  agreements: (vendorId: string | null, employeeId: string, workerType: WorkerType) => [...employeeProfileKeys.worker(vendorId, employeeId), 'agreements', workerType] as const,
};

export const payrollKeys = {
  all: ['payroll'] as const,
  info: (vendorId: string | null) => [...payrollKeys.all, 'info', { vendorId }] as const,
  account: (vendorId: string | null) => [...payrollKeys.all, 'account', { vendorId }] as const,
  /** Under the account's key, so whatever refreshes the balance refreshes the statement. */
  accountStatement: () => [...payrollKeys.account(null), 'statement'] as const,
  monthlySummary: (vendorId: string | null, month: MonthYearValue | null) => [...payrollKeys.all, 'monthly-summary', { vendorId, month: month ? monthKey(month) : null }] as const,
  histories: () => [...payrollKeys.all, 'history'] as const,
  history: (vendorId: string | null, page: number, limit: number) => [...payrollKeys.histories(), { vendorId, page, limit }] as const,
  details: (vendorId: string | null, month: MonthYearValue) => [...payrollKeys.all, 'details', { vendorId, month: monthKey(month) }] as const,
  entriesAll: () => [...payrollKeys.all, 'entries'] as const,
  entries: (vendorId: string | null, s: { month: MonthYearValue; filter: string; page: number; search: string }) =>
    [...payrollKeys.entriesAll(), { vendorId, month: monthKey(s.month), filter: s.filter, page: s.page, search: s.search }] as const,
  missingWorkers: (vendorId: string | null, payrollId: string, page: number, limit: number) =>
    [...payrollKeys.all, 'missing-workers', { vendorId, payrollId, page, limit }] as const,
};

export const transactionsKeys = {
  all: ['worker-transactions'] as const,
  /** `s`: the search of transactions/api.ts (dates, worker id, status). */
  search: <S extends object>(vendorId: string | null, s: S) => [...transactionsKeys.all, 'search', { vendorId, ...s }] as const,
};

export const topupsKeys = {
  all: ['salary-topups'] as const,
  /** `s`: the search of salary-topups/api.ts (dates, status). */
  search: <S extends object>(s: S) => [...topupsKeys.all, 'search', s] as const,
};

export const attendanceKeys = {
  all: ['attendance'] as const,
  lists: () => [...attendanceKeys.all, 'list'] as const,
  list: (vendorId: string | null, page: number) => [...attendanceKeys.lists(), { vendorId, page }] as const,
};

export const leaveKeys = {
  all: ['leave'] as const,
  lists: () => [...leaveKeys.all, 'list'] as const,
  list: (vendorId: string | null, page: number) => [...leaveKeys.lists(), { vendorId, page }] as const,
};

export const documentsKeys = {
  all: ['documents'] as const,
  histories: () => [...documentsKeys.all, 'history'] as const,
  history: (type: DocumentType, vendorId: string | null, page: number) => [...documentsKeys.histories(), { type, vendorId, page }] as const,
  rawFiles: (page: number) => [...documentsKeys.histories(), { type: 'RAW_FILE', page }] as const,
};

export const settingsKeys = {
  all: ['settings'] as const,
  admins: () => [...settingsKeys.all, 'admins'] as const,
  adminList: (vendorId: string | null) => [...settingsKeys.admins(), { vendorId }] as const,
  roles: () => [...settingsKeys.all, 'roles', 'EMPLOYER_ADMIN'] as const,
  activity: (vendorId: string | null) => [...settingsKeys.all, 'activity', { vendorId }] as const,
  /** `s`: the trail's search of settings/api.ts (dates, actor, page). */
  activityTrail: <S extends object>(s: S) => [...settingsKeys.all, 'activity-trail', s] as const,
};

/** Salary advance approvals (User Verification). */
export const approvalKeys = {
  all: ['approvals'] as const,
  pendingLists: () => [...approvalKeys.all, 'pending'] as const,
  pending: (vendorId: string | null, search: string) => [...approvalKeys.pendingLists(), { vendorId, search }] as const,
};

export const ewaRequestKeys = {
  all: ['ewa-requests'] as const,
  pendingLists: () => [...ewaRequestKeys.all, 'pending'] as const,
  pending: (vendorId: string | null, search: string) => [...ewaRequestKeys.pendingLists(), { vendorId, search }] as const,
};

