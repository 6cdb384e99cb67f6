import { sql } from 'kysely';
import type { PendingApprovalsQuery, PendingTransactionApproval, PendingWorkerApproval } from '@portal/domain';
import type { WorkerRecord } from '../../../db/schema.js';
import { inScope } from '../../../platform/scope.js';
import { containsPattern, requireApprovalEnabled, type ApprovalDeps, type Scope } from '../shared.js';
import { pendingRequests } from './pending-requests.js';

function toPending(w: Pick<WorkerRecord, 'id' | 'full_name' | 'employer_worker_id' | 'mobile' | 'current_monthly_salary' | 'approval_requested_at' | 'joined_at'>): PendingWorkerApproval {
  return {
    employeeId: w.id,
    fullName: w.full_name,
    employersWorkerId: w.employer_worker_id,
    mobile: w.mobile,
    currentMonthlySalary: w.current_monthly_salary,
    dateRequested: w.approval_requested_at ? new Date(w.approval_requested_at).toISOString() : null,
    joinedAt: w.joined_at,
  };
}

/** GET pending-approvals: the sign-ups held for approval (oldest request first), or the held advances (entityType TRANSACTION). */
export async function pending(deps: ApprovalDeps, ctx: Scope, query: PendingApprovalsQuery): Promise<{ data: PendingWorkerApproval[] } | { data: PendingTransactionApproval[] }> {
  const { db } = deps;
  await requireApprovalEnabled(deps, ctx);
  const text = (query.search ?? '').trim();
  if (query.entityType === 'TRANSACTION') return pendingRequests(deps, ctx, text);
  const rows = await db
    .selectFrom('workers')
    .select(['id', 'full_name', 'employer_worker_id', 'mobile', 'current_monthly_salary', 'approval_requested_at', 'joined_at'])
    .where(inScope(ctx))
    .where('approval_status', '=', 'PENDING')
    .$if(text !== '', (q) =>
      q.where((eb) => {
        const p = containsPattern(text);
        return eb.or([eb('full_name', 'ilike', p), eb('employer_worker_id', 'ilike', p), eb('mobile', 'ilike', p)]);
      }),
    )
    .orderBy(sql`approval_requested_at asc nulls last`)
    .orderBy('id')
    .execute();
  return { data: rows.map(toPending) };
}
