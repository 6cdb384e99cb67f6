/**
 * Worker transactions (spec 2.13, 7 `GET /employer-admin/transactions-of-workers`) and salary
 * top-up applications (2.12, 7 `GET /employer-admin/salary-topup/applications`). Every query is
 * scoped by the caller's employer and context: the employer's own workers (`vendor_id is null`)
 * without `vendorId`, that vendor's with it. Dates are business dates in Asia/Kolkata: a day runs
 * from its IST midnight to the next. Only the first `cap` rows (spec 9: 20,000) of a search's sort
 * order are reachable: the screens get one page of them at a time with their count (itself stopped
 * at the cap, without reading the rows), the xlsx downloads all of them, newest first.
 *
 * One file per use case under `use-cases/` (the pages and the downloads' queries), each search's
 * rows, orders and scope in `transactions-query.ts` and `topups-query.ts`, what they share in
 * `shared.ts`; this binds them to the deps (decision 0029).
 */
import type { Deps } from '../../platform/context.js';
import { bindUseCases } from '../../platform/use-cases.js';
import { topupSearch } from './use-cases/topup-search.js';
import { topups } from './use-cases/topups.js';
import { transactionSearch } from './use-cases/transaction-search.js';
import { transactions } from './use-cases/transactions.js';

export const createWorkerTransactionsService = (deps: Pick<Deps, 'db' | 'now' | 'config'>) => bindUseCases(deps, { transactions, transactionSearch, topups, topupSearch });
