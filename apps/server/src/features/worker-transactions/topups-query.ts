/**
 * The Salary Topups search (spec 2.12): the rows it reads, their wire form, the orders of sortBy
 * and the scope of a query. Shared by the page (`use-cases/topups.ts`) and the download
 * (`use-cases/topup-search.ts`, whose rows the route writes with `toTopupRow`).
 */
import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
import { checkTopupDates, type SalaryAdvanceStatus, type SalaryTopupFilter, type SalaryTopupRow, type SalaryTopupSortBy } from '@portal/domain';
import type { DB } from '../../db/schema.js';
import { vendorIs } from '../../platform/scope.js';
import { dateWindow, today, topupsFrom, type Scope, type TopupScope, type WorkerTransactionsDeps } from './shared.js';

export interface TopupSelection {
  id: string;
  created_at: Date;
  amount: number;
  tenure_months: number;
  emi_amount: number;
  emi_start_date: string | null;
  approval_date: string | null;
  disbursal_date: string | null;
  status: string;
  worker_id: string;
  full_name: string;
  employer_worker_id: string;
}

export type TopupSearch = SelectQueryBuilder<DB, 'salary_topup_applications' | 'workers', TopupSelection>;

export const TOPUP_COLUMNS = [
  'a.id',
  'a.created_at',
  'a.amount',
  'a.tenure_months',
  'a.emi_amount',
  'a.emi_start_date',
  'a.approval_date',
  'a.disbursal_date',
  'a.status',
  'a.worker_id',
  'w.full_name',
  'w.employer_worker_id',
] as const;

/** What each sortBy orders by. Names compare without case (as the employees list). */
export const TOPUP_SORT: Record<SalaryTopupSortBy, Expression<unknown>> = {
  createdAt: sql.ref('a.created_at'),
  amount: sql.ref('a.amount'),
  status: sql.ref('a.status'),
  name: sql`lower(w.full_name)`,
  approvalDate: sql.ref('a.approval_date'),
};

export function toTopupRow(a: TopupSelection): SalaryTopupRow {
  return {
    _id: a.id,
    approvalDate: a.approval_date,
    disbursalDate: a.disbursal_date,
    emiStartDate: a.emi_start_date,
    emiAmount: a.emi_amount,
    status: a.status as SalaryAdvanceStatus,
    currentApplicationTerm: { amount: a.amount, tenureInMonths: a.tenure_months },
    employeeId: a.worker_id,
    name: a.full_name,
    employerEmployeeId: a.employer_worker_id,
    createdAt: a.created_at.toISOString(),
  };
}

export function topupScope(deps: WorkerTransactionsDeps, ctx: Scope, q: SalaryTopupFilter): TopupScope {
  const { db } = deps;
  const { from, until } = dateWindow(q.startDate, q.endDate, today(deps), checkTopupDates);
  let query = topupsFrom(db)
    .where('a.employer_id', '=', ctx.admin.employer_id)
    .where(vendorIs(ctx.vendorId, 'a.vendor_id'))
    .where('a.created_at', '>=', from)
    .where('a.created_at', '<', until);
  if (q.status) query = query.where('a.status', '=', q.status);
  return query;
}
