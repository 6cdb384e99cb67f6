import type { ReactNode } from 'react';
import {
  SALARY_TOPUPS_REPORT_NAME,
  SALARY_ADVANCE_STATUSES,
  SALARY_TOPUP_COLUMNS,
  SALARY_TOPUP_SORT_FIELDS,
  SALARY_TOPUP_STATUS_OPTIONS,
  checkTopupDates,
  dateOrNA,
  rupeesOrNA,
  tenureLabel,
  textOrNA,
  type SalaryTopupRow,
  type SalaryTopupSortBy,
} from '@portal/domain';
import { StatusBadge, type DataTableColumn, type StatusTone } from '../../shared/ui';
import { DatedSearchPage, datedSearchList, type DatedSearch } from '../../shared/ui/dated-search-page';
import { downloadTopupsReport, topupsQuery, type TopupsSearch } from './api';
import { useSearchDates } from './search-dates';

/** The page's search as the top-up calls take it (no search box). */
const searchOf = (s: DatedSearch): TopupsSearch => ({ startDate: s.startDate, endDate: s.endDate, status: s.status });

function statusTone(status: string): StatusTone {
  switch (status) {
    case 'APPLICATION_APPROVED':
    case 'DISBURSED':
    case 'REPAID':
      return 'success';
    case 'REJECTED':
    case 'DISBURSAL_FAILED':
      return 'reject';
    default:
      return 'pending';
  }
}

const CELL: Record<(typeof SALARY_TOPUP_COLUMNS)[number]['key'], (row: SalaryTopupRow) => ReactNode> = {
  employerEmployeeId: (row) => textOrNA(row.employerEmployeeId),
  name: (row) => textOrNA(row.name),
  approvalDate: (row) => dateOrNA(row.approvalDate),
  disbursalDate: (row) => dateOrNA(row.disbursalDate),
  amount: (row) => rupeesOrNA(row.currentApplicationTerm.amount),
  tenure: (row) => <span style={{ whiteSpace: 'nowrap' }}>{tenureLabel(row.currentApplicationTerm.tenureInMonths)}</span>,
  emiAmount: (row) => rupeesOrNA(row.emiAmount),
  emiStartDate: (row) => dateOrNA(row.emiStartDate),
  status: (row) => <StatusBadge tone={statusTone(row.status)} status={row.status} styles={{ label: { overflow: 'visible' } }} />,
};
type TopupColumnKey = (typeof SALARY_TOPUP_COLUMNS)[number]['key'];
const MONEY = new Set(['amount', 'emiAmount']);
const SORT_OF: Partial<Record<TopupColumnKey, SalaryTopupSortBy>> = { name: 'name', approvalDate: 'approvalDate', amount: 'amount', status: 'status' };
const COLUMNS: DataTableColumn<SalaryTopupRow>[] = SALARY_TOPUP_COLUMNS.map((c) => ({
  key: c.key,
  header: c.header,
  align: MONEY.has(c.key) ? 'right' : undefined,
  sortKey: SORT_OF[c.key],
  nowrap: c.key !== 'name',
  // Long headers over narrow cells take two lines, so the table fits 1366 px with Status in view.
  wrapHeader: c.key !== 'employerEmployeeId' && c.key !== 'name' && c.key !== 'status',
  render: CELL[c.key],
}));

const SALARY_TOPUPS = datedSearchList({
  vendorContext: false,
  title: { own: 'Salary Topups', vendor: 'Salary Topups' },
  description: 'Salary advance applications of your workers in the chosen period.',
  label: 'Salary Topups',
  sorts: SALARY_TOPUP_SORT_FIELDS,
  defaultSort: 'createdAt',
  firstOrder: { createdAt: 'desc', approvalDate: 'desc', amount: 'desc' },
  statuses: SALARY_ADVANCE_STATUSES,
  statusOptions: SALARY_TOPUP_STATUS_OPTIONS,
  statusWidth: 240,
  checkDates: checkTopupDates,
  useDates: useSearchDates,
  listQuery: (_vendorId, s, page) => topupsQuery(searchOf(s), page),
  rowsOf: (data) => data.applications,
  rowKey: (row) => row._id,
  columns: () => COLUMNS,
  report: { label: 'Download', fileName: SALARY_TOPUPS_REPORT_NAME, download: (_vendorId, s) => downloadTopupsReport(searchOf(s)) },
});

/**
 * Salary Topups (spec 2.12): the workers' salary advance applications of a period. From Date and
 * To Date (the first of the month and today by default; not after today, To not before From)
 * apply on Search; the status filter at once; Download saves advance-salary-report.xlsx. The dated
 * search page (`DatedSearchPage`) with Salary Topups' configuration; never in a vendor context.
 */
export function SalaryTopupsPage() {
  return <DatedSearchPage config={SALARY_TOPUPS} />;
}
