import { sql } from 'kysely';
import {
  PAYROLL_PER_PAGE_LIMIT,
  PAYOUT_FILTERS,
  payoutStatusesOf,
  type EmployeePayoutDetailsResult,
  type PayoutCounts,
  type PayoutFigures,
  type PayoutFilter,
  type PayrollFlag,
} from '@portal/domain';
import type { PayrollEntryRecord } from '../../../db/schema.js';
import type { AuthContext } from '../../../platform/guard.js';
import { identityRecordsOf } from '../identity.js';
import { type PayrollDeps, currentPayroll, iso, noData, payrollOf, sumCount } from '../shared.js';

/** A deduction of a page row, as json: transaction id or EMI id, date, amount. */
interface DeductionJson {
  t: string | null;
  m: string | null;
  d: string;
  a: number;
}
type PageRow = PayrollEntryRecord & { items: DeductionJson[]; reversed_on: string | null };

/**
 * POST employee-payout-details: a page (perPageLimit 10, sheet order) of the payroll's entries
 * in a tab, searched by name or Employee ID (contains, case-insensitive), with the count of
 * every tab under the same search. Without a search: the counts from payroll_entry_counts and
 * the page from a range of positions (Total) or (payroll_id, status, position), in parallel.
 * With one: a single statement that reads the payroll's entries once, counting the matches
 * per status and taking the page from them. The page carries its deductions (json, in order).
 */
export async function payoutDetails(deps: PayrollDeps, ctx: AuthContext, body: { page: number; status: PayoutFilter; searchId?: string; month: number; year: number; payrollId?: string }): Promise<EmployeePayoutDetailsResult> {
  const { db } = deps;
  const p = body.payrollId ? await payrollOf(db, ctx, body.payrollId) : await currentPayroll(db, ctx, { month: body.month, year: body.year });
  if (!p) throw noData();
  // Contains, case-insensitive, on the name or the Employee ID (search_text holds both, lower-cased).
  const search = (body.searchId ?? '').replace(/[\u0000-\u001f]/g, '').trim().toLowerCase();
  const statuses = payoutStatusesOf(body.status);
  const limit = PAYROLL_PER_PAGE_LIMIT;
  const offset = body.page * limit;
  const items = sql<DeductionJson[]>`coalesce((select json_agg(json_build_object('t', d.transaction_id, 'm', d.topup_emi_id, 'd', d.item_date, 'a', d.amount) order by d.position) from payroll_deductions d where d.entry_id = e.id), '[]'::json)`;
  // Issue 20 item 2: the business date on which the bank reversed the entry's current payout (its UTR is not a payment).
  const reversedOn = sql<string | null>`(select to_char(o.updated_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') from payouts o where o.id::text = e.request_id and o.status = 'REVERSED')`;
  const inTab = statuses ? sql`and status = any(${statuses}::text[])` : sql``;
  let byStatus: Map<string, number>;
  let rows: PageRow[];
  // The whole payroll's counts and amounts per status, read once with the tabs' counts.
  let whole: { status: string; n: number; amount: number }[];
  if (!search) {
    const [countRows, page] = await Promise.all([
      db.selectFrom('payroll_entry_counts').select(['status', 'n', 'amount']).where('payroll_id', '=', p.id).execute(),
      // Total: a range of positions. A tab: the page's ids first from (payroll_id, status, position),
      // so the rows skipped by the offset are never read from the table nor projected.
      statuses
        ? sql<PageRow>`
            select e.*, ${items} as items, ${reversedOn} as reversed_on
            from (select id, position from payroll_entries where payroll_id = ${p.id}::uuid ${inTab} order by position limit ${limit} offset ${offset}) pg
            join payroll_entries e on e.id = pg.id
            order by pg.position
          `.execute(db)
        : sql<PageRow>`
            select e.*, ${items} as items, ${reversedOn} as reversed_on from payroll_entries e
            where e.payroll_id = ${p.id}::uuid and e.position > ${offset} and e.position <= ${offset + limit}
            order by e.position
          `.execute(db),
    ]);
    byStatus = new Map(countRows.map((r) => [r.status as string, r.n]));
    whole = countRows.map((r) => ({ status: r.status, n: r.n, amount: Number(r.amount) }));
    rows = page.rows;
  } else {
    const { rows: found } = await sql<PageRow & { counts: Record<string, number>; whole: { status: string; n: number; amount: number }[] }>`
      with m as materialized (
        select id, status, position from payroll_entries where payroll_id = ${p.id}::uuid and strpos(search_text, ${search}) > 0
      ),
      c as (select coalesce(json_object_agg(status, n), '{}'::json) as counts from (select status, count(*)::int as n from m group by status) g),
      w as (select coalesce(json_agg(json_build_object('status', status, 'n', n, 'amount', amount)), '[]'::json) as whole from payroll_entry_counts where payroll_id = ${p.id}::uuid),
      pg as (select id, position from m where true ${inTab} order by position limit ${limit} offset ${offset})
      select c.counts, w.whole, e.*, ${items} as items, ${reversedOn} as reversed_on
      from c cross join w left join (pg join payroll_entries e on e.id = pg.id) on true
      order by pg.position
    `.execute(db);
    byStatus = new Map(Object.entries(found[0]?.counts ?? {}));
    whole = (found[0]?.whole ?? []).map((r) => ({ status: r.status, n: Number(r.n), amount: Number(r.amount) }));
    rows = found.filter((r) => r.id !== null);
  }
  const counts = Object.fromEntries(
    PAYOUT_FILTERS.map((f) => {
      const list = payoutStatusesOf(f);
      return [f, list === null ? [...byStatus.values()].reduce((a, b) => a + b, 0) : list.reduce((a, s) => a + (byStatus.get(s) ?? 0), 0)];
    }),
  ) as PayoutCounts;
  const figures = Object.fromEntries(PAYOUT_FILTERS.map((f) => [f, sumCount(whole, payoutStatusesOf(f))])) as PayoutFigures;
  const toRow = (e: PageRow) => ({
    _id: e.id,
    workerId: e.worker_id,
    rowNumber: e.row_number,
    name: e.name,
    employerEmployeeCode: e.employer_employee_code,
    mobile: e.mobile,
    monthlySalary: e.monthly_salary,
    workingDays: e.working_days,
    paidDays: Number(e.paid_days),
    salary: e.salary,
    deductions: e.deductions,
    amountPayable: e.amount_payable,
    accountNumber: e.account_number_masked,
    ifsc: e.ifsc,
    status: e.status,
    skipReason: e.skip_reason,
    flags: e.flags as PayrollFlag[],
    deductionItems: e.items.map((d) => ({ kind: d.t ? ('ADVANCE' as const) : ('TOPUP_EMI' as const), id: (d.t ?? d.m)!, amount: Number(d.a), date: d.d })),
    requestId: e.request_id,
    utr: e.utr,
    reversedOn: e.reversed_on ?? null,
    paidAt: iso(e.paid_at),
    createdDate: e.created_at.toISOString(),
    updatedDate: e.updated_at.toISOString(),
  });
  // NAME_DIFFERS / MOBILE_DIFFERS: what the employee record holds, to show beside the flag.
  const records = await identityRecordsOf(db, p, rows.filter((e) => e.flags.includes('NAME_DIFFERS') || e.flags.includes('MOBILE_DIFFERS')).map((e) => e.id));
  return { payrollId: p.id, data: rows.map((e) => ({ ...toRow(e), employeeRecord: records.get(e.id) ?? null })), totalCount: counts[body.status], counts, figures, perPageLimit: limit };
}
