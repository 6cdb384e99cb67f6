/** Employees, employee profile, approvals, transactions and top-ups, dashboard. */
import type { VendorQuery } from '../wire/api.js';
import type {
  BulkEmployeeIdsBody,
  BulkEmployeeResult,
  EmployeeExportBody,
  EmployeeFieldCheckBody,
  EmployeeFieldCheckResult,
  EmployeeFormBody,
  EmployeeRecord,
  EmployeeSearchBody,
  EmployeeSearchResult,
  EmployeeUpdateBody,
  TerminateEmployeeBody,
} from '../wire/employees.js';
import type {
  AgreementLink,
  AgreementSignedLinkQuery,
  AgreementsMetadata,
  EmployeeProfile,
  ProfileDocumentQuery,
  ProfileIdParams,
  ProfileQuery,
  ProfileTransactions,
  SalaryDetails,
  WorkerTypeQuery,
} from '../wire/employee-profile.js';
import type {
  ApprovalDecisionAnswer,
  ApprovalDecisionBody,
  ApprovalDecisionResult,
  PendingApprovalsAnswer,
  PendingApprovalsQuery,
  PendingApprovalsResult,
  PendingTransactionApprovalsResult,
  TransactionDecisionResult,
} from '../wire/approvals.js';
import type {
  SalaryTopupFilter,
  SalaryTopupQuery,
  SalaryTopupResult,
  WorkerTransactionsFilter,
  WorkerTransactionsQuery,
  WorkerTransactionsResult,
} from '../wire/worker-transactions.js';
import type {
  AttendanceCycleResult,
  CurrentCycleTopupStatsResult,
  DashboardStats,
  SalaryTopupStatsQuery,
  SalaryTopupStatsResult,
  StatsKindParam,
  TodoResult,
  VendorStatsQuery,
  VendorStatsResult,
} from '../wire/dashboard.js';
import { endpoint } from './endpoint.js';

export const employeeCalls = {
  search: endpoint<{ query: typeof VendorQuery; body: typeof EmployeeSearchBody; answer: typeof EmployeeSearchResult }>()('PUT', '/v2/employer-admin/employee-paginated-filter-search'),
  report: endpoint<{ query: typeof VendorQuery; body: typeof EmployeeExportBody; answer: 'file' }>()('PUT', '/employer-admin/search'),
  add: endpoint<{ query: typeof VendorQuery; body: typeof EmployeeFormBody; answer: typeof EmployeeRecord }>()('POST', '/employer-admin/employee'),
  update: endpoint<{ query: typeof VendorQuery; body: typeof EmployeeUpdateBody; answer: typeof EmployeeRecord }>()('PATCH', '/employer-admin/employee'),
  fieldCheck: endpoint<{ query: typeof VendorQuery; body: typeof EmployeeFieldCheckBody; answer: typeof EmployeeFieldCheckResult }>()('POST', '/employer-admin/employee-field-check'),
  terminateMany: endpoint<{ query: typeof VendorQuery; body: typeof BulkEmployeeIdsBody; answer: typeof BulkEmployeeResult }>()('PATCH', '/v2/employer-admin/terminate-employees'),
  activateMany: endpoint<{ query: typeof VendorQuery; body: typeof BulkEmployeeIdsBody; answer: typeof BulkEmployeeResult }>()('PATCH', '/v2/employer-admin/activate-employees'),
  terminateOne: endpoint<{ query: typeof VendorQuery; body: typeof TerminateEmployeeBody; answer: typeof EmployeeRecord }>()('PATCH', '/employer-admin/terminate-employee'),
};

export const employeeProfileCalls = {
  profile: endpoint<{ query: typeof ProfileQuery; answer: typeof EmployeeProfile }>()('GET', '/employer-admin/user'),
  document: endpoint<{ query: typeof ProfileDocumentQuery; answer: 'file' }>()('GET', '/employer-admin/user-document'),
  transactions: endpoint<{ query: typeof ProfileQuery; answer: typeof ProfileTransactions }>()('GET', '/employer-admin/transactions'),
  salaryDetails: endpoint<{ params: typeof ProfileIdParams; query: typeof VendorQuery; answer: typeof SalaryDetails }>()('GET', '/employer-admin/employee/:id/withdrawal-accessibility'),
  agreements: endpoint<{ params: typeof ProfileIdParams; query: typeof WorkerTypeQuery; answer: typeof AgreementsMetadata }>()('GET', '/employer-admin/workers/:id/agreements-metadata'),
  agreementLink: endpoint<{ params: typeof ProfileIdParams; query: typeof VendorQuery; answer: typeof AgreementLink }>()('GET', '/employer-admin/agreements/:id/presigned-s3-url'),
  /** The signed link's file (public; its path is employee-profile's AGREEMENT_DOCUMENT_PATH). */
  signedAgreement: endpoint<{ params: typeof ProfileIdParams; query: typeof AgreementSignedLinkQuery; answer: 'file' }>()('GET', '/agreement-documents/:id'),
};

export const approvalCalls = {
  pending: endpoint<{
    query: typeof PendingApprovalsQuery;
    answer: typeof PendingApprovalsAnswer;
    answerBy: { key: 'entityType'; from: 'query'; answers: { WORKER: typeof PendingApprovalsResult; TRANSACTION: typeof PendingTransactionApprovalsResult } };
  }>()('GET', '/employer-admin/employer-approval/pending-approvals'),
  decide: endpoint<{
    query: typeof VendorQuery;
    body: typeof ApprovalDecisionBody;
    answer: typeof ApprovalDecisionAnswer;
    answerBy: { key: 'entityType'; from: 'body'; answers: { WORKER: typeof ApprovalDecisionResult; TRANSACTION: typeof TransactionDecisionResult } };
  }>()('PUT', '/employer-admin/employer-approval/update-request'),
};

export const workerTransactionCalls = {
  transactions: endpoint<{ query: typeof WorkerTransactionsQuery; answer: typeof WorkerTransactionsResult }>()('GET', '/employer-admin/transactions-of-workers'),
  transactionsReport: endpoint<{ query: typeof WorkerTransactionsFilter; answer: 'file' }>()('GET', '/employer-admin/transactions-of-workers/report'),
  topups: endpoint<{ query: typeof SalaryTopupQuery; answer: typeof SalaryTopupResult }>()('GET', '/employer-admin/salary-topup/applications'),
  topupsReport: endpoint<{ query: typeof SalaryTopupFilter; answer: 'file' }>()('GET', '/employer-admin/salary-topup/applications/report'),
};

export const dashboardCalls = {
  attendanceCycle: endpoint<{ query: typeof VendorQuery; answer: typeof AttendanceCycleResult }>()('GET', '/employer-admin/stats/attendance-cycle'),
  stats: endpoint<{ params: typeof StatsKindParam; query: typeof VendorQuery; answer: typeof DashboardStats }>()('GET', '/employer-admin/stats/:kind'),
  salaryTopupStats: endpoint<{ query: typeof SalaryTopupStatsQuery; answer: typeof SalaryTopupStatsResult }>()('GET', '/employer-admin/salary-topup-stats'),
  currentCycleTopupStats: endpoint<{ query: typeof VendorQuery; answer: typeof CurrentCycleTopupStatsResult }>()('GET', '/employer-admin/current-attendance-cycle-salarytopup-stats'),
  vendorStats: endpoint<{ query: typeof VendorStatsQuery; answer: typeof VendorStatsResult }>()('GET', '/employer-admin/vendor-stats'),
  todo: endpoint<{ query: typeof VendorQuery; answer: typeof TodoResult }>()('GET', '/employer-admin/to-do'),
};
