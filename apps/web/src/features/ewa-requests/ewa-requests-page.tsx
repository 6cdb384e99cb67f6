import { Link } from 'react-router';
import { Anchor, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { EWA_REQUEST_MSG, formatDateTimeIst, formatRupees, type ApprovalDecision } from '@portal/domain';
import { DecisionPage, decisionList, type Confirmation } from '../../shared/ui/decision-page';
import { decideRequest, ewaRequestKeys, pendingRequestsQuery, type PendingTransactionApproval } from './api';

const NA = 'NA';

const profileLink = (r: PendingTransactionApproval, vendorId: string | null) => {
  const q = new URLSearchParams({ empId: r.employeeId, employerEmployeeId: r.employersWorkerId });
  if (vendorId) q.set('vendorId', vendorId);
  return `${vendorId ? '/vendors/employeeProfile' : '/employeeProfile'}?${q.toString()}`;
};

const confirmation = (r: PendingTransactionApproval, status: ApprovalDecision): Confirmation => ({
  title: status === 'REJECTED' ? 'Reject request' : 'Approve request',
  text: (
    <>
      {status === 'APPROVED' ? 'Approve' : 'Reject'} the request of {r.fullName} ({r.employersWorkerId}) for {formatRupees(r.amount)}?{' '}
      {status === 'APPROVED' ? 'The worker\'s limits are then checked again and the advance is transferred; it appears on Transactions once transferred.' : 'The worker will see that you rejected it.'}
    </>
  ),
  button: status === 'APPROVED' ? 'Approve' : 'Reject',
  color: status === 'APPROVED' ? 'green' : 'red',
});

const EWA_REQUESTS = decisionList({
  area: 'TRANSACTIONS',
  title: 'EWA Requests',
  description: 'Advance requests of your workers that wait for your approval before the money is sent.',
  label: 'Pending EWA requests',
  listQuery: pendingRequestsQuery,
  listsKey: ewaRequestKeys.pendingLists(),
  rowKey: (r) => r.entityId,
  nameOf: (r) => r.fullName,
  columns: (vendorId) => [
    {
      key: 'fullName',
      header: 'Name',
      render: (r) =>
        r.workerType === 'EMPLOYEE' ? (
          <Anchor component={Link} to={profileLink(r, vendorId)} size="sm" fw={500}>
            {r.fullName}
          </Anchor>
        ) : (
          <Text span size="sm" fw={500}>
            {r.fullName}
          </Text>
        ),
    },
    { key: 'employersWorkerId', header: 'Employee ID', nowrap: true, render: (r) => r.employersWorkerId || NA },
    { key: 'amount', header: 'Amount', align: 'right', render: (r) => formatRupees(r.amount) },
    { key: 'dateRequested', header: 'Requested', render: (r) => formatDateTimeIst(r.dateRequested) },
    {
      key: 'availableNow',
      header: 'Available Now',
      align: 'right',
      render: (r) => (r.isWithdrawalAllowed ? formatRupees(r.availableNow) : <Text span size="sm" c="dimmed">Not Allowed</Text>),
    },
  ],
  actions: [
    {
      label: 'Approve',
      color: 'green',
      icon: <IconCheck size={14} stroke={2} aria-hidden />,
      then: 'confirm',
      input: (request) => ({ request, status: 'APPROVED' }),
      confirm: (r) => confirmation(r, 'APPROVED'),
    },
    {
      label: 'Reject',
      variant: 'subtle',
      color: 'red',
      icon: <IconX size={14} stroke={2} aria-hidden />,
      then: 'confirm',
      input: (request) => ({ request, status: 'REJECTED' }),
      confirm: (r) => confirmation(r, 'REJECTED'),
    },
  ],
  decide: decideRequest,
  done: (result) => (result.status === 'APPROVED' ? EWA_REQUEST_MSG.approved(result.fullName) : EWA_REQUEST_MSG.rejected(result.fullName)),
});

/**
 * EWA Requests (issue 13, decision 0024): the advances waiting for the employer's approval, with a
 * search (500 ms debounce, kept in the URL): worker, Employee ID, amount, when requested and what
 * the worker can still withdraw now. Approve and Reject, each behind a confirmation, for admins with
 * WRITE on transactions (the vendor resource with a vendorId); "{name} approved!" / "{name}
 * rejected!" on success, a dialog with the server's message on failure. Only when the employer
 * config enables approval. The decision page (`DecisionPage`) with EWA Requests' configuration.
 */
export function EwaRequestsPage() {
  return <DecisionPage config={EWA_REQUESTS} />;
}
