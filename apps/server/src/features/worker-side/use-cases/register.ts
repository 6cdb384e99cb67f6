import { sql } from 'kysely';
import type { WorkerRecord } from '../../../db/schema.js';
import { conflict } from '../../../platform/errors.js';
import { emitEvent } from '../../../platform/events.js';
import { newId } from '../../../platform/ids.js';
import type { WorkerSideDeps } from '../shared.js';
import { addSignedUpWorker, linkSignedUpUser } from '../../employees/index.js';

export interface RegisterInput {
  employerId: string;
  vendorId?: string | null;
  mobile: string;
  fullName: string;
  employerWorkerId: string;
  email?: string;
  /** paise */
  monthlySalary: number;
  joinedAt: string;
  workerType?: 'EMPLOYEE' | 'CONTRACTOR';
}

/**
 * A worker signs up in the worker app. A worker the employer already added is linked (signed
 * up); an unknown one is created, pending approval when the employer config asks for it.
 */
export async function register(deps: WorkerSideDeps, input: RegisterInput): Promise<WorkerRecord> {
  const { db } = deps;
  const employer = await db.selectFrom('employers').select('config').where('id', '=', input.employerId).executeTakeFirstOrThrow();
  const existing = await db
    .selectFrom('workers')
    .selectAll()
    .where('employer_id', '=', input.employerId)
    .where((eb) => eb.or([eb('mobile', '=', input.mobile), eb(sql`lower(employer_worker_id)`, '=', input.employerWorkerId.toLowerCase())]))
    .executeTakeFirst();
  if (existing) {
    if (existing.user_id) throw conflict('This worker has already signed up');
    return linkSignedUpUser(db, existing.id, newId(), deps.now());
  }
  const pending = Boolean(employer.config.isEmployeeApprovalEnabled);
  return db.transaction().execute(async (trx) => {
    const w = await addSignedUpWorker(trx, {
      employer_id: input.employerId,
      vendor_id: input.vendorId ?? null,
      worker_type: input.workerType ?? (input.vendorId ? 'CONTRACTOR' : 'EMPLOYEE'),
      employer_worker_id: input.employerWorkerId,
      full_name: input.fullName,
      email: input.email?.toLowerCase() ?? null,
      mobile: input.mobile,
      current_monthly_salary: input.monthlySalary,
      joined_at: input.joinedAt,
      user_id: newId(),
      approval_status: pending ? 'PENDING' : 'APPROVED',
      approval_requested_at: pending ? deps.now() : null,
      is_transaction_allowed: !pending,
    });
    if (pending) {
      await emitEvent(deps, trx, w.employer_id, 'worker.waiting_for_approval', {
        workerId: w.id,
        employerWorkerId: w.employer_worker_id,
        fullName: w.full_name,
        vendorId: w.vendor_id,
        monthlySalaryPaise: w.current_monthly_salary,
        requestedAt: deps.now().toISOString(),
      });
    }
    return w;
  });
}
