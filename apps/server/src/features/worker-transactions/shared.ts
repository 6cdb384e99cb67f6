/**
 * What the Transactions and Salary Topups use cases share (decision 0029): their deps, the cap,
 * the tables a search reads, the dates of a query as a window of instants, the count stopped at
 * the cap, the page's window and the direction of a sort. Dates are business dates in
 * Asia/Kolkata: a day runs from its IST midnight to the next.
 */
import { sql, type OrderByModifiers } from 'kysely';
import { WORKER_TRANSACTIONS_MSG, businessDate, businessDayStart, nextDay, queryBusinessDate } from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';

export type { Scope } from '../../platform/scope.js';

/** The use cases need the database, the clock and the cap of the config. */
export type WorkerTransactionsDeps = Pick<Deps, 'db' | 'now' | 'config'>;

/** Only the first `cap` rows (spec 9: 20,000) of a search's sort order are reachable. */
export const capOf = (deps: Pick<Deps, 'config'>) => deps.config.workerTransactionsCap;

export const today = (deps: Pick<Deps, 'now'>) => businessDate(deps.now());

/** The tables a search reads, before anything is filtered, selected, ordered or limited. */
export const transactionsFrom = (db: Deps['db']) => db.selectFrom('transactions');
export const topupsFrom = (db: Deps['db']) => db.selectFrom('salary_topup_applications as a').innerJoin('workers as w', 'w.id', 'a.worker_id');
export type TransactionScope = ReturnType<typeof transactionsFrom>;
export type TopupScope = ReturnType<typeof topupsFrom>;

/**
 * The direction of a sort. A key that may be missing (no approval date yet) puts those rows last
 * either way; the others keep PostgreSQL's default null order, which is the order of their indexes
 * (`created_at desc, id desc` is read backwards for asc): a NULLS LAST there would cost a full sort.
 */
export const direction = (order: 'asc' | 'desc', nullable = false): OrderByModifiers => (nullable ? (ob) => (order === 'asc' ? ob.asc() : ob.desc()).nullsLast() : order);

/**
 * The window of the sort order a page shows: rows [offset, offset + limit) of the first `cap`.
 * Null when the page lies wholly beyond them (an empty page, not an error).
 */
export function pageWindow(page: number, pageSize: number, cap: number): { offset: number; limit: number } | null {
  const offset = (page - 1) * pageSize;
  if (offset >= cap) return null;
  return { offset, limit: Math.min(pageSize, cap - offset) };
}

/** The query's dates as business dates, checked with `check`; the instants [from, to) they cover. */
export function dateWindow(startDate: string, endDate: string, today: string, check: (from: string, to: string, today: string) => string | null) {
  const from = queryBusinessDate(startDate);
  const to = queryBusinessDate(endDate);
  if (!from || !to) throw badRequest(WORKER_TRANSACTIONS_MSG.invalidDate);
  const problem = check(from, to, today);
  if (problem) throw badRequest(problem);
  return { from: businessDayStart(from), until: businessDayStart(nextDay(to)) };
}

/** How many rows a search matches, counted no further than the cap (no row is read: 1 per match). */
export async function cappedCount(deps: WorkerTransactionsDeps, scope: TransactionScope | TopupScope): Promise<number> {
  const { db } = deps;
  const cap = capOf(deps);
  // Either scope: only its FROM and WHERE are used.
  const matches = (scope as TransactionScope).select(sql<number>`1`.as('one')).limit(cap).as('m');
  const { n } = await db
    .selectFrom(matches)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
