/**
 * The worker side: what the worker app (not part of this portal) does to the portal's data. A
 * worker registers (pending approval when the employer asks for it), and requests wage advances
 * within the limits; advances move through the transaction statuses, are repaid or deducted from
 * salary; salary top-ups are applied for, disbursed and repaid by EMIs. The demo seed and the tests
 * drive the data through here, never by raw inserts.
 *
 * One file per use case under `use-cases/`, the limits of a request in `limits.ts`, what they
 * share in `shared.ts`; this binds them to the deps (decision 0029).
 */
import type { Deps } from '../../platform/context.js';
import { bindUseCases } from '../../platform/use-cases.js';
import { advance, owed } from './use-cases/advance.js';
import { disburse, move } from './use-cases/advance-status.js';
import { signAgreement } from './use-cases/agreement.js';
import { markAttendance } from './use-cases/attendance.js';
import { availability } from './use-cases/availability.js';
import { addBankAccount } from './use-cases/bank-account.js';
import { reviewDocument, setVerification, uploadDocument } from './use-cases/documents.js';
import { saveProfile } from './use-cases/profile.js';
import { register } from './use-cases/register.js';
import { repay } from './use-cases/repay.js';
import { requestAdvance } from './use-cases/request-advance.js';
import { applyTopup } from './use-cases/topup.js';

export { ADVANCE_HOLD_MSG, ADVANCE_REFUSALS } from './shared.js';

export const createWorkerSide = (deps: Pick<Deps, 'db' | 'now' | 'protector' | 'queue'>) =>
  bindUseCases(deps, {
    register,
    markAttendance,
    availability,
    requestAdvance,
    move,
    advance,
    owed,
    saveProfile,
    addBankAccount,
    uploadDocument,
    reviewDocument,
    setVerification,
    signAgreement,
    disburse,
    repay,
    applyTopup,
  });

export type WorkerSide = ReturnType<typeof createWorkerSide>;
