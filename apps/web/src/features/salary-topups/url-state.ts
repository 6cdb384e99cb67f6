/**
 * The Salary Topups screen's state in the URL (spec 2.12): `startDate` and `endDate` (From Date
 * the first of the current month and To Date today when absent or unreadable), `status` (an
 * application status; absent is All) and `page`. Pure.
 */
import { SALARY_ADVANCE_STATUSES, currentMonthRange, queryBusinessDate, type SalaryAdvanceStatus } from '@portal/domain';

export interface TopupsState {
  startDate: string;
  endDate: string;
  status: SalaryAdvanceStatus | '';
  page: number;
}

const isStatus = (v: string): v is SalaryAdvanceStatus => (SALARY_ADVANCE_STATUSES as readonly string[]).includes(v);

export function parseTopupsState(params: URLSearchParams, today: string): TopupsState {
  const defaults = currentMonthRange(today);
  const status = params.get('status') ?? '';
  const pageText = params.get('page') ?? '';
  return {
    startDate: queryBusinessDate(params.get('startDate')) ?? defaults.startDate,
    endDate: queryBusinessDate(params.get('endDate')) ?? defaults.endDate,
    status: isStatus(status) ? status : '',
    page: /^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1,
  };
}

export function writeTopupsState(current: URLSearchParams, state: TopupsState): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ['startDate', 'endDate', 'status', 'page']) next.delete(key);
  next.set('startDate', state.startDate);
  next.set('endDate', state.endDate);
  if (state.status) next.set('status', state.status);
  if (state.page > 1) next.set('page', String(state.page));
  return next;
}
