import { emiSchedule } from '@portal/domain';
import { type WorkerSideDeps, today, workerOrThrow } from '../shared.js';

/** A salary top-up application through to disbursal, with its EMI schedule. */
export async function applyTopup(deps: WorkerSideDeps, workerId: string, amount: number, tenureMonths: number, outcome: 'DISBURSED' | 'REJECTED' | 'VERIFICATION_PENDING' = 'DISBURSED'): Promise<string> {
  const { db } = deps;
  const w = await workerOrThrow(deps, workerId);
  const day = today(deps);
  const emis = emiSchedule(amount, tenureMonths);
  const [y, m] = day.split('-').map(Number) as [number, number];
  const due = (k: number) => {
    const d = new Date(Date.UTC(y, m + k, 5));
    return d.toISOString().slice(0, 10);
  };
  return db.transaction().execute(async (trx) => {
    const app = await trx
      .insertInto('salary_topup_applications')
      .values({
        employer_id: w.employer_id,
        vendor_id: w.vendor_id,
        worker_id: w.id,
        amount,
        tenure_months: tenureMonths,
        emi_amount: emis[emis.length - 1]!,
        status: outcome,
        approval_date: outcome === 'DISBURSED' ? day : null,
        disbursal_date: outcome === 'DISBURSED' ? day : null,
        emi_start_date: outcome === 'DISBURSED' ? due(0) : null,
        created_at: deps.now(),
        updated_at: deps.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (outcome === 'DISBURSED') {
      await trx.insertInto('topup_emis').values(emis.map((a, k) => ({ application_id: app.id, due_date: due(k), amount: a }))).execute();
    }
    return app.id;
  });
}
