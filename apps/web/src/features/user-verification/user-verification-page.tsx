import { useState } from 'react';

import { Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconEdit, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APPROVAL_MSG, canAccessArea } from '@portal/domain';
import { employerConfigQuery, profileQuery } from '../../shared/auth/profile';
import { ListView, PageTitle, Unauthorized, errorMessage, notifySuccess, useListState, type DataTableColumn } from '../../shared/ui';
import { approvalKeys, decideWorker, pendingWorkersQuery, type DecisionInput, type PendingWorkerApproval } from './api';
import { NA, salaryText, tableDate } from './format';
import { SalaryModal } from './salary-modal';
import { useVendorId } from '../../shared/auth/vendor-context';

const SEARCH_LABEL = 'Search by Name, Worker ID or Mobile';
const MAX_SEARCH = 100;

type Dialog =
  | { kind: 'none' }
  | { kind: 'modify'; worker: PendingWorkerApproval }
  | { kind: 'reject'; worker: PendingWorkerApproval }
  | { kind: 'failed'; title: string; message: string };

/**
 * User Verification (spec 2.17, 4.7, 5.4, 8): the workers waiting for approval, with a search
 * (500 ms debounce, kept in the URL), and per row Accept, Modify (monthly salary, then approve) and
 * Reject for admins with WRITE. "{name} approved!" / "rejected!" on success; a failure opens a dialog
 * with the server's message. Only when the employer config enables approval (spec 2.2, 6).
 */
export function UserVerificationPage() {
  const queryClient = useQueryClient();
  const vendorId = useVendorId();
  // One list, not paged: the search is its only state in the URL.
  const state = useListState({});
  const search = state.search;
  const resources = useQuery(profileQuery()).data?.resources;
  const canRead = canAccessArea(resources, 'EMPLOYEES', 'READ', vendorId !== null);
  const canWrite = canAccessArea(resources, 'EMPLOYEES', 'WRITE', vendorId !== null);
  const config = useQuery(employerConfigQuery());
  const enabled = Boolean(config.data?.isEmployeeApprovalEnabled);

  const list = useQuery({ ...pendingWorkersQuery(vendorId, search), enabled: canRead && enabled });
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });

  const decide = useMutation({
    mutationFn: (input: DecisionInput) => decideWorker(input, vendorId),
    onSuccess: (result) => {
      setDialog({ kind: 'none' });
      notifySuccess(result.status === 'APPROVED' ? APPROVAL_MSG.approved(result.fullName) : APPROVAL_MSG.rejected);
    },
    onError: (error, input) => {
      setDialog({ kind: 'failed', title: input.status === 'APPROVED' ? 'Approval failed' : 'Rejection failed', message: errorMessage(error) });
    },
    // A failure (e.g. decided meanwhile by someone else) also refreshes the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalKeys.pendingLists() }),
  });

  if (config.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading">
        <Loader />
      </Center>
    );
  }
  if (!enabled || !canRead) return <Unauthorized />;

  const busyWith = (w: PendingWorkerApproval) => decide.isPending && decide.variables?.worker.employeeId === w.employeeId;

  const columns: DataTableColumn<PendingWorkerApproval>[] = [
    { key: 'fullName', header: 'Full Name', render: (w) => <Text span size="sm" fw={500}>{w.fullName}</Text> },
    { key: 'employersWorkerId', header: 'Employee ID', nowrap: true, render: (w) => w.employersWorkerId || NA },
    { key: 'currentMonthlySalary', header: 'Monthly Salary', align: 'right', render: (w) => salaryText(w.currentMonthlySalary) },
    { key: 'dateRequested', header: 'Date Requested', render: (w) => tableDate(w.dateRequested) },
    { key: 'joinedAt', header: 'Joining Date', render: (w) => tableDate(w.joinedAt) },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      render: (w) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            color="green"
            leftSection={<IconCheck size={14} stroke={2} aria-hidden />}
            aria-label={`Accept ${w.fullName}`}
            loading={busyWith(w) && decide.variables?.status === 'APPROVED' && decide.variables.monthlySalary === undefined}
            disabled={decide.isPending}
            onClick={() => decide.mutate({ worker: w, status: 'APPROVED' })}
          >
            Accept
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEdit size={14} stroke={1.8} aria-hidden />}
            aria-label={`Modify ${w.fullName}`}
            disabled={decide.isPending}
            onClick={() => setDialog({ kind: 'modify', worker: w })}
          >
            Modify
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconX size={14} stroke={2} aria-hidden />}
            aria-label={`Reject ${w.fullName}`}
            disabled={decide.isPending}
            onClick={() => setDialog({ kind: 'reject', worker: w })}
          >
            Reject
          </Button>
        </Group>
      ),
    });
  }

  const rows = list.data?.data;
  return (
    <Stack gap="lg">
      <PageTitle title="Pending workers" description="Workers who signed up and wait for your approval before they can withdraw." />
      <ListView<PendingWorkerApproval>
        label="Pending workers"
        state={state}
        columns={columns}
        rows={rows}
        rowKey={(w) => w.employeeId}
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

      {dialog.kind === 'modify' ? (
        <SalaryModal
          worker={dialog.worker}
          pending={decide.isPending}
          onCancel={() => setDialog({ kind: 'none' })}
          onApprove={(monthlySalary) => decide.mutate({ worker: dialog.worker, status: 'APPROVED', monthlySalary })}
        />
      ) : null}

      <Modal
        opened={dialog.kind === 'reject'}
        onClose={() => !decide.isPending && setDialog({ kind: 'none' })}
        title="Reject worker"
        closeButtonProps={{ 'aria-label': 'Close' }}
        styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {dialog.kind === 'reject' ? (
          <Stack gap="md">
            <Text>
              Reject {dialog.worker.fullName} ({dialog.worker.employersWorkerId})? They will not be able to withdraw.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setDialog({ kind: 'none' })} disabled={decide.isPending}>
                Cancel
              </Button>
              <Button color="red" loading={decide.isPending} onClick={() => decide.mutate({ worker: dialog.worker, status: 'REJECTED' })}>
                Reject
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
        styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
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
