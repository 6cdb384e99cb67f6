/** EWA request calls (issue 13, decision 0024): entity type TRANSACTION of the approval calls (spec 7). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { approvalCalls } from '@portal/domain';
import type { ApprovalDecision, PendingTransactionApproval,} from '@portal/domain';
import { call } from '../../shared/api/client';
import { ewaRequestKeys } from '../../shared/api/query-keys';

export type { PendingTransactionApproval };

export { ewaRequestKeys } from '../../shared/api/query-keys';

export const pendingRequestsQuery = (vendorId: string | null, search: string) =>
  queryOptions({
    queryKey: ewaRequestKeys.pending(vendorId, search),
    queryFn: () =>
      call(approvalCalls.pending, { query: {
        entityType: 'TRANSACTION' as const,
        search: search || undefined,
        vendorId,
      } }),
    placeholderData: keepPreviousData,
  });

export interface RequestDecision {
  request: PendingTransactionApproval;
  status: ApprovalDecision;
}

/** The decision call carries entityId, entityType, status and modifiedFields (spec 3); an advance has nothing to modify. */
export const decideRequest = ({ request, status }: RequestDecision, vendorId: string | null) =>
  call(approvalCalls.decide, { body: { entityId: request.entityId, entityType: 'TRANSACTION' as const, status, modifiedFields: {} }, query: vendorId ? { vendorId } : undefined });
