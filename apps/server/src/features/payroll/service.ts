/**
 * Payroll up to the freeze (spec 2.9-2.11, 4.4, 4.5, 7; docs/payroll-design.md): the upload (through
 * the documents pipeline), the history, the payroll info and monthly summary, the details and the
 * payout table of a month, finalize / freeze / cancel, and the expiry. One file per use case under
 * `use-cases/`, what they share in `shared.ts`; this binds them to the deps for the routes
 * (decision 0029). Every query is scoped by the caller's employer and context.
 */
import type { Deps } from '../../platform/context.js';
import { bindUseCases } from '../../platform/use-cases.js';
import { payrollDeps } from './shared.js';
import { details } from './use-cases/details.js';
import { info } from './use-cases/info.js';
import { list } from './use-cases/list.js';
import { missingWorkers } from './use-cases/missing-workers.js';
import { monthlySummary } from './use-cases/monthly-summary.js';
import { payoutDetails } from './use-cases/payout-details.js';
import { freeze, updateStatus } from './use-cases/status.js';
import { upload, uploadSheet } from './use-cases/upload.js';

export const createPayrollService = (deps: Deps) =>
  bindUseCases(payrollDeps(deps), { upload, uploadSheet, list, info, monthlySummary, details, payoutDetails, missingWorkers, updateStatus, freeze });
