/**
 * Worker approval (spec 2.17, 4.7, 5.4, 7): the pending sign-ups of the caller's employer (of the
 * vendor in vendor context) and the admin's decision on one. Only when the employer config has
 * `isEmployeeApprovalEnabled`. A worker outside the scope is not found (404), whatever its id; a
 * worker already decided is a 409; the salary edit follows 5.4 with the spec's messages. Advances
 * held for the employer (decision 0024) are listed and decided the same way.
 *
 * One file per use case under `use-cases/` (`pending`, `pending-requests`, `decide`,
 * `decide-request`), what they share in `shared.ts`; this binds them to the deps (decision 0029).
 */
import type { Deps } from '../../platform/context.js';
import { bindUseCases } from '../../platform/use-cases.js';
import { approvalDeps } from './shared.js';
import { decide } from './use-cases/decide.js';
import { pending } from './use-cases/pending.js';

export const createApprovalService = (deps: Deps) => bindUseCases(approvalDeps(deps), { pending, decide });
