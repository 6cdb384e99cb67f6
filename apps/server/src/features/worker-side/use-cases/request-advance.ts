import { AppError, badRequest, notFound } from '../../../platform/errors.js';
import { emitEvent } from '../../../platform/events.js';
import { limitRefusal } from '../limits.js';
import { startAdvance } from '../advance-lifecycle.js';
import type { WorkerSideDeps } from '../shared.js';

/** A worker asks for an advance; refused with a reason when any limit says no. */
export async function requestAdvance(deps: WorkerSideDeps, workerId: string, amount: number): Promise<string> {
  const { db } = deps;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw badRequest('The amount must be a positive number of paise');
  return db.transaction().execute(async (trx) => {
    // One request per worker at a time, so two requests cannot both fit under one limit.
    const w = await trx.selectFrom('workers').selectAll().where('id', '=', workerId).forUpdate().executeTakeFirst();
    if (!w) throw notFound('Worker not found');
    const refusal = await limitRefusal(deps, w, amount);
    if (refusal) throw new AppError('ADVANCE_REFUSED', refusal);
    // Decision 0024: with the employer's approval on, the request waits for an admin.
    const employer = await trx.selectFrom('employers').select('config').where('id', '=', w.employer_id).executeTakeFirstOrThrow();
    const held = Boolean(employer.config.isEmployeeApprovalEnabled);
    const tx = {
      id: await startAdvance(
        trx,
        {
          employer_id: w.employer_id,
          vendor_id: w.vendor_id,
          worker_id: w.id,
          amount,
          employer_approval: held ? 'PENDING' : null,
          worker_snapshot: JSON.stringify({ fullName: w.full_name, employerWorkerId: w.employer_worker_id, workerType: w.worker_type }),
          created_at: deps.now(),
          updated_at: deps.now(),
        },
        deps.now(),
      ),
    };
    if (held) {
      await emitEvent(deps, trx, w.employer_id, 'ewa_request.waiting', {
        transactionId: tx.id,
        workerId: w.id,
        employerWorkerId: w.employer_worker_id,
        fullName: w.full_name,
        vendorId: w.vendor_id,
        amountPaise: amount,
        requestedAt: deps.now().toISOString(),
      });
    }
    return tx.id;
  });
}
