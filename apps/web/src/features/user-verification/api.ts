/** Worker approval calls (spec 7 "Admins and approvals"): the pending workers and the decision. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { approvalCalls } from '@portal/domain';
import type { ApprovalDecision, PendingWorkerApproval } from '@portal/domain';
import { call } from '../../shared/api/client';
import { approvalKeys } from '../../shared/api/query-keys';

export type { PendingWorkerApproval };

export { approvalKeys } from '../../shared/api/query-keys';

export const pendingWorkersQuery = (vendorId: string | null, search: string) =>
  queryOptions({
    queryKey: approvalKeys.pending(vendorId, search),
    queryFn: () =>
      call(approvalCalls.pending, { query: { entityType: 'WORKER' as const, search: search || undefined, vendorId } }),
    placeholderData: keepPreviousData,
  });

export interface DecisionInput {
  worker: PendingWorkerApproval;
  status: ApprovalDecision;
  /** Rupees as typed in the Modify box; absent for a plain Accept or a rejection. */
  monthlySalary?: string;
}

/** The decision call carries entityId, entityType, status and modifiedFields (spec 3). */
export const decideWorker = ({ worker, status, monthlySalary }: DecisionInput, vendorId: string | null) =>
  call(approvalCalls.decide, { body: {
      entityId: worker.employeeId,
      entityType: 'WORKER' as const,
      status,
      modifiedFields: monthlySalary === undefined ? {} : { currentMonthlySalary: monthlySalary.trim() },
    }, query: vendorId ? { vendorId } : undefined });
