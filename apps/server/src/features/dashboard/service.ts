/**
 * Dashboard figures (spec 2.4, 3 "Dashboard stats", "Vendor stats", "To-do item"; decision 0016).
 * Every figure is an SQL aggregate over one employer and one context (the employer's own workers
 * without `vendorId`, that vendor's with it) and a business-date window in Asia/Kolkata, counted
 * the way the Transactions and Salary Topups screens count the same window: transactions by
 * `created_at` with the screen's "All" statuses, top-up applications by `created_at`, any status.
 * The windows are read through the covering indexes of migration 0010.
 *
 * One file per use case under `use-cases/`, what they share in `shared.ts` (the cycles, the worker
 * count, the top-up figures); this binds them to the deps once, with this service's memory of
 * closed cycles (decision 0029).
 */
import type { Deps } from '../../platform/context.js';
import { bindUseCases } from '../../platform/use-cases.js';
import { cycles, dashboardDeps } from './shared.js';
import { currentCycleTopupStats } from './use-cases/current-cycle-topup-stats.js';
import { ewaStats } from './use-cases/ewa-stats.js';
import { salaryTopupStats } from './use-cases/salary-topup-stats.js';
import { stuStats } from './use-cases/stu-stats.js';
import { todo } from './use-cases/todo.js';
import { vendorStats } from './use-cases/vendor-stats.js';

export { CLOSED_CYCLES_TTL_MS } from './use-cases/ewa-stats.js';

export const createDashboardService = (deps: Deps) =>
  bindUseCases(dashboardDeps(deps), { cycles, ewaStats, stuStats, salaryTopupStats, currentCycleTopupStats, vendorStats, todo });
