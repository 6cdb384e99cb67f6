/**
 * The Transactions screen's state in the URL (spec 2.13): `startDate` and `endDate` (From and To;
 * the current month so far when absent or unreadable), `employerWorkerId` (Search by WorkerId),
 * `status` (one of the offered statuses; absent is All) and `page`. Other parameters (vendorId)
 * are kept. Pure.
 */
import { TRANSACTION_FILTER_STATUSES, currentMonthRange, queryBusinessDate, type TransactionFilterStatus } from '@portal/domain';

export interface TransactionsState {
  startDate: string;
  endDate: string;
  employerWorkerId: string;
  status: TransactionFilterStatus | '';
  page: number;
}

const MAX_TEXT = 100;
const isStatus = (v: string): v is TransactionFilterStatus => (TRANSACTION_FILTER_STATUSES as readonly string[]).includes(v);

export function parseTransactionsState(params: URLSearchParams, today: string): TransactionsState {
  const defaults = currentMonthRange(today);
  const start = queryBusinessDate(params.get('startDate'));
  const end = queryBusinessDate(params.get('endDate'));
  const pageText = params.get('page') ?? '';
  const status = params.get('status') ?? '';
  return {
    startDate: start ?? defaults.startDate,
    endDate: end ?? defaults.endDate,
    employerWorkerId: (params.get('employerWorkerId') ?? '').trim().slice(0, MAX_TEXT),
    status: isStatus(status) ? status : '',
    page: /^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1,
  };
}

/** The URL query for a state, keeping every other parameter (vendorId). Dates are always written, so a link keeps its range. */
export function writeTransactionsState(current: URLSearchParams, state: TransactionsState): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ['startDate', 'endDate', 'employerWorkerId', 'status', 'page']) next.delete(key);
  next.set('startDate', state.startDate);
  next.set('endDate', state.endDate);
  if (state.employerWorkerId) next.set('employerWorkerId', state.employerWorkerId);
  if (state.status) next.set('status', state.status);
  if (state.page > 1) next.set('page', String(state.page));
  return next;
}

/**
 * The Name link of a row (spec 2.13): the employee profile with empId, employerEmployeeId and, in
 * vendor context, vendorId; null for a contractor, who has no profile link.
 */
export function transactionProfileHref(
  row: { workerType: 'EMPLOYEE' | 'CONTRACTOR'; employeeId: string; employeeDataSnapshot: { employerEmployeeId: string } | null },
  vendorId: string | null,
): string | null {
  if (row.workerType !== 'EMPLOYEE' || !row.employeeDataSnapshot) return null;
  const q = new URLSearchParams({ empId: row.employeeId, employerEmployeeId: row.employeeDataSnapshot.employerEmployeeId });
  if (vendorId) q.set('vendorId', vendorId);
  return `${vendorId ? '/vendors/employeeProfile' : '/employeeProfile'}?${q.toString()}`;
}
