import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EWA_REQUEST_MSG, canAccessArea, formatDateTimeIst, formatRupees, type ApprovalDecision } from '@portal/domain';
import { employerConfigQuery, profileQuery } from '../../shared/auth/profile';
import { ListView, PageTitle, Unauthorized, errorMessage, notifySuccess, useListState, type DataTableColumn } from '../../shared/ui';
import { decideRequest, ewaRequestKeys, pendingRequestsQuery, type PendingTransactionApproval, type RequestDecision } from './api';
import { useVendorId } from '../../shared/auth/vendor-context';

const SEARCH_LABEL = 'Search by Name, Worker ID or Mobile';
const MAX_SEARCH = 100;
const NA = 'NA';

type Dialog =
  | { kind: 'none' }
  | { kind: 'confirm'; request: PendingTransactionApproval; status: ApprovalDecision }
  | { kind: 'failed'; title: string; message: string };

const modalStyles = { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } };

/**
 * EWA Requests (issue 13, decision 0024): the advances waiting for the employer's approval, with a
 * search (500 ms debounce, kept in the URL): worker, Employee ID, amount, when requested and what
 * the worker can still withdraw now. Approve and Reject, each behind a confirmation, for admins with
 * WRITE on transactions (the vendor resource with a vendorId); "{name} approved!" / "{name}
 * rejected!" on success, a dialog with the server's message on failure. Only when the employer
 * config enables approval.
 */
export function EwaRequestsPage() {
  const queryClient = useQueryClient();
  const vendorId = useVendorId();
  // One list, not paged: the search is its only state in the URL.
  const state = useListState({});
  const search = state.search;
  const resources = useQuery(profileQuery()).data?.resources;
  const canRead = canAccessArea(resources, 'TRANSACTIONS', 'READ', vendorId !== null);
  const canWrite = canAccessArea(resources, 'TRANSACTIONS', 'WRITE', vendorId !== null);
  const config = useQuery(employerConfigQuery());
  const enabled = Boolean(config.data?.isEmployeeApprovalEnabled);

  const list = useQuery({ ...pendingRequestsQuery(vendorId, search), enabled: canRead && enabled });
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });

  const decide = useMutation({
    mutationFn: (input: RequestDecision) => decideRequest(input, vendorId),
    onSuccess: (result) => {
      setDialog({ kind: 'none' });
      notifySuccess(result.status === 'APPROVED' ? EWA_REQUEST_MSG.approved(result.fullName) : EWA_REQUEST_MSG.rejected(result.fullName));
    },
    onError: (error, input) => {
      setDialog({ kind: 'failed', title: input.status === 'APPROVED' ? 'Approval failed' : 'Rejection failed', message: errorMessage(error) });
    },
    // A failure (e.g. decided meanwhile by someone else) also refreshes the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ewaRequestKeys.pendingLists() }),
  });

  if (config.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading">
        <Loader />
      </Center>
    );
  }
  if (!enabled || !canRead) return <Unauthorized />;

  const profileLink = (r: PendingTransactionApproval) => {
    const q = new URLSearchParams({ empId: r.employeeId, employerEmployeeId: r.employersWorkerId });
    if (vendorId) q.set('vendorId', vendorId);
    return `${vendorId ? '/vendors/employeeProfile' : '/employeeProfile'}?${q.toString()}`;
  };

  const columns: DataTableColumn<PendingTransactionApproval>[] = [
    {
      key: 'fullName',
      header: 'Name',
      render: (r) =>
        r.workerType === 'EMPLOYEE' ? (
          <Anchor component={Link} to={profileLink(r)} size="sm" fw={500}>
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
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            color="green"
            leftSection={<IconCheck size={14} stroke={2} aria-hidden />}
            aria-label={`Approve ${r.fullName}`}
            disabled={decide.isPending}
            onClick={() => setDialog({ kind: 'confirm', request: r, status: 'APPROVED' })}
          >
            Approve
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconX size={14} stroke={2} aria-hidden />}
            aria-label={`Reject ${r.fullName}`}
            disabled={decide.isPending}
            onClick={() => setDialog({ kind: 'confirm', request: r, status: 'REJECTED' })}
          >
            Reject
          </Button>
        </Group>
      ),
    });
  }

  const rows = list.data?.data;
  const confirming = dialog.kind === 'confirm' ? dialog : null;
  return (
    <Stack gap="lg">
      <PageTitle title="EWA Requests" description="Advance requests of your workers that wait for your approval before the money is sent." />
      <ListView<PendingTransactionApproval>
        label="Pending EWA requests"
        state={state}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.entityId}
        loading={list.isPending}
        error={list.isError ? errorMessage(list.error) : null}
        search={{ label: SEARCH_LABEL, maxLength: MAX_SEARCH, width: 380 }}
        toolbarEnd={
          rows ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {rows.length} pending
            </Text>
          ) : null
        }
      />

      <Modal
        opened={confirming !== null}
        onClose={() => !decide.isPending && setDialog({ kind: 'none' })}
        title={confirming?.status === 'REJECTED' ? 'Reject request' : 'Approve request'}
        closeButtonProps={{ 'aria-label': 'Close' }}
        styles={modalStyles}
      >
        {confirming ? (
          <Stack gap="md">
            <Text>
              {confirming.status === 'APPROVED' ? 'Approve' : 'Reject'} the request of {confirming.request.fullName} ({confirming.request.employersWorkerId}) for{' '}
              {formatRupees(confirming.request.amount)}?{' '}
              {confirming.status === 'APPROVED' ? 'The worker\'s limits are then checked again and the advance is transferred; it appears on Transactions once transferred.' : 'The worker will see that you rejected it.'}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setDialog({ kind: 'none' })} disabled={decide.isPending}>
                Cancel
              </Button>
              <Button
                color={confirming.status === 'APPROVED' ? 'green' : 'red'}
                loading={decide.isPending}
                onClick={() => decide.mutate({ request: confirming.request, status: confirming.status })}
              >
                {confirming.status === 'APPROVED' ? 'Approve' : 'Reject'}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>

      <Modal
        opened={dialog.kind === 'failed'}
        onClose={() => setDialog({ kind: 'none' })}
        title={dialog.kind === 'failed' ? dialog.title : ''}
        closeButtonProps={{ 'aria-label': 'Close' }}
        styles={modalStyles}
      >
        {dialog.kind === 'failed' ? (
          <Stack gap="md">
            <Text role="alert">{dialog.message}</Text>
            <Group justify="flex-end">
              <Button onClick={() => setDialog({ kind: 'none' })}>OK</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
