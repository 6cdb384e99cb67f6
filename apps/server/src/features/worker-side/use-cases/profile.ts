import { badRequest } from '../../../platform/errors.js';
import { setWorkerPan } from '../../employees/index.js';
import { type WorkerSideDeps, PROFILE_REFUSALS, workerOrThrow } from '../shared.js';

/** What the worker app records about a worker beyond the sign-up (their KYC details). */
export interface WorkerProfileInput {
  gender?: string | null;
  /** yyyy-mm-dd */
  dateOfBirth?: string | null;
  address?: { line1: string; line2?: string | null; city?: string | null; state?: string | null; pincode?: string | null } | null;
  pan?: string | null;
}

/** The worker app's KYC step: gender, date of birth, address and PAN. */
export async function saveProfile(deps: WorkerSideDeps, workerId: string, input: WorkerProfileInput): Promise<void> {
  const { db } = deps;
  await workerOrThrow(deps, workerId);
  const pan = input.pan?.trim().toUpperCase();
  if (pan && !/^[A-Z]{5}\d{4}[A-Z]$/.test(pan)) throw badRequest(PROFILE_REFUSALS.pan);
  const values = {
    gender: input.gender ?? null,
    date_of_birth: input.dateOfBirth ?? null,
    address: input.address ? JSON.stringify(input.address) : null,
    updated_at: deps.now(),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('worker_profiles')
      .values({ worker_id: workerId, verification: '{}', ...values })
      .onConflict((oc) => oc.column('worker_id').doUpdateSet(values))
      .execute();
    if (pan) {
      // Sealed at rest (decision 0037); the screens show the masked form.
      const sealed = deps.protector.protectText(pan);
      await setWorkerPan(trx, workerId, sealed, deps.now());
    }
  });
}
