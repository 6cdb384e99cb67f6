/** EWA request calls (issue 13, decision 0024): entity type TRANSACTION of the approval calls (spec 7). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApprovalDecision, PendingTransactionApproval, PendingTransactionApprovalsResult, TransactionDecisionResult } from '@portal/domain';
import { api } from '../../shared/api/client';
import { ewaRequestKeys } from '../../shared/api/query-keys';

export type { PendingTransactionApproval };

export { ewaRequestKeys } from '../../shared/api/query-keys';

export const pendingRequestsQuery = (vendorId: string | null, search: string) =>
  queryOptions({
    queryKey: ewaRequestKeys.pending(vendorId, search),
    queryFn: () =>
      api.get<PendingTransactionApprovalsResult>('/employer-admin/employer-approval/pending-approvals', {
        entityType: 'TRANSACTION',
        search: search || undefined,
        vendorId,
      }),
    placeholderData: keepPreviousData,
  });

export interface RequestDecision {
  request: PendingTransactionApproval;
  status: ApprovalDecision;
}

/** The decision call carries entityId, entityType, status and modifiedFields (spec 3); an advance has nothing to modify. */
export const decideRequest = ({ request, status }: RequestDecision, vendorId: string | null) =>
  api.put<TransactionDecisionResult>(
    '/employer-admin/employer-approval/update-request',
    { entityId: request.entityId, entityType: 'TRANSACTION', status, modifiedFields: {} },
    vendorId ? { vendorId } : undefined,
  );
