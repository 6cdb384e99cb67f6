/**
 * Payroll calls (spec 7, docs/payroll-design.md): the query-key factory, the queries of the three
 * screens and the actions. Every call carries the vendorId in vendor context.
 */
import { keepPreviousData, queryOptions, type UseQueryResult } from '@tanstack/react-query';
import {
  MISSING_WORKERS_PAGE_SIZE,
  PAYROLL_HISTORY_PAGE_SIZE,
  firstDayOf,
  lastDayOf,
  parseDocumentLocation,
  type EmployeePayoutDetailsBody,
  type ExecutePayrollResult,
  type HrActionBody,
  type MonthYearValue,
  type PayoutFilter,
  type PayrollDetails,
  type PayrollStatusResult,
  type StreamingExecuteQuery,
  type UpdatePayrollStatusBody,
  documentCalls,
  payoutCalls,
  payrollCalls,
} from '@portal/domain';
import { ApiError, call } from '../../shared/api/client';
import { payrollKeys } from '../../shared/api/query-keys';
import { saveBlob } from '../../shared/api/save-file';
import { accountCovers, refreshIntervalOf } from './model';

const vendorQuery = (vendorId: string | null) => (vendorId ? { vendorId } : {});
const monthQuery = (m: MonthYearValue) => ({ month: m.month, year: m.year });

export interface EntriesSearch {
  month: MonthYearValue;
  filter: PayoutFilter;
  /** 1-based; the call takes it zero-based */
  page: number;
  search: string;
}

export { payrollKeys } from '../../shared/api/query-keys';

/** "No payroll for the month" is an answer, not a failure: payroll-details says so with a 404. */
const isNoPayroll = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/**
 * The month's payroll, or `null` when it has none. The server answers "none" with a 404, which a
 * query would hold as an error, ask again as the screen mounts (after the route's prefetch) and
 * show a skeleton for meanwhile; read here as data, it is kept and shared like any answer.
 */
export async function payrollOrNone(asked: Promise<PayrollDetails>): Promise<PayrollDetails | null> {
  try {
    return await asked;
  } catch (error) {
    if (isNoPayroll(error)) return null;
    throw error;
  }
}

/**
 * What a payroll-details query says now, for every screen that reads it: the payroll (`data`), or
 * `noPayroll` when the month has none. A failed refetch keeps no older answer on screen.
 */
export function currentPayroll(details: Pick<UseQueryResult<PayrollDetails | null>, 'isError' | 'data'>): { data: PayrollDetails | undefined; noPayroll: boolean } {
  if (details.isError) return { data: undefined, noPayroll: false };
  return { data: details.data ?? undefined, noPayroll: details.data === null };
}

export const payrollInfoQuery = (vendorId: string | null) =>
  queryOptions({
    queryKey: payrollKeys.info(vendorId),
    queryFn: () => call(payrollCalls.info, { query: vendorQuery(vendorId) }),
    staleTime: 60_000,
  });

/** How often the balance is asked for again while it does not cover the payroll (a recharge happens in another tab). */
export const BALANCE_WATCH_MS = 5000;

/** The account; with `required` (paise), asked for again every 5 s while the balance is below it. */
export const accountInfoQuery = (vendorId: string | null, required: number | null = null) =>
  queryOptions({
    queryKey: payrollKeys.account(vendorId),
    queryFn: () => call(payoutCalls.accountInfo, { query: vendorQuery(vendorId) }),
    staleTime: 0,
    // Coming back from the recharge tab shows the new balance.
    refetchOnWindowFocus: true,
    refetchInterval: (q) => (required !== null && q.state.data !== undefined && !accountCovers(q.state.data, required) ? BALANCE_WATCH_MS : false),
  });

