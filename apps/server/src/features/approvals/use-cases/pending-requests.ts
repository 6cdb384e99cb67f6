import type { PendingTransactionApproval } from '@portal/domain';
import { inScope } from '../../../platform/scope.js';
import { containsPattern, type ApprovalDeps, type Scope } from '../shared.js';

/** Advances held for the employer (decision 0024), oldest first, with what each worker can still withdraw now. */
export async function pendingRequests(deps: ApprovalDeps, ctx: Scope, search: string): Promise<{ data: PendingTransactionApproval[] }> {
  const { db, workerSide } = deps;
  const rows = await db
    .selectFrom('transactions')
    .innerJoin('workers as w', 'w.id', 'transactions.worker_id')
    .select(['transactions.id', 'transactions.worker_id', 'transactions.amount', 'transactions.created_at', 'w.full_name', 'w.employer_worker_id', 'w.worker_type'])
    .where(inScope(ctx, 'transactions'))
    .where('transactions.employer_approval', '=', 'PENDING')
    .where('transactions.status', '=', 'USER_REQUESTED')
    .$if(search !== '', (q) =>
      q.where((eb) => {
        const p = containsPattern(search);
        return eb.or([eb('w.full_name', 'ilike', p), eb('w.employer_worker_id', 'ilike', p), eb('w.mobile', 'ilike', p)]);
      }),
    )
    .orderBy('transactions.created_at')
    .orderBy('transactions.id')
    .execute();
  const availability = new Map<string, { available: number; isWithdrawalAllowed: boolean }>();
  for (const r of rows) if (!availability.has(r.worker_id)) availability.set(r.worker_id, await workerSide.availability(r.worker_id));
  return {
    data: rows.map((r) => ({
      entityId: r.id,
      employeeId: r.worker_id,
      fullName: r.full_name,
      employersWorkerId: r.employer_worker_id,
      workerType: r.worker_type,
      amount: r.amount,
      dateRequested: new Date(r.created_at).toISOString(),
      availableNow: availability.get(r.worker_id)!.available,
      isWithdrawalAllowed: availability.get(r.worker_id)!.isWithdrawalAllowed,
    })),
  };
}
