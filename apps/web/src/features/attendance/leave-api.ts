/** Leave calls (issue 13): the leave sheet uploads with the leave they recorded. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ATTENDANCE_PAGE_SIZE, documentCalls } from '@portal/domain';
import { call } from '../../shared/api/client';
import { leaveKeys } from '../../shared/api/query-keys';

/** The list refreshes itself this often while one of its rows is being processed. */
export const LEAVE_REFRESH_MS = 1500;

export const leaveListQuery = (vendorId: string | null, page: number) =>
  queryOptions({
    queryKey: leaveKeys.list(vendorId, page),
    queryFn: () => call(documentCalls.leave, { query: { pageNumber: page, limit: ATTENDANCE_PAGE_SIZE, ...(vendorId ? { vendorId } : {}) } }),
    placeholderData: keepPreviousData,
    // Coming back from an upload must show the new row at once.
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.leaves_data.some((a) => a.status === 'PROCESSING') ? LEAVE_REFRESH_MS : false),
  });