/** The figures of a month (or, without one, of the server's default month). */
export const monthlySummaryQuery = (vendorId: string | null, month: MonthYearValue | null) =>
  queryOptions({
    queryKey: payrollKeys.monthlySummary(vendorId, month),
    queryFn: () => call(payrollCalls.monthlySummary, { query: { ...vendorQuery(vendorId), ...(month ? monthQuery(month) : {}) } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => refreshIntervalOf(q.state.data?.summary.status),
  });

/** The upload history, `limit` (5 unless chosen, at most 100) a page. */
export const payrollHistoryQuery = (vendorId: string | null, page: number, limit: number = PAYROLL_HISTORY_PAGE_SIZE) =>
  queryOptions({
    queryKey: payrollKeys.history(vendorId, page, limit),
    queryFn: () => call(payrollCalls.list, { query: { ...vendorQuery(vendorId), pageNumber: page, limit } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.payrolls.some((p) => refreshIntervalOf(p.status) !== false) ? 2000 : false),
  });

/** The month's current payroll (`null`: none); refetched every 2 s while processed and every 3 s while paid out. */
export const payrollDetailsQuery = (vendorId: string | null, month: MonthYearValue) =>
  queryOptions({
    queryKey: payrollKeys.details(vendorId, month),
    queryFn: () => payrollOrNone(call(payrollCalls.details, { query: { ...vendorQuery(vendorId), ...monthQuery(month) } })),
    // Fresh on every visit (the read the route's prefetch made as the page opened is not asked for
    // again as it mounts: the query client's refetchOnMount, decision 0041).
    staleTime: 0,
    retry: false,
    refetchInterval: (q) => refreshIntervalOf(q.state.data?.status),
  });

export const payoutEntriesQuery = (vendorId: string | null, s: EntriesSearch, refreshMs: number | false) =>
  queryOptions({
    queryKey: payrollKeys.entries(vendorId, s),
    queryFn: () => {
      const body: EmployeePayoutDetailsBody = { page: Math.max(0, s.page - 1), status: s.filter, ...monthQuery(s.month), ...(s.search ? { searchId: s.search } : {}) };
      return call(payrollCalls.payoutDetails, { body, query: vendorQuery(vendorId) });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: refreshMs,
  });

/** The active workers of the payroll's context who are not in its sheet, a page of `limit` at a time (1-based), with the total. */
export const missingWorkersQuery = (vendorId: string | null, payrollId: string, page: number, limit: number = MISSING_WORKERS_PAGE_SIZE) =>
  queryOptions({
    queryKey: payrollKeys.missingWorkers(vendorId, payrollId, page, limit),
    queryFn: () => call(payrollCalls.missingWorkers, { query: { payrollId, pageNumber: page, limit, ...vendorQuery(vendorId) } }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

// ---- actions ----

/**
 * Finalize (4.5): the status goes to PAYROLL_FROZEN, and the freeze is also issued as the HR action
 * FREEZE_PAYROLL with the payroll month's first and last day. The server records the action on a
 * payroll already frozen by the first call (and answers it), so both always go out.
 */
export async function finalizePayroll(payrollId: string, month: MonthYearValue, vendorId: string | null): Promise<{ frozen: PayrollStatusResult; hrActionError: unknown }> {
  const frozen = await call(payrollCalls.updateStatus, { body: { payrollId, status: 'PAYROLL_FROZEN' } satisfies UpdatePayrollStatusBody, query: vendorQuery(vendorId) });
  const body = { type: 'FREEZE_PAYROLL', data: { payrollId, startDate: firstDayOf(month), endDate: lastDayOf(month) } } satisfies HrActionBody;
  // The payroll is frozen whatever happens next: a failed HR action is reported as such, never as a failed finalize.
  try {
    await call(payrollCalls.freeze, { body, query: vendorQuery(vendorId) });
    return { frozen, hrActionError: null };
  } catch (error) {
    return { frozen, hrActionError: error };
  }
}

export const cancelPayroll = (payrollId: string, vendorId: string | null) =>
  call(payrollCalls.updateStatus, { body: { payrollId, status: 'CANCELLED' } satisfies UpdatePayrollStatusBody, query: vendorQuery(vendorId) });

/**
 * Execute (4.5). A PAYROLL_STREAMING_ACCOUNT payroll goes by its streaming account id (from
 * stream-account-info, asked now) and its month: PUT streaming-account/execute-payroll (decision
 * 0022); any other by its payroll id.
 */
export async function executePayroll(payroll: Pick<PayrollDetails, '_id' | 'kind' | 'month'>, vendorId: string | null): Promise<ExecutePayrollResult> {
  if (payroll.kind !== 'PAYROLL_STREAMING_ACCOUNT') {
    return call(payoutCalls.execute, { query: { payrollId: payroll._id, ...vendorQuery(vendorId) } });
  }
  const account = await call(payoutCalls.accountInfo, { query: vendorQuery(vendorId) });
  const query: StreamingExecuteQuery = { streamingAccountId: account.streamingAccountId, ...monthQuery(payroll.month), ...vendorQuery(vendorId) };
  return call(payoutCalls.executeStreaming, { query });
}

export const reinitiateFailed = (payrollId: string, vendorId: string | null) =>
  call(payoutCalls.reinitiate, { query: { payrollId, ...vendorQuery(vendorId) } });

function bytesOf(b64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(b64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}

/** A stored document by its location (GET /employer-admin/doc), saved under `fileName` or the server's name. */
export async function downloadStoredDocument(location: string, vendorId: string | null, fileName?: string): Promise<void> {
  const ref = parseDocumentLocation(location);
  if (!ref) throw new ApiError(404, 'Document not found', undefined);
  const doc = await call(documentCalls.doc, { query: { ...ref, ...vendorQuery(vendorId) } });
  saveBlob(new Blob([bytesOf(doc.b64File)], { type: doc.mimeType }), fileName ?? doc.fileName);
}
