/**
 * The streaming account, payroll execution and the re-run of failed payouts (design doc,
 * "Account, execution and payouts"; decision 0015). Scoped by the caller's employer and context:
 * another tenant's (or context's) payroll is not found.
 *
 * One file per use case under `use-cases/` (`account-info`, `execute`, `execute-streaming`,
 * `reinitiate`), the locked payroll in `shared.ts`, the payouts' birth (their inserts and jobs) in
 * `new-payouts.ts`; this binds them to the deps (decision 0029).
 */
import { bindUseCases } from '../../platform/use-cases.js';
import type { PayoutDeps } from './shared.js';
import { accountInfo } from './use-cases/account-info.js';
import { executeStreaming } from './use-cases/execute-streaming.js';
import { execute } from './use-cases/execute.js';
import { reinitiate } from './use-cases/reinitiate.js';

export const createPayoutService = (deps: PayoutDeps) => bindUseCases(deps, { accountInfo, execute, executeStreaming, reinitiate });
